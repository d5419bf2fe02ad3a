// Upstream pipeline: memref.view over an i8 buffer at a dynamic byte shift,
// used locally; the dealloc frees the allocated pointer.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @local SAFE

func.func @local(%k: index, %out: memref<2xf32>) {
  %0 = memref.alloc() : memref<64xi8>
  %c8 = arith.constant 8 : index
  %s = arith.muli %k, %c8 : index
  %v = memref.view %0[%s][] : memref<64xi8> to memref<2xf32>
  memref.copy %out, %v : memref<2xf32> to memref<2xf32>
  memref.copy %v, %out : memref<2xf32> to memref<2xf32>
  return
}
