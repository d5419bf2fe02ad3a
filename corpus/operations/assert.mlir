// A failed cf.assert aborts the program: the input ends without a leak check
// and is counted as aborted; it is not a violation.
// SPEC: [op.cf.assert]
// RUN: dealloc-run %s | FileCheck %s
// RUN: dealloc-run --all-inputs %s | FileCheck %s --check-prefix=ALL

// CHECK-LABEL: @abort_skips_leak_check: SAFE (2 inputs, 1 aborted by cf.assert)
// ALL-LABEL: @abort_skips_leak_check(false): SAFE (aborted by cf.assert)
// ALL-NEXT:    reason: [op.cf.assert] cf.assert failed at
// ALL-LABEL: @abort_skips_leak_check(true): SAFE
func.func @abort_skips_leak_check(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.assert %c, "must hold"
  memref.dealloc %a : memref<2xf32>
  return
}
