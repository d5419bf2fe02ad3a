// [op.vector.transfer.mask]: masked-off lanes read the padding and are not
// written, in dealloc-run as in the compiled program under valgrind. On the
// inputs 0, 1, 2: @masked_read frees iff lane 3 (masked off for n < 4) has
// the padding; @masked_write leaks where lane 1 is written (n = 2).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @masked_read SAFE
// EXPECT: @masked_write SAFE SAFE LEAK

func.func @masked_read(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %ones = arith.constant dense<1.0> : vector<4xf32>
  vector.store %ones, %m[%c0] : memref<4xf32>, vector<4xf32>
  %pad = arith.constant 7.0 : f32
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.transfer_read %m[%c0], %pad, %mask {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  %l = vector.extract %v[3] : f32 from vector<4xf32>
  %p = arith.cmpf oeq, %l, %pad : f32
  scf.if %p {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

func.func @masked_write(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zeros = arith.constant dense<0.0> : vector<4xf32>
  vector.store %zeros, %m[%c0] : memref<4xf32>, vector<4xf32>
  %ones = arith.constant dense<1.0> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  vector.transfer_write %ones, %m[%c0], %mask {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %e = memref.load %m[%c1] : memref<4xf32>
  %w = arith.cmpf oeq, %e, %z : f32
  scf.if %w {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
