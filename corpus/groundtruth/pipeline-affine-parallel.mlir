// Both pipelines on a result-less affine.parallel ([op.affine.parallel])
// whose iterations allocate: each iteration's buffer is freed in it; the
// compiled program under valgrind agrees with dealloc-run.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @tile_temps SAFE

func.func @tile_temps(%n: index, %out: memref<4x4xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (min(4, symbol(%n)), 4) step (1, 2) {
    %t = memref.alloc() : memref<2xf32>
    %v = affine.load %out[%i, %j] : memref<4x4xf32>
    affine.store %v, %t[0] : memref<2xf32>
    affine.store %v, %t[1] : memref<2xf32>
    %w = affine.load %t[1] : memref<2xf32>
    affine.store %w, %out[%i, %j + 1] : memref<4x4xf32>
  }
  return
}
