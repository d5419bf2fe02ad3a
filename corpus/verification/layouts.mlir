// Descriptors as dealloc-run builds them ([view.descriptor]): a fresh
// buffer of a strided layout type has the type's static offset and strides,
// and its contents span every element it reaches; collapse_shape takes the
// stride of a group's innermost dimension whose size is not 1. Each
// function decides a free on such a value; an encoding that differs from
// dealloc-run reports a counterexample that does not replay (UNKNOWN).
// SPEC: [view.descriptor], [view.same_buffer], [verify.replay]
// RUN: dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=INTERP

// CHECK-LABEL: @strided_alloc_offset: SAFE
// INTERP-LABEL: @strided_alloc_offset: SAFE
func.func @strided_alloc_offset() -> index {
  %a = memref.alloc() : memref<2xf32, strided<[2], offset: 3>>
  %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<2xf32, strided<[2], offset: 3>> -> memref<f32>, index, index, index
  %c3 = arith.constant 3 : index
  %b = memref.alloc() : memref<2xf32>
  %eq = arith.cmpi eq, %off, %c3 : index
  scf.if %eq {
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32, strided<[2], offset: 3>>
  return %off : index
}

// Element 1 is element 5 of the buffer: stored and read back.
// CHECK-LABEL: @strided_alloc_contents: SAFE
// INTERP-LABEL: @strided_alloc_contents: SAFE
func.func @strided_alloc_contents() {
  %a = memref.alloc() : memref<2xf32, strided<[2], offset: 3>>
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %a[%c1] : memref<2xf32, strided<[2], offset: 3>>
  %x = memref.load %a[%c1] : memref<2xf32, strided<[2], offset: 3>>
  %b = memref.alloc() : memref<2xf32>
  %eq = arith.cmpf oeq, %x, %f : f32
  scf.if %eq {
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32, strided<[2], offset: 3>>
  return
}

// A column of a 4x8 buffer collapsed: element 1 is big[1][3], 8 elements
// after element 0 (not big[0][4], the next element in memory).
// CHECK-LABEL: @collapse_unit_dim: SAFE
// INTERP-LABEL: @collapse_unit_dim: SAFE
func.func @collapse_unit_dim(%c: i1) {
  %big = memref.alloc() : memref<4x8xi1>
  %col = memref.subview %big[0, 3] [4, 1] [1, 1] : memref<4x8xi1> to memref<4x1xi1, strided<[8, 1], offset: 3>>
  %flat = memref.collapse_shape %col [[0, 1]] : memref<4x1xi1, strided<[8, 1], offset: 3>> into memref<4xi1, strided<[8], offset: 3>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %false = arith.constant false
  memref.store %false, %big[%c1, %c3] : memref<4x8xi1>
  memref.store %c, %big[%c0, %c4] : memref<4x8xi1>
  %x = memref.load %flat[%c1] : memref<4xi1, strided<[8], offset: 3>>
  %a = memref.alloc() : memref<2xf32>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %big : memref<4x8xi1>
  return
}

// Row-major strides are products of the inner sizes, as the LLVM lowering
// of memref.alloc computes them: a 2x0 buffer's dimension 0 has stride 0.
// CHECK-LABEL: @zero_inner_stride: SAFE
// INTERP-LABEL: @zero_inner_stride: SAFE
func.func @zero_inner_stride() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%c2, %c0) : memref<?x?xf32>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %a : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %b = memref.alloc() : memref<2xf32>
  %zero = arith.cmpi eq, %st#0, %c0 : index
  scf.if %zero {
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %a : memref<?x?xf32>
  return
}

// An argument of a layout with a static offset: its contents span the
// offset too, so a store and a load at index 1 meet.
// CHECK-LABEL: @arg_offset: SAFE
// INTERP-LABEL: @arg_offset: SAFE
func.func @arg_offset(%m: memref<2xf32, strided<[1], offset: 4>>) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %m[%c1] : memref<2xf32, strided<[1], offset: 4>>
  %x = memref.load %m[%c1] : memref<2xf32, strided<[1], offset: 4>>
  %a = memref.alloc() : memref<2xf32>
  %eq = arith.cmpf oeq, %x, %f : f32
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
