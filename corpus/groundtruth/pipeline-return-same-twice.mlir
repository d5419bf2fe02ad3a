// Upstream pipeline on a source that returns one allocation as two results
// (the PSA thread's question; spec/abi.md: results must be distinct
// buffers). Upstream MLIR 22 returns the allocation twice without a clone
// (spec/deviations.md [dev.abi.results-alias]): the caller's second free is
// a double free, ABI_VIOLATION on both sides. An argument returned twice is
// cloned twice: SAFE.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @alloc_twice ABI_VIOLATION
// EXPECT: @arg_twice SAFE

func.func @alloc_twice(%a: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  return %0, %0 : memref<2xf32>, memref<2xf32>
}

func.func @arg_twice(%a: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  return %a, %a : memref<2xf32>, memref<2xf32>
}
