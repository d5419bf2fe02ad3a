// Counterexamples are replayed by dealloc-run. Here the encoding lets an
// uninterpreted float op (arith.maximumf, [verify.encoding.float]) take any
// value (an over-approximation), while dealloc-run computes it: the
// counterexample does not reproduce, and the answer is UNKNOWN saying so.
// SPEC: [verify.replay]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --no-replay --function reproduces %s 2>/dev/null | FileCheck %s --check-prefix=NOREPLAY

// CHECK-LABEL: @uninterpreted_float: UNKNOWN (counterexample DOUBLE_FREE
// CHECK-SAME: did not reproduce: dealloc-run says SAFE
func.func @uninterpreted_float() {
  %one = arith.constant 1.0 : f32
  %m = arith.maximumf %one, %one : f32
  %x = arith.cmpf oeq, %m, %one : f32
  %a = memref.alloc() : memref<2xf32>
  scf.if %x {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}

// CHECK-LABEL: @reproduces: DOUBLE_FREE on input true (
// CHECK: replayed by dealloc-run: DOUBLE_FREE [heap.free.twice]
// NOREPLAY: @reproduces: UNKNOWN (counterexample DOUBLE_FREE
// NOREPLAY-SAME: was not replayed (--no-replay)
func.func @reproduces(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}
