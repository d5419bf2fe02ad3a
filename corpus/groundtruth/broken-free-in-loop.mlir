// Broken variant "move a free into a loop": a buffer allocated before the
// loop is freed in every iteration. Trip count 0: LEAK; 1: SAFE; 2: the
// second iteration's store is a USE_AFTER_FREE (before its second free).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f LEAK SAFE USE_AFTER_FREE

func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %0[%c0] : memref<2xf32>
    memref.dealloc %0 : memref<2xf32>
  }
  return
}
