// memref.reshape and memref.transpose are views of their source's buffer
// ([view.same_buffer]): elements are found through the new sizes and strides,
// and freeing the view frees the buffer.
// SPEC: [view.reshape]
// SPEC: [view.transpose]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s

// CHECK-LABEL: @reshape_view: SAFE (1 input){{$}}
func.func @reshape_view() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xi32>
  %seven = arith.constant 7 : i32
  memref.store %seven, %a[%c2] : memref<4xi32>
  %shape = memref.alloca() : memref<2xindex>
  memref.store %c2, %shape[%c0] : memref<2xindex>
  memref.store %c2, %shape[%c1] : memref<2xindex>
  %r = memref.reshape %a(%shape) : (memref<4xi32>, memref<2xindex>) -> memref<?x?xi32>
  %d1 = memref.dim %r, %c1 : memref<?x?xi32>
  %okd = arith.cmpi eq, %d1, %c2 : index
  cf.assert %okd, "size from the shape buffer"
  %e = memref.load %r[%c1, %c0] : memref<?x?xi32>
  %ok = arith.cmpi eq, %e, %seven : i32
  cf.assert %ok, "element [1][0] is element 2"
  memref.dealloc %r : memref<?x?xi32>
  return
}

// The shape operand is read: a freed shape buffer is a use after free.
// CHECK-LABEL: @reshape_freed_shape: USE_AFTER_FREE (1 input)
// CHECK:         reason: [heap.use] 'memref.reshape' accesses freed buffer #2
func.func @reshape_freed_shape() {
  %a = memref.alloc() : memref<4xi32>
  %shape = memref.alloc() : memref<1xindex>
  memref.dealloc %shape : memref<1xindex>
  %r = memref.reshape %a(%shape) : (memref<4xi32>, memref<1xindex>) -> memref<?xi32>
  memref.dealloc %a : memref<4xi32>
  return
}

// A shape that contradicts the static result type is undefined behaviour.
// CHECK-LABEL: @reshape_wrong_size: UNKNOWN (1 input): memref.reshape to size 3 in dimension 0 (undefined behaviour) at loc(
func.func @reshape_wrong_size() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xi32>
  %shape = memref.alloca() : memref<1xindex>
  memref.store %c3, %shape[%c0] : memref<1xindex>
  %r = memref.reshape %a(%shape) : (memref<4xi32>, memref<1xindex>) -> memref<4xi32>
  memref.dealloc %a : memref<4xi32>
  return
}

// CHECK-LABEL: @transpose_view: SAFE (1 input){{$}}
func.func @transpose_view() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2x3xi32>
  %five = arith.constant 5 : i32
  memref.store %five, %a[%c0, %c1] : memref<2x3xi32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x3xi32> to memref<3x2xi32, strided<[1, 3]>>
  %e = memref.load %t[%c1, %c0] : memref<3x2xi32, strided<[1, 3]>>
  %ok = arith.cmpi eq, %e, %five : i32
  cf.assert %ok, "transposed element"
  memref.dealloc %t : memref<3x2xi32, strided<[1, 3]>>
  return
}

// CHECK-LABEL: @transpose_then_free_source: DOUBLE_FREE (1 input)
func.func @transpose_then_free_source() {
  %a = memref.alloc() : memref<2x3xi32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x3xi32> to memref<3x2xi32, strided<[1, 3]>>
  memref.dealloc %t : memref<3x2xi32, strided<[1, 3]>>
  memref.dealloc %a : memref<2x3xi32>
  return
}
