// Memref values are descriptors of one buffer; views keep the buffer.
// SPEC: [view.descriptor] [view.same_buffer] [view.alias] [view.view.shift] [view.metadata]
// RUN: not dealloc-run %s | FileCheck %s

// Freeing the base of extract_strided_metadata of a subview frees the whole
// buffer; every kind of view of it can be freed once.
// CHECK-LABEL: @free_through_views: SAFE (1 input)
func.func @free_through_views() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<2x2xf32, strided<[4, 1], offset: 5>> -> memref<f32>, index, index, index, index, index
  memref.dealloc %base : memref<f32>
  %b = memref.alloc() : memref<4x4xf32>
  %col = memref.collapse_shape %b [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %ex = memref.expand_shape %col [[0, 1]] output_shape [8, 2] : memref<16xf32> into memref<8x2xf32>
  %cast = memref.cast %ex : memref<8x2xf32> to memref<?x2xf32>
  %rc = memref.reinterpret_cast %cast to offset: [0], sizes: [16], strides: [1] : memref<?x2xf32> to memref<16xf32>
  memref.dealloc %rc : memref<16xf32>
  return
}

// The metadata of a subview: offset 5, sizes 2x2, strides 4,1. The store
// through the subview and the load through the reinterpret_cast at element 5
// see the same element, which decides the free.
// CHECK-LABEL: @descriptor_fields: SAFE (1 input)
func.func @descriptor_fields() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<2x2xf32, strided<[4, 1], offset: 5>> -> memref<f32>, index, index, index, index, index
  memref.store %f, %s[%c0, %c0] : memref<2x2xf32, strided<[4, 1], offset: 5>>
  %flat = memref.reinterpret_cast %a to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32> to memref<16xf32>
  %x = memref.load %flat[%c5] : memref<16xf32>
  %ok1 = arith.cmpi eq, %off, %c5 : index
  %ok2 = arith.cmpi eq, %st#0, %c4 : index
  %ok3 = arith.cmpf oeq, %x, %f : f32
  %ok12 = arith.andi %ok1, %ok2 : i1
  %ok = arith.andi %ok12, %ok3 : i1
  scf.if %ok {
    memref.dealloc %base : memref<f32>
  }
  return
}

// Aliasing is identity: views at different offsets alias; the second free
// through another view is a double free.
// CHECK-LABEL: @alias_is_identity: DOUBLE_FREE
func.func @alias_is_identity() {
  %a = memref.alloc() : memref<4xf32>
  %lo = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %hi = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  memref.dealloc %lo : memref<2xf32, strided<[1]>>
  memref.dealloc %hi : memref<2xf32, strided<[1], offset: 2>>
  return
}

// memref.view advances the aligned pointer by its byte shift; other views do
// not. Only the view's pointer differs, so only %a is freed.
// CHECK-LABEL: @view_shift: SAFE (1 input)
func.func @view_shift() {
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<64xi8>
  %v = memref.view %a[%c8][] : memref<64xi8> to memref<4xf32>
  %s = memref.subview %a[8] [8] [1] : memref<64xi8> to memref<8xi8, strided<[1], offset: 8>>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<64xi8> -> index
  %pv = memref.extract_aligned_pointer_as_index %v : memref<4xf32> -> index
  %ps = memref.extract_aligned_pointer_as_index %s : memref<8xi8, strided<[1], offset: 8>> -> index
  %d = arith.subi %pv, %pa : index
  %shifted = arith.cmpi eq, %d, %c8 : index
  %same = arith.cmpi eq, %ps, %pa : index
  %ok = arith.andi %shifted, %same : i1
  scf.if %ok {
    memref.dealloc %a : memref<64xi8>
  }
  return
}
