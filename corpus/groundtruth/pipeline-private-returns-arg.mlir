// Upstream pipeline: a private callee that returns one of its arguments or a
// fresh buffer (the pass may change private signatures to pass ownership
// back), called twice in a chain by a public function.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @caller SAFE

func.func private @maybe_copy(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
    scf.yield %0 : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @caller(%c: i1, %d: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = call @maybe_copy(%c, %a) : (i1, memref<2xf32>) -> memref<2xf32>
  %1 = call @maybe_copy(%d, %0) : (i1, memref<2xf32>) -> memref<2xf32>
  return %1 : memref<2xf32>
}
