// An affine.for carrying a memref through iter_args. Upstream MLIR 22 adds
// the ownership indicator as an operand outside the op's operand segments,
// and its output fails verification (docs/findings.md F6); the reference
// pipeline counts it in the iter_args segment ([own.region.segments]) and its
// output is valid (dealloc-opt verifies it) and SAFE.
// SPEC: [dev.own.affine-for-segments]
// RUN: not mlir-opt %s --buffer-deallocation-pipeline 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=SAFE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=SAFE

// UPSTREAM: error: 'affine.for' op operand count (3) does not match with the total size (2) specified in attribute 'operandSegmentSizes'
// CHECK-LABEL: func.func @carry
//       CHECK:   %[[R:.*]]:2 = affine.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[O:.*]] = %false) -> (memref<4xf32>, i1)
//       CHECK:     affine.yield %{{.*}}, %true : memref<4xf32>, i1
// SAFE: @carry: SAFE
func.func @carry(%n: index) -> memref<4xf32> {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %r = affine.for %i = 0 to min affine_map<(d0) -> (d0, 4)>(%n)
      iter_args(%it = %a) -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    affine.store %cst, %b[%i] : memref<4xf32>
    affine.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}
