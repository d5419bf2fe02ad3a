// Upstream pipeline: memref.alloc with an alignment: the lowering
// over-allocates with malloc and aligns the pointer, so allocated and
// aligned pointers differ; frees must use the allocated one.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %1 = memref.alloc() {alignment = 128 : i64} : memref<2xf32>
  memref.copy %0, %1 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %0, %1 : memref<2xf32>
  return %r : memref<2xf32>
}
