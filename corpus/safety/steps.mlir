// Runs are bounded: beyond --max-steps the run is UNKNOWN, never SAFE.
// SPEC: [safety.steps] [safety.verdicts]
// RUN: not dealloc-run --max-steps 50 %s | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=DEFAULT

// CHECK-LABEL: @long_loop: UNKNOWN (1 input): step limit 50 reached
// DEFAULT-LABEL: @long_loop: SAFE (1 input)
func.func @long_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %a = memref.alloc() : memref<100xindex>
  scf.for %i = %c0 to %c100 step %c1 {
    memref.store %i, %a[%i] : memref<100xindex>
  }
  memref.dealloc %a : memref<100xindex>
  return
}

// Unbounded recursion hits the call-depth limit.
// CHECK-LABEL: @recursion: UNKNOWN
// DEFAULT-LABEL: @recursion: UNKNOWN (1 input): call depth limit 512 reached
func.func private @down(%n: index) {
  call @down(%n) : (index) -> ()
  return
}
func.func @recursion() {
  %c0 = arith.constant 0 : index
  call @down(%c0) : (index) -> ()
  return
}
