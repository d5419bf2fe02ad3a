// Upstream pipeline: an affine.for allocating in each iteration, with
// affine.load / affine.store at computed indices and an affine.if
// ([op.affine.for], [op.affine.if], [op.affine.access]); the dealloc ends
// each iteration. (Upstream's pass produces invalid IR for an affine.for
// that carries a memref: corpus/operations/affine-control.mlir has that
// case through the reference pass.)
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @per_iteration SAFE

func.func @per_iteration(%n: index, %out: memref<2xf32>) {
  affine.for %i = 0 to min affine_map<(d0) -> (d0, 3)>(%n) {
    %b = memref.alloc() : memref<2xf32>
    %v = affine.load %out[%i mod 2] : memref<2xf32>
    affine.store %v, %b[(%i + 1) mod 2] : memref<2xf32>
    affine.store %v, %b[%i mod 2] : memref<2xf32>
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      memref.copy %b, %out : memref<2xf32> to memref<2xf32>
    }
  }
  return
}
