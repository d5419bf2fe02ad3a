// Broken variant "delete a free": the only dealloc of a heap buffer is gone.
// The buffer is stored to, so the lowering cannot erase it as dead.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f LEAK

func.func @f(%c: i1) {
  %0 = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %0[%c0] : memref<2xf32>
  return
}
