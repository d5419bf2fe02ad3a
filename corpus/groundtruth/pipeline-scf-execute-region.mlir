// Upstream pipeline: scf.execute_region with a multi-block body yielding a
// memref.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %r = scf.execute_region -> memref<2xf32> {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
    scf.yield %0 : memref<2xf32>
  ^bb2:
    scf.yield %a : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}
