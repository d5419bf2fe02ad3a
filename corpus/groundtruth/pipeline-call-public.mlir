// Upstream pipeline: a public callee (its ABI is fixed: results owned by the
// caller) called from another public function, result used and dropped.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @callee SAFE
// EXPECT: @caller SAFE

func.func @callee(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %0, %a : memref<2xf32>
  return %r : memref<2xf32>
}

func.func @caller(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %0 = call @callee(%c, %a) : (i1, memref<2xf32>) -> memref<2xf32>
  %1 = call @callee(%c, %0) : (i1, memref<2xf32>) -> memref<2xf32>
  memref.copy %1, %out : memref<2xf32> to memref<2xf32>
  return
}
