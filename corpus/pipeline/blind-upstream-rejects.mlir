// Blind set (issue 27): programs upstream's pipeline rejects, written
// without looking at the corpus: an affine.for carrying a memref (invalid
// IR from upstream's pass, docs/findings.md F6) and a
// memref.generic_atomic_rmw (upstream requires RegionBranchOpInterface of
// every op with a region, docs/findings.md). The reference pipeline
// deallocates both; its output is SAFE for both tools. Each part between separator lines
// is one program for bench/decisiveness.py.
// SPEC: [pipeline.input] [equiv.match]
// RUN: not mlir-opt --split-input-file --buffer-deallocation-pipeline %s 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY

// UPSTREAM: error: 'affine.for' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'
// EXEC-LABEL: @affine_for_iter: SAFE
// VERIFY-LABEL: @affine_for_iter: SAFE
func.func @affine_for_iter(%init: memref<10xf32>) -> memref<10xf32> {
  %r = affine.for %i = 0 to 5 iter_args(%acc = %init) -> memref<10xf32> {
    %n = memref.alloc() : memref<10xf32>
    affine.for %j = 0 to 10 {
      %v = affine.load %acc[%j] : memref<10xf32>
      affine.store %v, %n[%j] : memref<10xf32>
    }
    affine.yield %n : memref<10xf32>
  }
  return %r : memref<10xf32>
}

// -----

// UPSTREAM: error: All operations with attached regions need to implement the RegionBranchOpInterface.
// EXEC-LABEL: @generic_atomic: SAFE
// VERIFY-LABEL: @generic_atomic: SAFE
func.func @generic_atomic(%m: memref<4xf32>, %i: index) -> f32 {
  %t = memref.alloc() : memref<4xf32>
  memref.copy %m, %t : memref<4xf32> to memref<4xf32>
  %x = memref.generic_atomic_rmw %t[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %two = arith.constant 2.0 : f32
    %p = arith.mulf %cur, %two : f32
    memref.atomic_yield %p : f32
  }
  return %x : f32
}
