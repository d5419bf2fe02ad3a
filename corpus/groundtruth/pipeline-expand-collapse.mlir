// Upstream pipeline: memref.expand_shape / collapse_shape views.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @expand SAFE
// EXPECT: @collapse SAFE

func.func @expand(%c: i1, %a: memref<4xf32>) -> memref<2x2xf32> {
  %0 = memref.alloc() : memref<4xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  %r = arith.select %c, %0, %a : memref<4xf32>
  %e = memref.expand_shape %r [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  return %e : memref<2x2xf32>
}

func.func @collapse(%a: memref<2x2xf32>, %out: memref<4xf32>) {
  %0 = memref.alloc() : memref<2x2xf32>
  memref.copy %a, %0 : memref<2x2xf32> to memref<2x2xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  memref.copy %1, %out : memref<4xf32> to memref<4xf32>
  return
}
