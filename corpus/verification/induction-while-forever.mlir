// scf.while loops that never end once entered, deallocated by hand (the
// pipelines' canonicalization deletes a loop without side effects).
// [verify.induction] needs no termination argument: SAFE is partial
// correctness, no violation in any iteration of any run and, where a run
// never returns, no leak ([heap.leak] is decided at the return).
// dealloc-run stops such runs at its step limit ([safety.steps]): UNKNOWN,
// which is no disagreement. A loop that never ends and allocates without
// freeing fails the induction's required invariant (a live buffer of the
// iteration that no iter_arg views): bounded UNKNOWN, never a LEAK nobody
// can replay, nor SAFE.
// SPEC: [verify.induction] [safety.steps] [safety.verdicts]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC

// The index it carries never changes: with %n > 0 no run returns; with
// %n <= 0 the buffer is freed after the loop.
// CHECK-LABEL: @while_forever: SAFE
// EXEC-LABEL: @while_forever: UNKNOWN (3 inputs): step limit 1000000 reached ([safety.steps])
// EXEC-NEXT:    input: 1
func.func @while_forever(%n: index) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %a = memref.alloc() : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
    scf.yield %j : index
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// A condition that is always true, a scratch buffer freed in every
// iteration, a free after the loop that no run reaches.
// CHECK-LABEL: @spin_then_free: SAFE
// EXEC-LABEL: @spin_then_free: UNKNOWN (1 input): step limit 1000000 reached ([safety.steps])
func.func @spin_then_free(%x: f32) {
  %b = memref.alloc() : memref<4xf32>
  %true = arith.constant true
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    %t = memref.alloc() : memref<16xf32>
    memref.dealloc %t : memref<16xf32>
    scf.yield
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// Leaks a buffer in every iteration of a loop that never ends, frees %b
// after it: no run both leaks and returns, but the proof needs every live
// buffer of an iteration carried, so: bounded.
// CHECK-LABEL: @forever_leak: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 1 iterates more
// EXEC-LABEL: @forever_leak: UNKNOWN (3 inputs): step limit 1000000 reached ([safety.steps])
func.func @forever_leak(%n: i32) {
  %b = memref.alloc() : memref<4xf32>
  %zero = arith.constant 0 : i32
  %go = arith.cmpi sgt, %n, %zero : i32
  scf.while : () -> () {
    scf.condition(%go)
  } do {
    %t = memref.alloc() : memref<16xf32>
    scf.yield
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// The same with a condition that is always true: unrolled to 1024
// iterations ([verify.bound]), then bounded.
// CHECK-LABEL: @forever_true_leak: UNKNOWN (bounded: no violation with loops unrolled 1024 times
// EXEC-LABEL: @forever_true_leak: UNKNOWN (1 input): step limit 1000000 reached ([safety.steps])
func.func @forever_true_leak() {
  %b = memref.alloc() : memref<4xf32>
  %true = arith.constant true
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    %t = memref.alloc() : memref<16xf32>
    scf.yield
  }
  memref.dealloc %b : memref<4xf32>
  return
}
