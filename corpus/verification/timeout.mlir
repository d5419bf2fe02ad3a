// --timeout MS bounds each solver query; a function whose question is not
// decided in time is UNKNOWN naming the timeout (exit code 2), never SAFE
// and never a violation. @factor leaks iff the 128-bit product of its
// arguments (both at least 2, multiplied from 32-bit halves) is the prime
// 2^127-1. Proving that no input leaks means proving that this prime has no
// such factors: `dealloc-verify --timeout 60000` still answers UNKNOWN after
// a minute, so a timeout of 1 or 300 ms is orders of magnitude too short on
// any machine, under any load.
// SPEC: [verify.timeout]
//
// RUN: not dealloc-verify --timeout 1 %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --timeout 1 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DIAG
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--timeout','1','%s'],stderr=subprocess.DEVNULL,stdout=subprocess.DEVNULL) != 2)"
// RUN: not dealloc-verify --timeout 1 --json --function factor %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// With a timeout 300 times longer the answer is the same:
// RUN: not dealloc-verify --timeout 300 --function factor %s 2>/dev/null | FileCheck %s --check-prefix=LONGER
// --equiv: telling @factor from a version that always frees is factoring too.
// RUN: sed 's/scf.if %leak {/scf.if %false {/' %s > %t.frees.mlir
// RUN: not dealloc-verify --timeout 1 --equiv --function factor %s %t.frees.mlir 2>/dev/null | FileCheck %s --check-prefix=EQUIV
// --function-timeout MS bounds the check of one function as a whole (its
// encoding and all its queries): without a limit per query (--timeout 0),
// the function's budget still ends the search.
// RUN: not dealloc-verify --timeout 0 --function-timeout 300 %s 2>/dev/null | FileCheck %s --check-prefix=BUDGET
// RUN: not dealloc-verify --timeout 0 --function-timeout 300 --json %s 2>/dev/null | FileCheck %s --check-prefix=BUDGET-JSON
// RUN: not dealloc-verify --timeout 0 --function-timeout 300 --equiv --function factor %s %t.frees.mlir 2>/dev/null | FileCheck %s --check-prefix=BUDGET
// BUDGET: @factor: UNKNOWN (timeout after 300 ms for the function (--function-timeout) ([verify.timeout]))
// BUDGET-JSON: {"clause":"[verify.timeout]","function":"factor","message":"timeout after 300 ms for the function (--function-timeout)",{{.*}}"verdict":"UNKNOWN"}

// CHECK: @factor: UNKNOWN (timeout after 1 ms
// CHECK-NOT: SAFE
// DIAG: warning: @factor: UNKNOWN (timeout after 1 ms
// JSON: {"clause":"[verify.timeout]","function":"factor","message":"timeout after 1 ms","seconds":{{[0-9]+\.[0-9]+}},"verdict":"UNKNOWN"}
// LONGER: @factor: UNKNOWN (timeout after 300 ms
// EQUIV: @factor: UNKNOWN (timeout after 1 ms

func.func @factor(%x: i64, %y: i64) {
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i64
  %lo32 = arith.constant 4294967295 : i64
  // 2^127 - 1 = hi * 2^64 + lo
  %n_hi = arith.constant 9223372036854775807 : i64
  %n_lo = arith.constant -1 : i64
  %false = arith.constant false
  %a = memref.alloc() {dealloc.site = 1 : i64} : memref<2xf32>
  // The 128-bit product x * y, from 32-bit halves.
  %xh = arith.shrui %x, %c32 : i64
  %xl = arith.andi %x, %lo32 : i64
  %yh = arith.shrui %y, %c32 : i64
  %yl = arith.andi %y, %lo32 : i64
  %ll = arith.muli %xl, %yl : i64
  %hl = arith.muli %xh, %yl : i64
  %lh = arith.muli %xl, %yh : i64
  %hh = arith.muli %xh, %yh : i64
  %mid = arith.addi %hl, %lh : i64
  %mid_carry = arith.cmpi ult, %mid, %hl : i64
  %mid_lo = arith.shli %mid, %c32 : i64
  %lo = arith.addi %ll, %mid_lo : i64
  %lo_carry = arith.cmpi ult, %lo, %ll : i64
  %mid_hi = arith.shrui %mid, %c32 : i64
  %mc = arith.extui %mid_carry : i1 to i64
  %mc_hi = arith.shli %mc, %c32 : i64
  %lc = arith.extui %lo_carry : i1 to i64
  %h1 = arith.addi %hh, %mid_hi : i64
  %h2 = arith.addi %h1, %mc_hi : i64
  %hi = arith.addi %h2, %lc : i64
  %hi_ok = arith.cmpi eq, %hi, %n_hi : i64
  %lo_ok = arith.cmpi eq, %lo, %n_lo : i64
  %x_big = arith.cmpi ugt, %x, %c1 : i64
  %y_big = arith.cmpi ugt, %y, %c1 : i64
  %k1 = arith.andi %hi_ok, %lo_ok : i1
  %k2 = arith.andi %k1, %x_big : i1
  %leak = arith.andi %k2, %y_big : i1
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
