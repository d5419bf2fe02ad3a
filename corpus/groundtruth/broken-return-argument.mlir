// Broken variant "return an argument": a result must not be an argument's
// buffer (the caller would free a buffer it passed in).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f ABI_VIOLATION

func.func @f(%a: memref<?xf32>) -> memref<?xf32> {
  return %a : memref<?xf32>
}
