// Upstream pipeline: a private callee that allocates and returns, and one
// that takes a buffer; private signatures may be changed by the pass.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @caller SAFE

func.func private @make(%a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  return %0 : memref<2xf32>
}

func.func private @pass(%c: i1, %a: memref<2xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  %r = arith.select %c, %a, %b : memref<2xf32>
  return %r : memref<2xf32>
}

func.func @caller(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %0 = call @make(%a) : (memref<2xf32>) -> memref<2xf32>
  %1 = call @pass(%c, %0, %a) : (i1, memref<2xf32>, memref<2xf32>) -> memref<2xf32>
  memref.copy %1, %out : memref<2xf32> to memref<2xf32>
  return
}
