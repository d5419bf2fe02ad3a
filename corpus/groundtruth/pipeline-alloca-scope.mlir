// Upstream pipeline: memref.alloca_scope ([op.memref.alloca_scope]) in a loop
// body, its stack buffer released at the end of each iteration, with a heap
// buffer made inside the scope that the pipeline frees there. (A scope with
// memref results is not lowered by this lowering: 'llvm.br' gets a memref
// operand.)
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @scoped SAFE

func.func @scoped(%n: index, %v: f32, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %trips = arith.minui %n, %c4 : index
  scf.for %i = %c0 to %trips step %c1 {
    %y = memref.alloca_scope -> f32 {
      %t = memref.alloca() : memref<4xf32>
      memref.store %v, %t[%i] : memref<4xf32>
      %x = memref.load %t[%i] : memref<4xf32>
      %a = memref.alloc() : memref<4xf32>
      memref.store %x, %a[%i] : memref<4xf32>
      %z = memref.load %a[%i] : memref<4xf32>
      memref.alloca_scope.return %z : f32
    }
    memref.store %y, %out[%i] : memref<4xf32>
  }
  return
}
