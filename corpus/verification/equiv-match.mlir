// Equivalence without annotations ([equiv.match]): outputs printed without
// locations and without dealloc.site attributes are compared. A pass's
// clones and scratch buffers are compared by their effect; the input
// program's allocations are matched by structure (per function, the k-th
// allocation of a pre-order walk, where both versions have the same
// sequence of kinds and types).
// SPEC: [equiv.match]
//
// Upstream's pipeline against the reference pipeline, both printed without
// locations: decided (issue 27: `return %arg0` was UNKNOWN).
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=PIPE
// The reference pipeline's dealloc helper (scratch buffers) against upstream:
// RUN: dealloc-opt '--reference-buffer-deallocation-pipeline=helper-above=0' %s -o %t.helper.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.helper.mlir | FileCheck %s --check-prefix=PIPE
// One free removed from upstream's output (the first memref.dealloc, in
// @select_return) is a difference:
// RUN: sed '0,/memref.dealloc/{/memref.dealloc/d}' %t.up.mlir > %t.nofree.mlir
// RUN: not dealloc-verify --equiv --function select_return %t.nofree.mlir %t.ref.mlir | FileCheck %s --check-prefix=NOFREE
//
// Hand-written pairs (two files: no location is shared):
// RUN: not dealloc-verify --equiv %S/Inputs/equiv-match-a.mlir %S/Inputs/equiv-match-b.mlir | FileCheck %s --check-prefix=PAIRS

// PIPE: @return_arg: EQUIVALENT
// PIPE-NEXT: @select_return: EQUIVALENT
// PIPE-NEXT: @if_else: EQUIVALENT
// PIPE-NEXT: @loop_const: EQUIVALENT
// PIPE-NEXT: @branches: EQUIVALENT
// PIPE-NEXT: @many_frees: EQUIVALENT

// NOFREE: @select_return: DIFFERENT on input false,b0 (A: LEAK
// NOFREE-NEXT: A: LEAK
// NOFREE-NEXT: B: SAFE

// A free moved past an allocation of another type:
// PAIRS: @moved_free: DIFFERENT on input "" (a buffer of site the 1st allocation of @moved_free (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// PAIRS-NEXT: @missing_free: DIFFERENT on input false (A: returns without violation; B: LEAK
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: LEAK
// Frees reordered within one interval are not compared:
// PAIRS-NEXT: @reordered_frees: EQUIVALENT
// A pass's clone freed before its last use: the outcome differs.
// PAIRS-NEXT: @clone_freed_early: DIFFERENT on input {{.*}} (A: returns without violation; B: USE_AFTER_FREE
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: USE_AFTER_FREE
// A pass's clone freed in another interval: compared by its effect only.
// PAIRS-NEXT: @clone_other_interval: EQUIVALENT
// PAIRS-NEXT: @clone_leaks: DIFFERENT on input {{.*}} (A: returns without violation; B: LEAK
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: LEAK
// Allocations of one type told apart by their order:
// PAIRS-NEXT: @same_shapes_swapped: DIFFERENT on input false (a buffer of site the 1st allocation of @same_shapes_swapped (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// PAIRS-NEXT: @shapes_differ: UNKNOWN (allocation sites cannot be matched: the allocations of @shapes_differ matched by structure differ (A: heap memref<2xf32>; B: heap memref<4xf32>) ([equiv.match]))
// PAIRS-NEXT: @calls_shapes_differ: UNKNOWN (allocation sites cannot be matched: the allocations of @shapes_differ
// A location two allocations share is no key: matched by structure.
// PAIRS-NEXT: @shared_location: DIFFERENT on input "" (a buffer of site the 1st allocation of @shared_location (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// Shared source locations are keys; one only A has is not compared.
// PAIRS-NEXT: @located: EQUIVALENT
// A location each version lacks: matched by structure, not taken as removed.
// PAIRS-NEXT: @relocated: DIFFERENT on input "" (a buffer of site the 1st allocation of @relocated (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// An allocation one version lacks, where the rest embed in one way only:
// matched (the free of B's 4xf32 moved past the 8xf32 allocation).
// PAIRS-NEXT: @one_removed: DIFFERENT on input "" (a buffer of site the 2nd allocation of @one_removed (heap memref<4xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// PAIRS-NEXT: @removed_ambiguous: UNKNOWN (allocation sites cannot be matched: the allocations of @removed_ambiguous matched by structure differ (A: heap memref<2xf32>, heap memref<2xf32>; B: heap memref<2xf32>) ([equiv.match]))
// A location one version lost, a tag one version lost: never both
// versions' allocation left uncompared.
// PAIRS-NEXT: @location_lost: DIFFERENT on input "" (a buffer of site the 1st allocation of @location_lost (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// A tag one version lost (a pass that rebuilds the op): both versions'
// tags in that function are ignored, and structure matches the allocations.
// PAIRS-NEXT: @tag_lost: EQUIVALENT
// PAIRS-NEXT: @tag_lost_moved: DIFFERENT on input "" (a buffer of site the 1st allocation of @tag_lost_moved (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// PAIRS-NEXT: @tag_twice: EQUIVALENT
// Structure compares dynamic sizes traced to arguments and constants:
// PAIRS-NEXT: @sizes_differ: UNKNOWN (allocation sites cannot be matched: the allocations of @sizes_differ matched by structure differ (A: heap memref<?xf32>(%arg0); B: heap memref<?xf32>(%arg1)) ([equiv.match]))
// Private functions are paired by the calls from public ones, not by name:
// PAIRS-NEXT: @renamed_callee: EQUIVALENT
// PAIRS: @renamed_moved: DIFFERENT on input {{.*}} (a buffer of site the 1st allocation of @renamed_moved (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE

func.func @return_arg(%arg0: memref<2xf32>) -> memref<2xf32> {
  return %arg0 : memref<2xf32>
}

func.func @select_return(%c: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = arith.select %c, %a, %arg0 : memref<2xf32>
  return %r : memref<2xf32>
}

func.func @if_else(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}

func.func @loop_const(%init: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %init) -> memref<2xf32> {
    %n = memref.alloc() : memref<2xf32>
    memref.copy %x, %n : memref<2xf32> to memref<2xf32>
    scf.yield %n : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @branches(%c: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb1(%arg0 : memref<2xf32>)
^bb1(%m: memref<2xf32>):
  return %m : memref<2xf32>
}

func.func @many_frees(%c: i1, %d: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %e = memref.alloc() : memref<2xf32>
  %x = arith.select %c, %a, %b : memref<2xf32>
  %y = arith.select %d, %x, %e : memref<2xf32>
  %z = arith.select %c, %y, %arg0 : memref<2xf32>
  return %z : memref<2xf32>
}
