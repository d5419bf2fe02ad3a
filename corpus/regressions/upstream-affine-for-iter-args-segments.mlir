// Finding F6 of docs/findings.md (upstream MLIR 22): an affine.for that
// carries a memref through iter_args makes -ownership-based-buffer-deallocation
// add the ownership indicator as a new iter_arg without updating the op's
// operandSegmentSizes: the verifier reports "'affine.for' op operand count
// (2) does not match with the total size (1) specified in attribute
// 'operandSegmentSizes'", exit code 1. scf.for carrying the same memref is
// deallocated. Found by `harness/dealloc-harness fuzz --seed 0` (programs 12
// and 19; harness signature impl-crash-exit1-...), then minimized by hand.
// The spec requires stage 3 to produce valid IR for any valid input, and
// affine.for is the scf.for of its bounds:
// SPEC: [pipeline.ownership]
// SPEC: [op.affine.for]
// This test passes while the bug is there; once fixed, check the output with
// dealloc-run instead (see docs/conformance.md).

// RUN: not mlir-opt --ownership-based-buffer-deallocation %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --buffer-deallocation-pipeline %s 2>&1 | FileCheck %s
// CHECK: error: 'affine.for' op operand count ({{[0-9]+}}) does not match with the total size ({{[0-9]+}}) specified in attribute 'operandSegmentSizes'

func.func @f(%arg0: memref<4xf32>, %n: index) -> memref<4xf32> {
  %cst = arith.constant 1.0 : f32
  %r = affine.for %i = 0 to min affine_map<(d0) -> (d0, 4)>(%n)
      iter_args(%it = %arg0) -> (memref<4xf32>) {
    affine.store %cst, %it[%i] : memref<4xf32>
    affine.yield %it : memref<4xf32>
  }
  return %r : memref<4xf32>
}
