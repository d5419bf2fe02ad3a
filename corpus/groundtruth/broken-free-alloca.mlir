// Broken variant "free an alloca": a stack buffer is not owned.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f INVALID_FREE

func.func @f(%out: memref<2xf32>) {
  %0 = memref.alloca() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}
