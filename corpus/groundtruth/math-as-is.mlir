// [op.math]: math ops compute what the compiled program computes, so a free
// decided by them happens in both. On the input 0.0: exp(0) = 1, so
// @exp_decides frees and @exp_leaks (the comparison reversed) leaks;
// sqrt(|x| + 4) = 2 decides @sqrt_decides.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @exp_decides SAFE
// EXPECT: @exp_leaks LEAK
// EXPECT: @sqrt_decides SAFE

func.func @exp_decides(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %e = math.exp %x : f32
  %one = arith.constant 1.0 : f32
  %eq = arith.cmpf oeq, %e, %one : f32
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @exp_leaks(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %e = math.exp %x : f32
  %one = arith.constant 1.0 : f32
  %ne = arith.cmpf one, %e, %one : f32
  scf.if %ne {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @sqrt_decides(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %m = math.absf %x : f32
  %four = arith.constant 4.0 : f32
  %s0 = arith.addf %m, %four : f32
  %s = math.sqrt %s0 : f32
  %two = arith.constant 2.0 : f32
  %eq = arith.cmpf oeq, %s, %two : f32
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
