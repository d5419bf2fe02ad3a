// A public function returning the same allocation twice: MLIR 22's pipeline
// inserts no copy (the PSA-thread report is still open), so the two results
// alias. Spec: ABI_VIOLATION; a deallocation pass must return distinct
// buffers.
// SPEC: [dev.abi.results-alias]
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s --check-prefix=VERDICT
// VERDICT: @test2: ABI_VIOLATION
// VERDICT: reason: {{.*}}result 1 of @test2 views buffer #{{[0-9]+}}, which an earlier result also views

// CHECK-LABEL: func.func @test2
// CHECK: %[[A:.*]] = memref.alloc() : memref<1xf64>
// CHECK-NOT: bufferization.clone
// CHECK-NOT: memref.copy
// CHECK: return %[[A]], %[[A]] : memref<1xf64>, memref<1xf64>
func.func @test2() -> (memref<1xf64>, memref<1xf64>) {
  %1 = memref.alloc() : memref<1xf64>
  return %1, %1 : memref<1xf64>, memref<1xf64>
}
