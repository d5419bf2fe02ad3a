// Upstream pipeline: memref.extract_strided_metadata's base buffer is a view
// of the same buffer; memref.dim of a dynamic allocation.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%n: index, %a: memref<?xf32>) -> memref<f32> {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %m = arith.addi %d, %n : index
  %0 = memref.alloc(%m) : memref<?xf32>
  %base, %off, %size, %stride = memref.extract_strided_metadata %0 : memref<?xf32> -> memref<f32>, index, index, index
  %f = arith.constant 1.0 : f32
  memref.store %f, %base[] : memref<f32>
  return %base : memref<f32>
}
