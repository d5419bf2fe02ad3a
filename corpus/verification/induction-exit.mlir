// The code after a loop knows whether the loop ran: a memref iter_arg views
// a buffer of the loop exactly when an iteration has run, and a counted
// loop is left with its induction variable not below the upper bound. Here
// the carried buffer is freed after the loop only if the loop was entered,
// which is exactly when it is the loop's own buffer.
// SPEC: [verify.induction]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @entered: SAFE
// EXEC-LABEL: @entered: SAFE
func.func @entered(%n: index, %a: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a, %own = %false) -> (memref<2xf32>, i1) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %b, %new : memref<2xf32> to memref<2xf32>
    scf.if %own {
      memref.dealloc %b : memref<2xf32>
    }
    scf.yield %new, %true : memref<2xf32>, i1
  }
  %ran = arith.cmpi slt, %c0, %n : index
  scf.if %ran {
    memref.dealloc %r#0 : memref<2xf32>
  }
  return
}

// Two loops with the same trip count: the second frees the first one's
// buffer when it runs, so after both, freeing the result when the loops ran
// frees every buffer once.
// CHECK-LABEL: @chain: SAFE
// EXEC-LABEL: @chain: SAFE
func.func @chain(%n: index, %a: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a, %own = %false) -> (memref<2xf32>, i1) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %b, %new : memref<2xf32> to memref<2xf32>
    scf.if %own {
      memref.dealloc %b : memref<2xf32>
    }
    scf.yield %new, %true : memref<2xf32>, i1
  }
  %s:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %r#0, %own = %r#1) -> (memref<2xf32>, i1) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %b, %new : memref<2xf32> to memref<2xf32>
    scf.if %own {
      memref.dealloc %b : memref<2xf32>
    }
    scf.yield %new, %true : memref<2xf32>, i1
  }
  %ran = arith.cmpi slt, %c0, %n : index
  scf.if %ran {
    memref.dealloc %s#0 : memref<2xf32>
  }
  return
}

// Freeing the result whenever the loop exits is an invalid free of the
// argument when the loop does not run: found by the exact check.
// CHECK-LABEL: @not_entered: INVALID_FREE
// EXEC-LABEL: @not_entered: INVALID_FREE
func.func @not_entered(%n: index, %a: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a, %own = %false) -> (memref<2xf32>, i1) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %b, %new : memref<2xf32> to memref<2xf32>
    scf.if %own {
      memref.dealloc %b : memref<2xf32>
    }
    scf.yield %new, %true : memref<2xf32>, i1
  }
  memref.dealloc %r#0 : memref<2xf32>
  return
}

// A loop whose body writes a buffer with no elements (never, the write is
// unreachable) changes its contents from "not created" to an array: the
// invariant "unless ran, the contents are as at the entry" cannot be stated
// about the exit header and is not assumed there. (Stated as false, it said
// "ran" of every exit, so the runs that skip the loop, which leak %a, were
// lost: SAFE.)
// CHECK-LABEL: @zero_trip_contents: LEAK
// EXEC-LABEL: @zero_trip_contents: LEAK
func.func @zero_trip_contents(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %none = memref.alloc() : memref<0xf32>
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %never = arith.cmpi ult, %i, %c0 : index
    scf.if %never {
      memref.store %cst, %none[%i] : memref<0xf32>
    }
  }
  memref.dealloc %none : memref<0xf32>
  %skipped = arith.cmpi sle, %n, %c0 : index
  scf.if %skipped {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
