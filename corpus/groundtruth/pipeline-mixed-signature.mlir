// Upstream pipeline on a function with a mixed signature: an i32 and an
// index argument, a 2-D dynamic memref, a rank-0 memref and an i32 memref
// (aliasing is enumerated only among memref arguments of the same type),
// returning an i32 scalar, a memref and an i1. Exercises the driver's
// C-interface conventions (results through a struct pointer).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%k: i32, %c: i1, %m: memref<?x?xf32>, %s: memref<f32>, %t: memref<2xi32>) -> (i32, memref<?x?xf32>, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf32>
  %d1 = memref.dim %m, %c1 : memref<?x?xf32>
  %0 = memref.alloc(%d0, %d1) : memref<?x?xf32>
  memref.copy %m, %0 : memref<?x?xf32> to memref<?x?xf32>
  %v = memref.load %s[] : memref<f32>
  memref.store %v, %0[%c1, %c1] : memref<?x?xf32>
  memref.store %k, %t[%c1] : memref<2xi32>
  %r = arith.select %c, %0, %m : memref<?x?xf32>
  %w = memref.load %t[%c0] : memref<2xi32>
  %sum = arith.addi %w, %k : i32
  return %sum, %r, %c : i32, memref<?x?xf32>, i1
}
