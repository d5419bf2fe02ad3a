// Ownership indicators, the lattice and its join.
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s

// SPEC: [own.indicator] [own.lattice] [own.join] [own.view]
// A view chain has its source's indicator (Unique(X) ⊔ Unique(X) = Unique(X)):
// returned without a copy.
// CHECK-LABEL: func @join_same
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[V:.*]] = memref.subview %[[A]]
//       CHECK: %[[W:.*]] = memref.subview %[[V]]
//   CHECK-NOT: bufferization.clone
//       CHECK: return %[[W]]
func.func @join_same() -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[1] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 1>>
  %w = memref.subview %v[1] [2] [1] : memref<4xf32, strided<[1], offset: 1>> to memref<2xf32, strided<[1], offset: 2>>
  return %w : memref<2xf32, strided<[1], offset: 2>>
}

// -----

// SPEC: [own.join] [own.materialize] [own.boundary.owned]
// memref.reshape has two memref operands with different indicators (`true`
// for the allocation, `false` for the argument): Unique(X) ⊔ Unique(Y) is
// Unknown, so returning the result needs a copy.
// CHECK-LABEL: func @join_unknown
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[R:.*]] = memref.reshape %[[A]](%arg0)
//       CHECK: %[[C:.*]] = bufferization.clone %[[R]]
//       CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%true, %true) retain (%[[C]] : memref<?xf32>)
//       CHECK: return %[[C]]
func.func @join_unknown(%shape: memref<1xindex>) -> memref<?xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reshape %a(%shape) : (memref<2xf32>, memref<1xindex>) -> memref<?xf32>
  return %r : memref<?xf32>
}

// -----

// SPEC: [own.select] [own.join]
// Selecting between two values with the same indicator needs no select of
// indicators.
// CHECK-LABEL: func @select_same_indicator
//       CHECK: %[[S:.*]] = arith.select %arg0, %alloc, %alloc_0 : memref<2xf32>
//   CHECK-NOT: arith.select
//   CHECK-NOT: bufferization.clone
//       CHECK: return %[[S]]
func.func @select_same_indicator(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %s : memref<2xf32>
}
