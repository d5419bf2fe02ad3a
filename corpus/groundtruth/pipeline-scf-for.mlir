// Upstream pipeline: scf.for with memref iter_args, swapped every iteration
// (needs the generic dealloc_helper lowering), and a loop-local temporary.
// Checked twice: after the whole pipeline and after the ownership pass alone.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --ownership %s
// EXPECT: @swap SAFE
// EXPECT: @temp SAFE

func.func @swap(%n: index, %a: memref<2xf32>, %b: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xf32>, memref<2xf32>) {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %x, %0 : memref<2xf32> to memref<2xf32>
    scf.yield %y, %0 : memref<2xf32>, memref<2xf32>
  }
  return %r#0, %r#1 : memref<2xf32>, memref<2xf32>
}

func.func @temp(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
    memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  }
  return
}
