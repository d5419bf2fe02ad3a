// Upstream pipeline: memref.copy (contiguous: memcpy; strided: memrefCopy
// from libmlir_c_runner_utils) and a bufferization.clone in the source.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @strided SAFE
// EXPECT: @clone SAFE

func.func @strided(%a: memref<2x2xf32>, %out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2x2xf32>
  memref.copy %a, %0 : memref<2x2xf32> to memref<2x2xf32>
  %col = memref.subview %0[0, 1] [2, 1] [1, 1] : memref<2x2xf32> to memref<2xf32, strided<[2], offset: 1>>
  memref.copy %col, %out : memref<2xf32, strided<[2], offset: 1>> to memref<2xf32>
  return
}

func.func @clone(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %0, %1 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %0, %1 : memref<2xf32>
  return %r : memref<2xf32>
}
