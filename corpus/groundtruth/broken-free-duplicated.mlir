// Broken variant "duplicate a free": the buffer is freed twice.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f DOUBLE_FREE

func.func @f(%out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}
