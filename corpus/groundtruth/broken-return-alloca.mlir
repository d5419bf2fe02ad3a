// Broken variant: a result views a stack buffer, which the caller cannot own.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f ABI_VIOLATION

func.func @f(%a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloca() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  return %0 : memref<2xf32>
}
