// dealloc-run stops with UNKNOWN where an uninitialized value decides
// control flow ([op.uninit.control]); so does dealloc-verify, which tracks
// initializedness beside the contents ([verify.inputs]): where both
// branches do the same it must not answer SAFE. More decisions and the
// flow through arith ops and memory: uninit-decisions.mlir.
// SPEC: [op.uninit.control] [verify.inputs]
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s

// INTERP: @decide_on_uninit: UNKNOWN (1 input): uninitialized value decides control flow ([op.uninit.control])
// CHECK: @decide_on_uninit: UNKNOWN ({{.*}}uninitialized value decides control flow
func.func @decide_on_uninit() {
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %x = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%i0] : memref<2xi1>
  scf.if %v {
    memref.dealloc %x : memref<4xf32>
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  memref.dealloc %a : memref<2xi1>
  return
}
