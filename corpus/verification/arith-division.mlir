// Signed division rounds as dealloc-run's: floordivsi toward minus infinity,
// ceildivsi and ceildivui toward plus infinity; division and remainder by
// zero and MIN / -1 (also for remsi, floordivsi, ceildivsi) stop the run as
// undefined behaviour, in both tools.
// SPEC: [op.arith.ub], [verify.verdict]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// dealloc-run agrees on the inputs the encoding names:
// RUN: not dealloc-run --strict-ub %s --function remsi_overflow --input=-128,-1 2>/dev/null | FileCheck %s --check-prefix=REM
// RUN: not dealloc-run --strict-ub %s --function floor_ceil_differ --input=-2147483648,-1 2>/dev/null | FileCheck %s --check-prefix=FLOOR
// RUN: not dealloc-run --strict-ub %s --function floordiv_leak --input=-4 2>/dev/null | FileCheck %s --check-prefix=LEAK
// RUN: dealloc-run --strict-ub %s --function floordiv_leak --input=-5 2>/dev/null | FileCheck %s --check-prefix=NOLEAK

// The quotients of -7, 7 by 2, -2 under both roundings.
// CHECK-LABEL: @rounding: SAFE
func.func @rounding(%x: i1) {
  %m = memref.alloc() : memref<2xf32>
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %a2 = arith.constant 7 : i32
  %b2 = arith.constant -2 : i32
  %q = arith.floordivsi %a, %b : i32
  %c = arith.ceildivsi %a, %b : i32
  %q2 = arith.floordivsi %a2, %b2 : i32
  %c2 = arith.ceildivsi %a2, %b2 : i32
  %q3 = arith.floordivsi %a2, %b : i32
  %c3 = arith.ceildivsi %a2, %b : i32
  %q4 = arith.floordivsi %a, %b2 : i32
  %c4 = arith.ceildivsi %a, %b2 : i32
  %m4 = arith.constant -4 : i32
  %m3 = arith.constant -3 : i32
  %p3 = arith.constant 3 : i32
  %p4 = arith.constant 4 : i32
  %e1 = arith.cmpi eq, %q, %m4 : i32
  %e2 = arith.cmpi eq, %c, %m3 : i32
  %e3 = arith.cmpi eq, %q2, %m4 : i32
  %e4 = arith.cmpi eq, %c2, %m3 : i32
  %e5 = arith.cmpi eq, %q3, %p3 : i32
  %e6 = arith.cmpi eq, %c3, %p4 : i32
  %e7 = arith.cmpi eq, %q4, %p3 : i32
  %e8 = arith.cmpi eq, %c4, %p4 : i32
  %a1 = arith.andi %e1, %e2 : i1
  %a3 = arith.andi %e3, %e4 : i1
  %a5 = arith.andi %e5, %e6 : i1
  %a7 = arith.andi %e7, %e8 : i1
  %b1 = arith.andi %a1, %a3 : i1
  %b2x = arith.andi %a5, %a7 : i1
  %all = arith.andi %b1, %b2x : i1
  scf.if %all {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// ceildivsi - floordivsi is 1 exactly where the remainder is not zero.
// CHECK-LABEL: @floor_ceil_differ: UNKNOWN (input -2147483648,-1 reaches undefined behaviour in arith.floordivsi
// FLOOR: @floor_ceil_differ: UNKNOWN{{.*}}signed division overflow
func.func @floor_ceil_differ(%a: i32, %b: i32) {
  %m = memref.alloc() : memref<2xf32>
  %z = arith.constant 0 : i32
  %bz = arith.cmpi eq, %b, %z : i32
  scf.if %bz {
    memref.dealloc %m : memref<2xf32>
  } else {
    %q = arith.floordivsi %a, %b : i32
    %c = arith.ceildivsi %a, %b : i32
    %d = arith.subi %c, %q : i32
    %one = arith.constant 1 : i32
    // d is 0 if exact, 1 otherwise
    %r = arith.remsi %a, %b : i32
    %ex = arith.cmpi eq, %r, %z : i32
    %exi = arith.extui %ex : i1 to i32
    %s = arith.addi %d, %exi : i32
    %ok = arith.cmpi eq, %s, %one : i32
    scf.if %ok {
      memref.dealloc %m : memref<2xf32>
    }
  }
  return
}

// remsi of MIN by -1 is undefined behaviour in dealloc-run; so it is here.
// CHECK-LABEL: @remsi_overflow: UNKNOWN (input -128,-1 reaches undefined behaviour in arith.remsi
// REM: @remsi_overflow: UNKNOWN{{.*}}signed division overflow
func.func @remsi_overflow(%a: i8, %b: i8) {
  %m = memref.alloc() : memref<2xf32>
  %z = arith.constant 0 : i8
  %nz = arith.cmpi ne, %b, %z : i8
  scf.if %nz {
    %r = arith.remsi %a, %b : i8
  }
  memref.dealloc %m : memref<2xf32>
  return
}

// ceil(a / 3) is at most 85 for an unsigned i8.
// CHECK-LABEL: @ceildivui_range: SAFE
func.func @ceildivui_range(%a: i8) {
  %m = memref.alloc() : memref<2xf32>
  %three = arith.constant 3 : i8
  %q = arith.ceildivui %a, %three : i8
  %c86 = arith.constant 86 : i8
  %bad = arith.cmpi eq, %q, %c86 : i8
  scf.if %bad {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// A leak only where floordivsi(a, 4) is -1: a in -4..-1.
// CHECK-LABEL: @floordiv_leak: LEAK on input -{{[1-4]}} (
// CHECK: replayed by dealloc-run: LEAK
// LEAK: @floordiv_leak: LEAK
// NOLEAK: @floordiv_leak: SAFE
func.func @floordiv_leak(%a: i32) {
  %m = memref.alloc() : memref<2xf32>
  %four = arith.constant 4 : i32
  %q = arith.floordivsi %a, %four : i32
  %m1 = arith.constant -1 : i32
  %hit = arith.cmpi eq, %q, %m1 : i32
  scf.if %hit {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return
}
