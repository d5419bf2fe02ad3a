// Upstream pipeline: allocations returned from a public function, one
// result of several, plus a temporary that must be freed.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @two SAFE
// EXPECT: @temp SAFE

func.func @two(%a: memref<2xf32>) -> (memref<2xf32>, i1, memref<3xi32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %1 = memref.alloc() : memref<3xi32>
  %c0 = arith.constant 0 : index
  %i = arith.constant 7 : i32
  memref.store %i, %1[%c0] : memref<3xi32>
  %t = arith.constant true
  return %0, %t, %1 : memref<2xf32>, i1, memref<3xi32>
}

func.func @temp(%a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %0, %1 : memref<2xf32> to memref<2xf32>
  return %1 : memref<2xf32>
}
