// Upstream pipeline: vector.transfer_read / transfer_write and vector.load /
// store ([op.vector.transfer], [op.vector.load]) on a buffer made per
// iteration, with a vector accumulator carried by the loop; the reads at 12
// run past the end of the 16 elements (padding) and the write there skips
// the lanes past it, as LLVM's masked loads and stores do. The buffer of
// the last iteration is returned.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @tiles SAFE

func.func @tiles(%n: index, %x: f32, %out: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %pad = arith.constant 1.0 : f32
  %trips = arith.minui %n, %c3 : index
  %first = memref.alloc() : memref<16xf32>
  %b = vector.broadcast %x : f32 to vector<16xf32>
  vector.store %b, %first[%c0] : memref<16xf32>, vector<16xf32>
  %zero = vector.broadcast %pad : f32 to vector<8xf32>
  %r:2 = scf.for %i = %c0 to %trips step %c1 iter_args(%prev = %first, %acc = %zero) -> (memref<16xf32>, vector<8xf32>) {
    %m = memref.alloc() : memref<16xf32>
    %v = vector.transfer_read %prev[%c12], %pad : memref<16xf32>, vector<8xf32>
    %w = arith.addf %v, %acc : vector<8xf32>
    vector.store %b, %m[%c0] : memref<16xf32>, vector<16xf32>
    vector.transfer_write %w, %m[%c12] : vector<8xf32>, memref<16xf32>
    scf.yield %m, %w : memref<16xf32>, vector<8xf32>
  }
  %l = vector.load %r#0[%c0] : memref<16xf32>, vector<8xf32>
  %s = arith.addf %l, %r#1 : vector<8xf32>
  vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<8xf32>, memref<16xf32>
  return %r#0 : memref<16xf32>
}
