// Equivalence for every trip count of loops whose iterations allocate
// input-program buffers ([equiv.loops]): each version's loop is proved by
// induction, and a relational invariant between the two versions' loop
// headers (same site counts, each live matched buffer represented in both,
// each matched buffer freed in the same interval) is proved by induction
// over both iterations run in lock step. Where that fails on a pair of
// headers the versions may free differently from, the exact encoding is
// asked again with the unroll bound raised (16, 64): a difference after
// more iterations than --unroll is DIFFERENT, replayed by dealloc-run.
// SPEC: [equiv.loops]
//
// Upstream's pipeline against the reference pipeline (printed without
// locations, [equiv.match]):
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-verify --equiv --solver-stats --function swap_alloc %t.up.mlir %t.ref.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
//
// Hand-written pairs: B frees the previous iteration's buffer in another
// interval in the 7th (6th) iteration only; in @same_by_hand through other
// control flow in the same interval.
// RUN: not dealloc-verify --equiv %S/Inputs/equiv-loop-pairs-a.mlir %S/Inputs/equiv-loop-pairs-b.mlir | FileCheck %s --check-prefix=PAIRS
// The distinguishing input, replayed with each run's buffer events
// (dealloc-run --events): B frees buffer #7 after allocating #8.
// RUN: dealloc-run --all-inputs --events --function late_free --input 7 %S/Inputs/equiv-loop-pairs-a.mlir | FileCheck %s --check-prefix=EVA
// RUN: dealloc-run --all-inputs --events --function late_free --input 7 %S/Inputs/equiv-loop-pairs-b.mlir | FileCheck %s --check-prefix=EVB

// PIPE: @carry_alloc: EQUIVALENT
// PIPE-NEXT: @swap_alloc: EQUIVALENT
// PIPE-NEXT: @while_alloc: EQUIVALENT
// PIPE-NEXT: @scratch: EQUIVALENT
// PIPE-NEXT: @affine_scratch: EQUIVALENT
// PIPE-NEXT: @two_loops: EQUIVALENT

// STATS: stats: @swap_alloc: equivalence: EQUIVALENT in {{.*}}; loops proved by induction: 2; loop pairs related: 1

// PAIRS: @late_free: DIFFERENT on input 7 (a buffer of site the 2nd allocation of @late_free (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// PAIRS-NEXT: @while_late: DIFFERENT on input 6 (a buffer of site the 2nd allocation of @while_late (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// PAIRS-NEXT: @same_by_hand: EQUIVALENT

// EVA: @late_free(7): SAFE
// EVA-NEXT: @late_free(7) events: alloc #1; free #1; alloc #2; {{.*}} free #7; alloc #8; free #8;
// EVB: @late_free(7): SAFE
// EVB-NEXT: @late_free(7) events: alloc #1; free #1; alloc #2; {{.*}} alloc #8; free #7; free #8;

// An iter_arg replaced by a new buffer every iteration.
func.func @carry_alloc(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// Two iter_args swapped, a new buffer each iteration.
func.func @swap_alloc(%n: index, %a: memref<2xf32>, %b: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xf32>, memref<2xf32>) {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %x, %0 : memref<2xf32> to memref<2xf32>
    scf.yield %y, %0 : memref<2xf32>, memref<2xf32>
  }
  return %r#0, %r#1 : memref<2xf32>, memref<2xf32>
}

func.func @while_alloc(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%x = %a, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %x, %i : memref<2xf32>, index
  } do {
  ^bb0(%y: memref<2xf32>, %j: index):
    %b = memref.alloc() : memref<2xf32>
    memref.copy %y, %b : memref<2xf32> to memref<2xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %b, %k : memref<2xf32>, index
  }
  return %r#0 : memref<2xf32>
}

// A temporary per iteration, freed in it.
func.func @scratch(%n: index, %arg: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<2xf32>
    memref.copy %arg, %t : memref<2xf32> to memref<2xf32>
    memref.copy %t, %arg : memref<2xf32> to memref<2xf32>
  }
  return
}

func.func @affine_scratch(%n: index, %arg: memref<2xf32>) {
  affine.for %i = 0 to %n {
    %t = memref.alloc() : memref<2xf32>
    memref.copy %arg, %t : memref<2xf32> to memref<2xf32>
  }
  return
}

// Two allocating loops one after the other: the second's entry relation
// follows from the first's exit.
func.func @two_loops(%n: index, %m: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  %s = scf.for %i = %c0 to %m step %c1 iter_args(%x = %r) -> memref<2xf32> {
    %t = memref.alloc() : memref<2xf32>
    memref.copy %x, %t : memref<2xf32> to memref<2xf32>
    scf.yield %x : memref<2xf32>
  }
  return %s : memref<2xf32>
}
