// Upstream's canonicalization patterns of bufferization.dealloc agree with
// the spec's identity-based meaning when aliasing is syntactic (the same SSA
// value): duplicates are merged with a disjunction of their conditions,
// operands with a constant-false condition are dropped (they are not used),
// and an op without memrefs frees nothing and yields false.
// RUN: mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// SPEC: [dealloc.free.condition]
// The buffer is freed iff c0 OR c1, once: the second occurrence of %a with
// a true condition frees it even if the first condition is false.
// CHECK-LABEL: func.func @duplicate_memrefs_or
// CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
// CHECK: %[[OR:.*]] = arith.ori %[[C0]], %[[C1]] : i1
// CHECK: bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[OR]])
// CHECK-NOT: bufferization.dealloc
func.func @duplicate_memrefs_or(%a: memref<2xf32>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}

// -----

// SPEC: [dealloc.operands.dangling]
// A memref with a constant-false condition is not used: it is dropped.
// CHECK-LABEL: func.func @false_condition_dropped
// CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<2xf32>, %[[C:.*]]: i1, %[[R:.*]]: memref<2xf32>)
// CHECK: %[[X:.*]] = bufferization.dealloc (%[[B]] : memref<2xf32>) if (%[[C]]) retain (%[[R]] : memref<2xf32>)
// CHECK: return %[[X]]
func.func @false_condition_dropped(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1, %r0: memref<2xf32>) -> i1 {
  %f = arith.constant false
  %r = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%f, %c) retain (%r0 : memref<2xf32>)
  return %r : i1
}

// -----

// SPEC: [dealloc.empty]
// Only false conditions: nothing is freed and every result is false.
// CHECK-LABEL: func.func @all_false
// CHECK: %[[F:.*]] = arith.constant false
// CHECK-NOT: bufferization.dealloc
// CHECK: return %[[F]], %[[F]]
func.func @all_false(%a: memref<2xf32>, %r0: memref<2xf32>, %r1: memref<4xi8>) -> (i1, i1) {
  %f = arith.constant false
  %r:2 = bufferization.dealloc (%a : memref<2xf32>) if (%f) retain (%r0, %r1 : memref<2xf32>, memref<4xi8>)
  return %r#0, %r#1 : i1, i1
}

// -----

// SPEC: [dealloc.empty]
// CHECK-LABEL: func.func @no_memrefs
// CHECK: %[[F:.*]] = arith.constant false
// CHECK-NOT: bufferization.dealloc
// CHECK: return %[[F]]
func.func @no_memrefs(%r0: memref<2xf32>) -> i1 {
  %r = bufferization.dealloc retain (%r0 : memref<2xf32>)
  return %r : i1
}

// -----

// SPEC: [dealloc.results]
// Duplicate retained operands get equal results: one is dropped and its
// result replaced by the other's.
// CHECK-LABEL: func.func @duplicate_retained
// CHECK: %[[X:.*]] = bufferization.dealloc (%{{.*}} : memref<2xf32>) if (%{{.*}}) retain (%{{.*}} : memref<2xf32>)
// CHECK: return %[[X]], %[[X]]
func.func @duplicate_retained(%a: memref<2xf32>, %c0: i1, %r0: memref<2xf32>) -> (i1, i1) {
  %r:2 = bufferization.dealloc (%a : memref<2xf32>) if (%c0) retain (%r0, %r0 : memref<2xf32>, memref<2xf32>)
  return %r#0, %r#1 : i1, i1
}
