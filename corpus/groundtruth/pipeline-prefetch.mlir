// Upstream pipeline: memref.prefetch ([op.memref.prefetch]) of a buffer that
// one branch reads; the dealloc comes after both.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @prefetched SAFE

func.func @prefetched(%c: i1, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  scf.if %c {
    memref.prefetch %0[%c0], read, locality<3>, data : memref<2xf32>
  } else {
    memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  }
  return
}
