// [op.vector.maskedload]: masked-off lanes take the pass-through lane and
// are not written, in dealloc-run as in the compiled program (LLVM's masked
// load and store intrinsics) under valgrind. On the inputs 0, 1, 2: lane 1
// is set only for n = 2; @masked_load frees its buffer iff lane 1 is the
// pass-through 7.0, @masked_store iff lane 1 was not written.
// SPEC: [op.vector.maskedload]
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @masked_load SAFE SAFE LEAK
// EXPECT: @masked_store SAFE SAFE LEAK

func.func @masked_load(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %ones = arith.constant dense<1.0> : vector<4xf32>
  vector.store %ones, %m[%c0] : memref<4xf32>, vector<4xf32>
  %pass = arith.constant dense<7.0> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.maskedload %m[%c0], %mask, %pass : memref<4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %l = vector.extract %v[1] : f32 from vector<4xf32>
  %seven = arith.constant 7.0 : f32
  %p = arith.cmpf oeq, %l, %seven : f32
  scf.if %p {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

func.func @masked_store(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zeros = arith.constant dense<0.0> : vector<4xf32>
  vector.store %zeros, %m[%c0] : memref<4xf32>, vector<4xf32>
  %ones = arith.constant dense<1.0> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  vector.maskedstore %m[%c0], %mask, %ones : memref<4xf32>, vector<4xi1>, vector<4xf32>
  %e = memref.load %m[%c1] : memref<4xf32>
  %w = arith.cmpf oeq, %e, %z : f32
  scf.if %w {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
