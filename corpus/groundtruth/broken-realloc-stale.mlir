// Broken variant: the buffer given to memref.realloc is used afterwards.
// realloc frees its operand (valgrind's realloc always moves the block);
// the result is freed properly.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f USE_AFTER_FREE

func.func @f(%out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  %1 = memref.realloc %0 : memref<2xf32> to memref<4xf32>
  %v = memref.load %0[%c0] : memref<2xf32>
  memref.store %v, %out[%c0] : memref<2xf32>
  memref.dealloc %1 : memref<4xf32>
  return
}
