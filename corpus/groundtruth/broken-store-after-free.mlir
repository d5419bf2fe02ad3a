// Broken variant "move a free before a use": a write through a subview of a
// freed buffer (the view keeps the buffer identity).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f SAFE USE_AFTER_FREE

func.func @f(%c: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %0 = memref.alloc() : memref<8xf32>
  %s = memref.subview %0[4] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 4>>
  memref.dealloc %0 : memref<8xf32>
  scf.if %c {
    memref.store %f, %s[%c0] : memref<2xf32, strided<[1], offset: 4>>
  }
  return
}
