// A memrefs operand denotes the buffer it views, whatever view it is. The
// canonicalizer replaces the base of extract_strided_metadata by the
// allocation, and the simplification pass treats a subview or a memref.view
// of an allocation as the same buffer as the allocation: both rely on the
// identity-based meaning.
// SPEC: [dealloc.operands]
// RUN: mlir-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: mlir-opt %s -split-input-file -buffer-deallocation-simplification | FileCheck %s --check-prefix=SIMPL

// CANON-LABEL: func.func @base_of_alloc
// CANON: %[[ALLOC:.*]] = memref.alloc() : memref<2xf32>
// CANON-NOT: extract_strided_metadata
// CANON: bufferization.dealloc (%[[ALLOC]] : memref<2xf32>) if (%{{.*}})
func.func @base_of_alloc(%c: i1, %f: f32) {
  %a = memref.alloc() : memref<2xf32>
  %i = arith.constant 0 : index
  memref.store %f, %a[%i] : memref<2xf32>
  %base, %o, %s, %st = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%c)
  return
}

// -----

// The retained value is a subview of the freed operand: the buffer is not
// freed and the result is the operand's condition.
// SIMPL-LABEL: func.func @retained_subview
// SIMPL-SAME: (%[[C:.*]]: i1
// SIMPL-NOT: bufferization.dealloc
// SIMPL: return %[[C]] : i1
func.func @retained_subview(%c: i1, %f: f32) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %i = arith.constant 0 : index
  memref.store %f, %s[%i] : memref<2xf32, strided<[1], offset: 1>>
  %r = bufferization.dealloc (%a : memref<4xf32>) if (%c) retain (%s : memref<2xf32, strided<[1], offset: 1>>)
  return %r : i1
}

// -----

// Same with a memref.view at byte shift 8: the simplification pass treats it
// as the same buffer (the lowering does not, see
// corpus/deviations/dealloc-lower-view-pointer.mlir).
// SIMPL-LABEL: func.func @retained_view
// SIMPL-SAME: (%[[C:.*]]: i1
// SIMPL-NOT: bufferization.dealloc
// SIMPL: return %[[C]] : i1
func.func @retained_view(%c: i1, %f: f32) -> i1 {
  %a = memref.alloc() : memref<16xi8>
  %c8 = arith.constant 8 : index
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %i = arith.constant 0 : index
  memref.store %f, %v[%i] : memref<2xf32>
  %r = bufferization.dealloc (%a : memref<16xi8>) if (%c) retain (%v : memref<2xf32>)
  return %r : i1
}
