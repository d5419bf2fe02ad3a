// scf.parallel runs its iterations in lexicographic order of the induction
// variables, each followed by its scf.reduce ([op.scf.parallel]);
// dealloc-verify encodes the same order, unrolled like scf.for
// ([verify.bound]) unless a 1-D loop is proved by induction
// ([verify.induction]), and agrees with dealloc-run.
// SPEC: [op.scf.parallel] [verify.bound] [verify.induction]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY

// The reduction acc * 4 + (2 * i + j) is order-sensitive: lexicographic
// order (0,0) (0,1) (1,0) (1,1) gives 27 (column order would give 39); 27
// leaks a buffer, so both tools show the order by the verdict.
// INTERP-LABEL: @order: LEAK (1 input)
// VERIFY-LABEL: @order: LEAK on input "" (
// VERIFY: replayed by dealloc-run: LEAK
func.func @order() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) init (%z) -> index {
    %i2 = arith.muli %i, %c2 : index
    %v = arith.addi %i2, %j : index
    scf.reduce(%v : index) {
    ^bb0(%acc: index, %x: index):
      %c4 = arith.constant 4 : index
      %m = arith.muli %acc, %c4 : index
      %s = arith.addi %m, %x : index
      scf.reduce.return %s : index
    }
  }
  %c27 = arith.constant 27 : index
  %is27 = arith.cmpi eq, %r, %c27 : index
  scf.if %is27 {
    %leak = memref.alloc() : memref<2xf32>
  }
  return
}

// A scratch buffer per iteration, freed in the body: safe on every input
// dealloc-run enumerates; dealloc-verify proves it for every trip count
// (a 1-D loop, [verify.induction]).
// INTERP-LABEL: @scratch: SAFE (3 inputs)
// VERIFY-LABEL: @scratch: SAFE
func.func @scratch(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> i64 {
    %tmp = memref.alloc() : memref<1xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %tmp[%c0] : memref<1xi64>
    %x = memref.load %tmp[%c0] : memref<1xi64>
    memref.dealloc %tmp : memref<1xi64>
    scf.reduce(%x : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}

// The same in two dimensions: unrolled per dimension, so bounded (the
// induction of [verify.induction] is for 1-D loops only).
// INTERP-LABEL: @scratch_2d: SAFE (3 inputs)
// VERIFY-LABEL: @scratch_2d: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5 iterates more
func.func @scratch_2d(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i64
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c2) step (%c1, %c1) init (%z) -> i64 {
    %tmp = memref.alloc() : memref<1xi64>
    %v = arith.index_cast %j : index to i64
    memref.store %v, %tmp[%c0] : memref<1xi64>
    %x = memref.load %tmp[%c0] : memref<1xi64>
    memref.dealloc %tmp : memref<1xi64>
    scf.reduce(%x : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}

// A buffer allocated in the second iteration of the inner dimension and not
// freed: both find the leak on the same input.
// INTERP-LABEL: @leak_in_body: LEAK (
// INTERP: input: 1,2
// VERIFY-LABEL: @leak_in_body: LEAK on input 1,2 (
// VERIFY: replayed by dealloc-run: LEAK
func.func @leak_in_body(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %second = arith.cmpi eq, %j, %c1 : index
    scf.if %second {
      %a = memref.alloc() : memref<2xf32>
    }
    scf.reduce
  }
  return
}

// A non-positive step is undefined behaviour: the run stops there.
// INTERP-LABEL: @zero_step: UNKNOWN (3 inputs): scf.parallel with a non-positive step (undefined behaviour)
// VERIFY-LABEL: @zero_step: UNKNOWN (input 0 reaches scf.parallel step is not positive
func.func @zero_step(%s: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%i) = (%c0) to (%c2) step (%s) {
    scf.reduce
  }
  return
}
