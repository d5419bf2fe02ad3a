// Upstream pipeline: memref.cast and memref.reinterpret_cast views.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @cast SAFE
// EXPECT: @reinterpret SAFE

func.func @cast(%c: i1, %a: memref<?xf32>) -> memref<?xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.cast %0 : memref<2xf32> to memref<?xf32>
  %r = arith.select %c, %1, %a : memref<?xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %1[%c0] : memref<?xf32>
  return %r : memref<?xf32>
}

func.func @reinterpret(%a: memref<2xf32>) -> memref<2x2xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  %2 = memref.alloc() : memref<8xf32>
  %3 = memref.reinterpret_cast %2 to offset: [4], sizes: [2], strides: [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 4>>
  memref.copy %a, %3 : memref<2xf32> to memref<2xf32, strided<[1], offset: 4>>
  %c0 = arith.constant 0 : index
  %v = memref.load %3[%c0] : memref<2xf32, strided<[1], offset: 4>>
  memref.store %v, %1[%c0, %c0] : memref<2x2xf32>
  return %1 : memref<2x2xf32>
}
