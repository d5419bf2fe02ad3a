// [op.math]: math ops compute their values as the C library does in double
// precision, rounded to the result type; dealloc-verify encodes absi, absf
// and copysign exactly and the others as uninterpreted functions, so a
// violation that depends on their values is replayed before it is reported.
// SPEC: [op.math], [verify.encoding.float]
// RUN: dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY

// |x| is never negative: the buffer is freed on every input.
// EXEC-LABEL: @absi_frees: SAFE
// VERIFY-LABEL: @absi_frees: SAFE
func.func @absi_frees(%x: i32) {
  %a = memref.alloc() : memref<2xf32>
  %m = math.absi %x : i32
  %z = arith.constant 0 : i32
  %neg = arith.cmpi slt, %m, %z : i32
  %min = arith.constant -2147483648 : i32
  %isMin = arith.cmpi eq, %x, %min : i32
  %bad = arith.xori %neg, %isMin : i1
  scf.if %bad {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// absf clears the sign: the buffer freed under "absf(x) >= 0" is freed for
// every x that is not NaN; for the NaN input it leaks. dealloc-run's own
// inputs are 0.0 only ([input.float]); dealloc-verify finds the NaN, which
// dealloc-run replays.
// EXEC-LABEL: @absf_sign: SAFE
// VERIFY-LABEL: @absf_sign: LEAK
// VERIFY: replayed by dealloc-run: LEAK
func.func @absf_sign(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %m = math.absf %x : f32
  %z = arith.constant 0.0 : f32
  %ok = arith.cmpf oge, %m, %z : f32
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A float result the encoding does not compute decides nothing here: SAFE
// in both tools.
// EXEC-LABEL: @transcendental_values: SAFE
// VERIFY-LABEL: @transcendental_values: SAFE
func.func @transcendental_values(%x: f32, %y: f32) -> f32 {
  %a = memref.alloc() : memref<6xf32>
  %c0 = arith.constant 0 : index
  %e = math.exp %x : f32
  %t = math.tanh %e : f32
  %s = math.sqrt %t : f32
  %p = math.powf %s, %y : f32
  %f = math.fma %p, %x, %y : f32
  %r = math.rsqrt %f : f32
  memref.store %r, %a[%c0] : memref<6xf32>
  %v = memref.load %a[%c0] : memref<6xf32>
  memref.dealloc %a : memref<6xf32>
  return %v : f32
}

// A leak decided by exp: exp(x) > 1 iff x > 0. dealloc-run's input 0.0
// frees. dealloc-verify's exp is uninterpreted: its candidate (exp(0) > 1)
// does not replay, so the answer is UNKNOWN, never SAFE.
// EXEC-LABEL: @leak_if_exp_large: SAFE
// VERIFY-LABEL: @leak_if_exp_large: UNKNOWN (counterexample LEAK
// VERIFY-SAME: did not reproduce
func.func @leak_if_exp_large(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %e = math.exp %x : f32
  %one = arith.constant 1.0 : f32
  %big = arith.cmpf ogt, %e, %one : f32
  scf.if %big {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A linalg body with math ops (One-Shot Bufferize's output of linalg.map).
// EXEC-LABEL: @linalg_map_abs: SAFE
// VERIFY-LABEL: @linalg_map_abs: SAFE
func.func @linalg_map_abs(%in: memref<2x3xf32>) {
  %out = memref.alloc() : memref<2x3xf32>
  linalg.map { math.absf } ins(%in : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  memref.dealloc %out : memref<2x3xf32>
  return
}
