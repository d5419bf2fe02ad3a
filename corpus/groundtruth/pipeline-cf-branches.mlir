// Upstream pipeline: cf.br / cf.cond_br passing memrefs as block arguments,
// a diamond that may replace the buffer. (Unstructured cf loops are
// rejected by upstream: "Only structured control-flow loops are supported".)
// Checked twice: after the whole pipeline and after the ownership pass alone.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --ownership %s
// EXPECT: @diamond SAFE
// EXPECT: @chain SAFE

func.func @diamond(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  cf.cond_br %c, ^left, ^right
^left:
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %0, %1 : memref<2xf32> to memref<2xf32>
  cf.br ^join(%1 : memref<2xf32>)
^right:
  %f = arith.constant 2.0 : f32
  %c1 = arith.constant 1 : index
  memref.store %f, %0[%c1] : memref<2xf32>
  cf.br ^join(%0 : memref<2xf32>)
^join(%m: memref<2xf32>):
  return %m : memref<2xf32>
}

func.func @chain(%c: i1, %d: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2(%a : memref<2xf32>)
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  cf.cond_br %d, ^bb2(%0 : memref<2xf32>), ^bb3(%0 : memref<2xf32>)
^bb2(%m: memref<2xf32>):
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %m, %1 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%r: memref<2xf32>):
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}
