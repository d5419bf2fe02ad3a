// arith.bitcast ([op.arith.bitcast]): the bits read as the other type, on
// scalars and vector lanes, through memory too. Each function frees its
// buffer only if the bits are the right ones, so a wrong semantics shows up
// as a LEAK. A NaN's bits are not pinned down: dealloc-verify answers
// UNKNOWN (not SAFE) where a free depends on them. Both pipelines on a
// program with a bitcast: corpus/pipeline/blind-more.mlir @bitcast_and_ext.
// SPEC: [op.arith.bitcast]
// RUN: dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-run --input=-1 --function=sign_of_bits %s | FileCheck %s --check-prefix=NEG
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// EXEC-LABEL: @constants: SAFE (1 input)
// VERIFY-LABEL: @constants: SAFE{{$}}
func.func @constants() {
  %a = memref.alloc() : memref<2xf32>
  %one = arith.constant 1.0 : f32
  %b = arith.bitcast %one : f32 to i32
  %e = arith.constant 1065353216 : i32
  %ok1 = arith.cmpi eq, %b, %e : i32
  %h = arith.constant 15360 : i16
  %hf = arith.bitcast %h : i16 to f16
  %hone = arith.constant 1.0 : f16
  %ok2 = arith.cmpf oeq, %hf, %hone : f16
  %v = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %vb = arith.bitcast %v : vector<2xf32> to vector<2xi32>
  %l = vector.extract %vb[1] : i32 from vector<2xi32>
  %two = arith.constant 1073741824 : i32
  %ok3 = arith.cmpi eq, %l, %two : i32
  %k = arith.andi %ok1, %ok2 : i1
  %ok = arith.andi %k, %ok3 : i1
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Any i32 stored as a float and read back gives its bits again, or a NaN.
// EXEC-LABEL: @roundtrip: SAFE
// VERIFY-LABEL: @roundtrip: SAFE{{$}}
func.func @roundtrip(%x: i32) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.bitcast %x : i32 to f32
  %c0 = arith.constant 0 : index
  memref.store %f, %a[%c0] : memref<2xf32>
  %g = memref.load %a[%c0] : memref<2xf32>
  %y = arith.bitcast %g : f32 to i32
  %same = arith.cmpi eq, %x, %y : i32
  %nan = arith.cmpf uno, %f, %f : f32
  %ok = arith.ori %same, %nan : i1
  %t = memref.alloc() : memref<1xi8>
  scf.if %ok {
    memref.dealloc %t : memref<1xi8>
  }
  return %a : memref<2xf32>
}

// The float read from the bits decides the free: on the bits of a negative
// float (or a NaN) the buffer leaks.
// EXEC-LABEL: @sign_of_bits: SAFE (3 inputs)
// VERIFY-LABEL: @sign_of_bits: LEAK on input -{{[0-9]+}}
// VERIFY: replayed by dealloc-run: LEAK
// NEG: @sign_of_bits: LEAK (1 input)
func.func @sign_of_bits(%x: i64) {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.bitcast %x : i64 to f64
  %z = arith.constant 0.0 : f64
  %pos = arith.cmpf oge, %f, %z : f64
  scf.if %pos {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Only the bits of pi leak. A NaN input's bits are any NaN's, never those
// of pi, so the counterexample is pi itself (replayed).
// EXEC-LABEL: @pi_bits: SAFE (1 input)
// VERIFY-LABEL: @pi_bits: LEAK on input 3.14159
// VERIFY: replayed by dealloc-run: LEAK
func.func @pi_bits(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %b = arith.bitcast %x : f32 to i32
  %k = arith.constant 1078530011 : i32
  %pi = arith.cmpi eq, %b, %k : i32
  scf.if %pi {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// 0/0 is a NaN; its bits are those of the platform. dealloc-run holds one
// NaN; dealloc-verify lets it have any bits, finds a leak and cannot replay
// it (0x7FC00000 is a NaN's bits).
// EXEC-LABEL: @nan_bits: SAFE (1 input)
// VERIFY-LABEL: @nan_bits: UNKNOWN (counterexample LEAK
func.func @nan_bits() -> i32 {
  %z = arith.constant 0.0 : f32
  %n = arith.divf %z, %z : f32
  %b = arith.bitcast %n : f32 to i32
  %q = arith.constant 2143289344 : i32
  %is = arith.cmpi eq, %b, %q : i32
  %a = memref.alloc() : memref<1xi8>
  scf.if %is {
  } else {
    memref.dealloc %a : memref<1xi8>
  }
  return %b : i32
}
