// Upstream pipeline: a global is never freed; returned, it is cloned.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @read SAFE
// EXPECT: @ret SAFE

memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>

func.func @read(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %0 = memref.get_global @table : memref<2xf32>
  %r = arith.select %c, %0, %a : memref<2xf32>
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

func.func @ret(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.get_global @table : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %a, %1 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %0, %1 : memref<2xf32>
  return %r : memref<2xf32>
}
