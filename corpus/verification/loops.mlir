// Loops with constant trip counts are unrolled completely; input-dependent
// ones at most --unroll times, and then the answer is bounded (UNKNOWN),
// never SAFE. Violations within the bound are reported.
// SPEC: [verify.bound], [verify.induction]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --unroll 8 --function leak_at_six %s 2>/dev/null | FileCheck %s --check-prefix=UNROLL8
// RUN: not dealloc-verify --json --function leak_at_six %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: not dealloc-verify --json --function constant_trip_count_1025 %s 2>/dev/null | FileCheck %s --check-prefix=JSON-BIG
// RUN: not dealloc-verify --unroll 2000 --function constant_trip_count_1025 %s 2>/dev/null | FileCheck %s --check-prefix=UNROLL2000

// CHECK-LABEL: @constant_trip_count: SAFE
func.func @constant_trip_count() {
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %s = arith.constant 1 : index
  scf.for %i = %lb to %ub step %s {
    %a = memref.alloc() : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Proved for every trip count by induction ([verify.induction]).
// CHECK-LABEL: @symbolic_trip_count: SAFE
func.func @symbolic_trip_count(%n: index) {
  %lb = arith.constant 0 : index
  %s = arith.constant 1 : index
  scf.for %i = %lb to %n step %s {
    %a = memref.alloc() : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The leak needs 6 iterations: bounded at 4, found at 8.
// CHECK-LABEL: @leak_at_six: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5 iterates more
// JSON: {"bound":4,"clause":"[verify.bound]","function":"leak_at_six","input":"5"
// JSON-SAME: "verdict":"UNKNOWN"
// UNROLL8: @leak_at_six: LEAK on input 6 (
// UNROLL8: replayed by dealloc-run: LEAK
func.func @leak_at_six(%n: index) {
  %lb = arith.constant 0 : index
  %s = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %lb to %n step %s {
    %a = memref.alloc() : memref<2xf32>
    %last = arith.cmpi eq, %i, %c5 : index
    scf.if %last {
    } else {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// CHECK-LABEL: @leak_in_loop: LEAK on input 1 (
func.func @leak_in_loop(%n: index) {
  %lb = arith.constant 0 : index
  %s = arith.constant 1 : index
  scf.for %i = %lb to %n step %s {
    %a = memref.alloc() : memref<2xf32>
  }
  return
}

// scf.while with an input-dependent condition: its counter grows every
// iteration, so it is proved by induction ([verify.induction]).
// CHECK-LABEL: @while_loop: SAFE
func.func @while_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %a = memref.alloc() : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  return
}

// A loop with constant bounds beyond 1024 iterations that induction does
// not prove (its last iteration leaks): bounded at 1024 (not at --unroll's
// 4), with the empty input quoted; --unroll above 1024 raises the limit and
// the loop is encoded completely, leak included.
// CHECK-LABEL: @constant_trip_count_1025: UNKNOWN (bounded: no violation with loops unrolled 1024 times, but input "" iterates more (loop bound 1024 reached ([verify.bound]))
// JSON-BIG: {"bound":1024,"clause":"[verify.bound]","function":"constant_trip_count_1025","input":"",
// UNROLL2000: @constant_trip_count_1025: LEAK on input ""
func.func @constant_trip_count_1025() {
  %lb = arith.constant 0 : index
  %ub = arith.constant 1025 : index
  %s = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %lb to %ub step %s {
    %a = memref.alloc() : memref<2xf32>
    %last = arith.cmpi eq, %i, %c1024 : index
    scf.if %last {
    } else {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// Constant bounds, five million iterations: proved by induction
// ([verify.induction]) instead of being cut at 1024.
// CHECK-LABEL: @constant_trip_count_5000000: SAFE
func.func @constant_trip_count_5000000() {
  %lb = arith.constant 0 : index
  %ub = arith.constant 5000000 : index
  %s = arith.constant 1 : index
  scf.for %i = %lb to %ub step %s {
    %a = memref.alloc() : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
  }
  return
}
