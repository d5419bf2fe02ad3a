// The function-boundary ABI at returns of public functions: results are owned
// heap buffers, not arguments' buffers, and distinct from each other.
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC

// SPEC: [own.boundary.abi] [own.boundary.owned]
// An argument is never owned: returning it returns a copy.
// CHECK-LABEL: func @return_arg
//       CHECK: %[[C:.*]] = bufferization.clone %arg0
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%true) retain (%[[C]] : memref<2xf32>)
//       CHECK: return %[[C]]
// EXEC: @return_arg: SAFE
func.func @return_arg(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}

// -----

// SPEC: [own.boundary.owned] [own.select]
// Ownership known only at run time: copy iff not owned.
// CHECK-LABEL: func @return_select
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[O:.*]] = arith.select %arg0, %true, %false : i1
//       CHECK: %[[S:.*]] = arith.select %arg0, %[[A]], %arg1
//       CHECK: %[[R:.*]] = scf.if %[[O]] -> (memref<2xf32>) {
//       CHECK:   scf.yield %[[S]]
//       CHECK: } else {
//       CHECK:   %[[C:.*]] = bufferization.clone %[[S]]
//       CHECK:   scf.yield %[[C]]
//       CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%true, %true) retain (%[[R]] : memref<2xf32>)
//       CHECK: return %[[R]]
// EXEC: @return_select: SAFE
func.func @return_select(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %m : memref<2xf32>
  return %s : memref<2xf32>
}

// -----

// SPEC: [own.boundary.distinct]
// The same buffer returned twice: the second result is a copy. Upstream
// returns %alloc twice (see dealloc-boundary-distinct-upstream.mlir).
// CHECK-LABEL: func @return_twice
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[C:.*]] = bufferization.clone %[[A]]
//       CHECK: bufferization.dealloc ({{.*}}) if (%true, %true) retain (%[[A]], %[[C]] : memref<2xf32>, memref<2xf32>)
//       CHECK: return %[[A]], %[[C]]
// EXEC: @return_twice: SAFE
func.func @return_twice() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  return %a, %a : memref<2xf32>, memref<2xf32>
}

// -----

// SPEC: [own.boundary.distinct] [own.view]
// A view of a returned buffer is a view of the same buffer.
// CHECK-LABEL: func @return_view_twice
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[V:.*]] = memref.subview %[[A]]
//       CHECK: %[[C:.*]] = bufferization.clone %[[V]]
//       CHECK: return %[[A]], %[[C]]
// EXEC: @return_view_twice: SAFE
func.func @return_view_twice() -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>) {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>
}

// -----

// SPEC: [own.boundary.distinct]
// Aliasing known only at run time: compare aligned pointers, copy if equal.
// CHECK-LABEL: func @return_may_alias
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[S:.*]] = arith.select
//       CHECK: %[[PS:.*]] = memref.extract_aligned_pointer_as_index %[[S]]
//       CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//       CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[PS]], %[[PA]] : index
//       CHECK: %[[R:.*]] = scf.if %[[EQ]] -> (memref<2xf32>) {
//       CHECK:   bufferization.clone %[[S]]
//       CHECK: return %[[A]], %[[R]]
// EXEC: @return_may_alias: SAFE
func.func @return_may_alias(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %a, %s : memref<2xf32>, memref<2xf32>
}

// -----

// SPEC: [own.boundary.distinct]
// Two different allocations never alias: no check, no copy.
// CHECK-LABEL: func @return_distinct
//   CHECK-NOT: bufferization.clone
//   CHECK-NOT: extract_aligned_pointer_as_index
//       CHECK: return %alloc, %alloc_0
// EXEC: @return_distinct: SAFE
func.func @return_distinct() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  return %a, %b : memref<2xf32>, memref<2xf32>
}

// -----

// SPEC: [own.boundary.distinct] [abi.call.results]
// The results of one call to a declaration are distinct fresh buffers
// ([abi.call.results]): returned as they are, no check, no copy.
// CHECK-LABEL: func @return_call_results
//   CHECK-NOT: bufferization.clone
//   CHECK-NOT: extract_aligned_pointer_as_index
//       CHECK: return %[[R:.*]]#0, %[[R]]#1
// EXEC: @return_call_results: SAFE
func.func private @make_two() -> (memref<2xf32>, memref<2xf32>)
func.func @return_call_results() -> (memref<2xf32>, memref<2xf32>) {
  %r:2 = call @make_two() : () -> (memref<2xf32>, memref<2xf32>)
  return %r#0, %r#1 : memref<2xf32>, memref<2xf32>
}
