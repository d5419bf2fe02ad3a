// Broken variant "return the same buffer twice": results must be distinct
// buffers; the caller frees both and the second free is a double free.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f ABI_VIOLATION

func.func @f() -> (memref<2xf32>, memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %0[%c0] : memref<2xf32>
  return %0, %0 : memref<2xf32>, memref<2xf32>
}
