// Upstream pipeline: a declaration-only callee returns a fresh heap buffer
// (spec/abi.md); the driver implements it as malloc + zero fill.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @use SAFE
// EXPECT: @forward SAFE

func.func private @external(%a: memref<2xf32>, %n: index) -> (memref<?xf32>, i1)

func.func @use(%a: memref<2xf32>, %out: memref<2xf32>) {
  %c2 = arith.constant 2 : index
  %0, %flag = call @external(%a, %c2) : (memref<2xf32>, index) -> (memref<?xf32>, i1)
  %c0 = arith.constant 0 : index
  %v = memref.load %0[%c0] : memref<?xf32>
  memref.store %v, %out[%c0] : memref<2xf32>
  return
}

func.func @forward(%a: memref<2xf32>, %n: index) -> memref<?xf32> {
  %0, %flag = call @external(%a, %n) : (memref<2xf32>, index) -> (memref<?xf32>, i1)
  return %0 : memref<?xf32>
}
