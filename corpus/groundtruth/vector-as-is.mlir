// Broken by hand: a vector.transfer_read of a buffer freed on one branch
// (USE_AFTER_FREE, [heap.use] through the op's memory effects), and a
// buffer written by a transfer and never freed (LEAK).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @read_after_free SAFE USE_AFTER_FREE
// EXPECT: @leak LEAK

func.func @read_after_free(%c: i1) -> f32 {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<16xf32>
  %b = vector.broadcast %pad : f32 to vector<16xf32>
  vector.store %b, %m[%c0] : memref<16xf32>, vector<16xf32>
  scf.if %c {
    memref.dealloc %m : memref<16xf32>
  }
  %w = vector.transfer_read %m[%c0], %pad {in_bounds = [true]} : memref<16xf32>, vector<8xf32>
  %s = vector.reduction <add>, %w : vector<8xf32> into f32
  scf.if %c {
  } else {
    memref.dealloc %m : memref<16xf32>
  }
  return %s : f32
}

func.func @leak(%i: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %j = arith.minui %i, %c4 : index
  %m = memref.alloc() : memref<8xi32>
  %k = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  vector.transfer_write %k, %m[%j] : vector<4xi32>, memref<8xi32>
  %e = memref.load %m[%j] : memref<8xi32>
  return %e : i32
}
