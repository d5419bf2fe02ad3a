// Broken variant "delete a free" of a bufferization.clone (a heap buffer,
// lowered to alloc + copy) on one branch only.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f LEAK SAFE

func.func @f(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %0 = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  scf.if %c {
    memref.dealloc %0 : memref<2xf32>
  }
  return
}
