// The pipeline's input domain is its ownership pass's, applied after the
// first canonicalize: a static memref.dim in a generic_atomic_rmw body folds
// to a constant, the body is memref-free, and the reference pipeline accepts
// the op ([limit.regions.memref-free]) which the reference pass alone
// rejects ([limit.regions]). MLIR 22 rejects it either way
// ([dev.own.memref-free-region]). The reference pipeline's output is SAFE
// for both tools.
// SPEC: [pipeline.canonicalize.domain]
// RUN: not dealloc-opt %s --reference-buffer-deallocation 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not mlir-opt %s --buffer-deallocation-pipeline 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline -o %t.ref.mlir
// RUN: FileCheck %s --check-prefix=PIPE < %t.ref.mlir
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=TOOLS
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=TOOLS

// PASS: error: All operations with attached regions need to implement the RegionBranchOpInterface.
// PIPE-LABEL: func @rmw_dim
//       PIPE:   memref.generic_atomic_rmw
//   PIPE-NOT:   memref.dim
//       PIPE:   memref.atomic_yield
//       PIPE:   memref.dealloc
// TOOLS: @rmw_dim: SAFE
func.func @rmw_dim(%i: index) -> f32 {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  memref.store %z, %m[%c0] : memref<4xf32>
  %r = memref.generic_atomic_rmw %m[%c0] : memref<4xf32> {
  ^bb0(%old: f32):
    %c0i = arith.constant 0 : index
    %d = memref.dim %m, %c0i : memref<4xf32>
    %di = arith.index_cast %d : index to i32
    %df = arith.sitofp %di : i32 to f32
    %new = arith.addf %old, %df : f32
    memref.atomic_yield %new : f32
  }
  return %r : f32
}
