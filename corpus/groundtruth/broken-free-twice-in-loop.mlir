// Broken variant "duplicate a free" in a loop: the free is in the loop body
// with no use, so trip count 2 frees the buffer twice.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f LEAK SAFE DOUBLE_FREE

func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<2xf32>
  memref.store %f, %0[%c0] : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.dealloc %0 : memref<2xf32>
  }
  return
}
