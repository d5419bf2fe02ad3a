// Counterexamples are replayed by dealloc-run. Here the encoding lets an
// uninitialized flag take any value (an over-approximation), while
// dealloc-run stops with UNKNOWN when an uninitialized value decides control
// flow ([op.uninit.control]): the counterexample does not reproduce, and the
// answer is UNKNOWN saying so.
// SPEC: [verify.replay]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --no-replay --function reproduces %s 2>/dev/null | FileCheck %s --check-prefix=NOREPLAY

// CHECK-LABEL: @uninit_flag: UNKNOWN (counterexample DOUBLE_FREE
// CHECK-SAME: did not reproduce: dealloc-run says UNKNOWN
func.func @uninit_flag() {
  %f = memref.alloc() : memref<1xi1>
  %c0 = arith.constant 0 : index
  %x = memref.load %f[%c0] : memref<1xi1>
  %a = memref.alloc() : memref<2xf32>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %f : memref<1xi1>
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
