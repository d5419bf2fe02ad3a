// Upstream pipeline: scf.while carrying a memref through before/after regions.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @f SAFE

func.func @f(%n: index, %a: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %m = %a) : (index, memref<2xf32>) -> (index, memref<2xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %m : index, memref<2xf32>
  } do {
  ^bb0(%j: index, %x: memref<2xf32>):
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %x, %0 : memref<2xf32> to memref<2xf32>
    %next = arith.addi %j, %c1 : index
    scf.yield %next, %0 : index, memref<2xf32>
  }
  return %r#1 : memref<2xf32>
}
