// Input of the upstream-pipeline RUN line of ../returned-views.mlir (the
// pipeline rejects input that already frees buffers).
func.func @make_view() -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}
func.func @forget_view() {
  %v = call @make_view() : () -> memref<2xf32, strided<[1], offset: 2>>
  %c0 = arith.constant 0 : index
  %x = memref.load %v[%c0] : memref<2xf32, strided<[1], offset: 2>>
  return
}
func.func @two_halves() -> (memref<2xf32, strided<[1]>>, memref<2xf32, strided<[1], offset: 2>>) {
  %a = memref.alloc() : memref<4xf32>
  %lo = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %hi = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %lo, %hi : memref<2xf32, strided<[1]>>, memref<2xf32, strided<[1], offset: 2>>
}
