// Upstream pipeline: memref.realloc frees (or reuses) its operand and
// returns the new buffer, which is returned; a dynamic size from an index arg.
// (Valgrind's realloc always moves the block.)
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%n: index, %a: memref<2xf32>) -> memref<?xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %c3 = arith.constant 3 : index
  %m = arith.addi %n, %c3 : index
  %1 = memref.realloc %0(%m) : memref<2xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %1[%c0] : memref<?xf32>
  return %1 : memref<?xf32>
}
