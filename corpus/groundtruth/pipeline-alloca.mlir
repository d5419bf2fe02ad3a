// Upstream pipeline: stack buffers are never freed; one selected with a heap
// buffer must not be freed through the selection either.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %0 = memref.alloca() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %a, %1 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %0, %1 : memref<2xf32>
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}
