// A public function returning the same allocation twice: MLIR 22's pipeline
// inserts no copy (the PSA-thread report is still open), so the two results
// alias. Spec: ABI_VIOLATION; a deallocation pass must return distinct
// buffers.
// SPEC: [dev.abi.results-alias]
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s --check-prefix=VERDICT
// VERDICT: @test2: ABI_VIOLATION
// VERDICT: reason: {{.*}}result 1 of @test2 views buffer #{{[0-9]+}}, which an earlier result also views
// VERDICT: @alloc_and_subview: ABI_VIOLATION
// VERDICT: @select_pair: ABI_VIOLATION
// VERDICT-NEXT: input: true
// An argument returned twice is cloned twice (distinct results):
// VERDICT: @arg_twice: SAFE (1 input)

// CHECK-LABEL: func.func @test2
// CHECK: %[[A:.*]] = memref.alloc() : memref<1xf64>
// CHECK-NOT: bufferization.clone
// CHECK-NOT: memref.copy
// CHECK: return %[[A]], %[[A]] : memref<1xf64>, memref<1xf64>
func.func @test2() -> (memref<1xf64>, memref<1xf64>) {
  %1 = memref.alloc() : memref<1xf64>
  return %1, %1 : memref<1xf64>, memref<1xf64>
}

// The same through a view, and through a select that aliases on one input
// only: no copy either.
// CHECK-LABEL: func.func @alloc_and_subview
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK-NOT: bufferization.clone
// CHECK: return %[[A]], %[[S]]
func.func @alloc_and_subview() -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  return %a, %s : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>
}

// CHECK-LABEL: func.func @select_pair
// CHECK: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %[[A]], %{{.*}}
// CHECK-NOT: bufferization.clone
// CHECK: return %[[A]], %[[S]]
func.func @select_pair(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %a, %s : memref<2xf32>, memref<2xf32>
}

// CHECK-LABEL: func.func @arg_twice
// CHECK: %[[C0:.*]] = bufferization.clone
// CHECK: %[[C1:.*]] = bufferization.clone
// CHECK: return %[[C0]], %[[C1]]
func.func @arg_twice(%m: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  return %m, %m : memref<2xf32>, memref<2xf32>
}
