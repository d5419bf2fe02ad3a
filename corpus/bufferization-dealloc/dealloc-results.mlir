// Result i is the disjunction of the conditions of the memrefs that view the
// same buffer as retained_i. The simplification pass removes a memref that is
// itself retained and folds its condition into the result with arith.ori.
// SPEC: [dealloc.results]
// RUN: mlir-opt %s -split-input-file -buffer-deallocation-simplification | FileCheck %s

// %a is retained: it is not freed, and the result is c0 OR (c1 if %b views
// %a's buffer) -- %b is a may-alias argument, so the second part stays a
// run-time check.
// CHECK-LABEL: func.func @memref_is_retained
// CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
// CHECK: %[[X:.*]] = bufferization.dealloc (%[[B]] : memref<2xf32>) if (%[[C1]]) retain (%[[A]] : memref<2xf32>)
// CHECK: %[[R:.*]] = arith.ori %[[X]], %[[C0]] : i1
// CHECK: return %[[R]] : i1
func.func @memref_is_retained(%a: memref<2xf32>, %b: memref<2xf32>, %c0: i1, %c1: i1) -> i1 {
  %r = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c0, %c1) retain (%a : memref<2xf32>)
  return %r : i1
}

// -----

// A retained value that only may alias (arith.select of two allocations):
// the op is split per allocation, and the result is the disjunction of the
// two partial results.
// CHECK-LABEL: func.func @select_retained
// CHECK-SAME: (%[[X:.*]]: i1, %[[C0:.*]]: i1, %[[C1:.*]]: i1
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[B:.*]] = memref.alloc()
// CHECK: %[[S:.*]] = arith.select %[[X]], %[[A]], %[[B]]
// CHECK: %[[R0:.*]] = bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C0]]) retain (%[[S]] : memref<2xf32>)
// CHECK: %[[R1:.*]] = bufferization.dealloc (%[[B]] : memref<2xf32>) if (%[[C1]]) retain (%[[S]] : memref<2xf32>)
// CHECK: %[[R:.*]] = arith.ori %[[R0]], %[[R1]] : i1
// CHECK: return %[[R]] : i1
func.func @select_retained(%x: i1, %c0: i1, %c1: i1, %f: f32) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %x, %a, %b : memref<2xf32>
  %i = arith.constant 0 : index
  memref.store %f, %s[%i] : memref<2xf32>
  %r = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c0, %c1) retain (%s : memref<2xf32>)
  return %r : i1
}
