// Broken variant "move a free before a use": the load reads freed memory.
// The loaded value is stored to the output argument: an unused load would be
// erased by the greedy rewriter of the lowering (docs/groundtruth.md).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f USE_AFTER_FREE

func.func @f(%out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %0 = memref.alloc() : memref<2xf32>
  memref.store %f, %0[%c0] : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  %v = memref.load %0[%c0] : memref<2xf32>
  memref.store %v, %out[%c0] : memref<?xf32>
  return
}
