// Upstream pipeline: arith.select between two allocations and between an
// allocation and an argument; aliasing arguments enumerated.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @allocs SAFE
// EXPECT: @args SAFE

func.func @allocs(%c: i1, %a: memref<?xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  %r = arith.select %c, %0, %1 : memref<2xf32>
  %i = arith.constant 0 : index
  %v = memref.load %a[%i] : memref<?xf32>
  memref.store %v, %r[%i] : memref<2xf32>
  return %r : memref<2xf32>
}

func.func @args(%c: i1, %d: i1, %a: memref<2xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %r = arith.select %d, %0, %s : memref<2xf32>
  return %r : memref<2xf32>
}
