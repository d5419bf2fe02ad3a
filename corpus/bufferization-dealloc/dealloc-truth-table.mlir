// The worked truth table of spec/bufferization-dealloc.md for two operands
// that view the same buffer (here: the same SSA value %a, the case upstream's
// canonicalizer recognizes) with conditions c0, c1 and one retained value.
// canonicalize + lower-deallocations is a spec-conforming implementation for
// this case: the buffer is freed once iff (c0 OR c1) AND the retained value
// does not view it, and the result is (c0 OR c1) AND it does.
// (For aliasing *different* values upstream differs: see
// corpus/deviations/dealloc-alias-first-condition.mlir.)
// SPEC: [dealloc.free.condition]
// SPEC: [dealloc.free.once]
// SPEC: [dealloc.results]
// SPEC: [dealloc.eval.atomic]
// RUN: mlir-opt %s -canonicalize -bufferization-lower-deallocations | FileCheck %s

// CHECK-LABEL: func.func @two_aliases_one_retained
// CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1, %[[R:.*]]: memref<2xf32>)
// The disjunction of the conditions of the aliasing operands:
// CHECK: %[[OR:.*]] = arith.ori %[[C0]], %[[C1]] : i1
// All decisions are computed before the (single) free:
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK: %[[NE:.*]] = arith.cmpi ne, %[[PA]], %[[PR]] : index
// CHECK: %[[FREE:.*]] = arith.andi %[[NE]], %[[OR]] : i1
// CHECK: scf.if %[[FREE]] {
// CHECK-NEXT: memref.dealloc %[[A]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NOT: memref.dealloc
// The result: the retained value views the buffer and some condition is true.
// CHECK: %[[EQ:.*]] = arith.xori %[[NE]], %{{.*}} : i1
// CHECK: %[[RES:.*]] = arith.andi %[[EQ]], %[[OR]] : i1
// CHECK: return %[[RES]] : i1
func.func @two_aliases_one_retained(%a: memref<2xf32>, %c0: i1, %c1: i1, %r: memref<2xf32>) -> i1 {
  %x = bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) if (%c0, %c1) retain (%r : memref<2xf32>)
  return %x : i1
}

// Row 3 of the table with constant conditions (c0 = false, c1 = true, the
// retained value is another buffer): the buffer is freed (guarded only by
// the retained-alias check, not by c0).
// CHECK-LABEL: func.func @row_false_true
// CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[R:.*]]: memref<2xf32>)
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK: %[[NE:.*]] = arith.cmpi ne, %[[PA]], %[[PR]] : index
// CHECK: %[[FREE:.*]] = arith.andi %[[NE]], %[[TRUE]] : i1
// CHECK: scf.if %[[FREE]] {
// CHECK-NEXT: memref.dealloc %[[A]] : memref<2xf32>
func.func @row_false_true(%a: memref<2xf32>, %r: memref<2xf32>) -> i1 {
  %f = arith.constant false
  %t = arith.constant true
  %x = bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) if (%f, %t) retain (%r : memref<2xf32>)
  return %x : i1
}
