// Upstream pipeline: scf.index_switch yielding a memref from each case.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%k: index, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %r = scf.index_switch %k -> memref<2xf32>
  case 0 {
    scf.yield %0 : memref<2xf32>
  }
  case 1 {
    %1 = memref.alloc() : memref<2xf32>
    memref.copy %0, %1 : memref<2xf32> to memref<2xf32>
    scf.yield %1 : memref<2xf32>
  }
  default {
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}
