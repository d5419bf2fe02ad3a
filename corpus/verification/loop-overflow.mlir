// A loop is left when its induction variable plus the step overflows
// ([op.scf.for], [op.scf.parallel]): dealloc-verify's encoding must not
// wrap around and run more iterations than dealloc-run does.
// SPEC: [op.scf.for]
// SPEC: [op.scf.parallel]
// RUN: dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: dealloc-run %s | FileCheck %s

// One iteration (at INT64_MAX - 1), then the sum overflows: freed once.
// CHECK-LABEL: @for_overflow_exit: SAFE
func.func @for_overflow_exit() {
  %lb = arith.constant 9223372036854775806 : index
  %ub = arith.constant 9223372036854775807 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %lb to %ub step %c2 {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The same with an unsigned comparison at UINT64_MAX - 1.
// CHECK-LABEL: @for_unsigned_overflow_exit: SAFE
func.func @for_unsigned_overflow_exit() {
  %lb = arith.constant -2 : index
  %ub = arith.constant -1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for unsigned %i = %lb to %ub step %c2 {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// One point of a 2-D space per overflowing dimension.
// CHECK-LABEL: @parallel_overflow_exit: SAFE
func.func @parallel_overflow_exit() {
  %lb = arith.constant 9223372036854775806 : index
  %ub = arith.constant 9223372036854775807 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  scf.parallel (%i, %j) = (%lb, %c0) to (%ub, %c1) step (%c2, %c1) {
    memref.dealloc %a : memref<2xf32>
    scf.reduce
  }
  return
}
