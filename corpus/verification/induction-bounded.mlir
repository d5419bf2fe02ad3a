// Loops the induction of [verify.induction] must not prove: the abstract
// iteration reaches a violation, or the code after the loop does, so the
// answer is the exact check's (loops unrolled, [verify.bound]): a violation
// within the bound, or bounded UNKNOWN. Never SAFE.
// SPEC: [verify.induction]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --unroll 8 %s 2>/dev/null | FileCheck %s --check-prefix=UNROLL8

// Leaks from the sixth iteration on: beyond the bound of 4.
// CHECK-LABEL: @leak_past_bound: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5 iterates more
// UNROLL8-LABEL: @leak_past_bound: LEAK on input 6 (
func.func @leak_past_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<2xf32>
    %early = arith.cmpi ult, %i, %c5 : index
    scf.if %early {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// Leaks in the third iteration only.
// CHECK-LABEL: @leak_in_third: LEAK on input 3 (
// CHECK: replayed by dealloc-run: LEAK
func.func @leak_in_third(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<2xf32>
    %third = arith.cmpi eq, %i, %c2 : index
    scf.if %third {
    } else {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// A buffer allocated before the loop is freed in every other iteration
// (and after the loop if the loop did not free it).
// CHECK-LABEL: @double_free_alternating: DOUBLE_FREE on input 4 (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free_alternating(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %false) -> i1 {
    scf.if %t {
      memref.dealloc %a : memref<2xf32>
    }
    %nt = arith.xori %t, %true : i1
    scf.yield %nt : i1
  }
  %c2 = arith.constant 2 : index
  %once = arith.cmpi slt, %n, %c2 : index
  scf.if %once {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The carried buffer is freed but carried on: freed twice in iteration 2.
// CHECK-LABEL: @free_carried: DOUBLE_FREE on input 2 (
func.func @free_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    memref.dealloc %x : memref<2xf32>
    scf.yield %x : memref<2xf32>
  }
  %none = arith.cmpi sle, %n, %c0 : index
  scf.if %none {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The loop itself is safe for every trip count, but the code after it
// leaks once the loop ran more than 5 times: the induction proves the loop,
// the continuation after it is not SAFE, and the exact check answers.
// CHECK-LABEL: @leak_after_loop: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5 iterates more
// UNROLL8-LABEL: @leak_after_loop: LEAK on input 6 (
func.func @leak_after_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32>
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%j = %c0) -> index {
    %b = memref.alloc() : memref<2xf32>
    memref.dealloc %b : memref<2xf32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1 : index
  }
  %few = arith.cmpi ule, %k, %c5 : index
  scf.if %few {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A buffer carried but dropped (not freed) when the input says so: a leak
// that only the unrolling reports, with its input.
// CHECK-LABEL: @drop_carried: LEAK on input 1,false (
func.func @drop_carried(%n: index, %c: i1) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> memref<2xf32> {
    %new = memref.alloc() : memref<2xf32>
    %s = arith.select %c, %new, %x : memref<2xf32>
    scf.yield %s : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// An scf.while that leaks from the sixth iteration on.
// CHECK-LABEL: @while_leak_past_bound: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5 iterates more
// UNROLL8-LABEL: @while_leak_past_bound: LEAK on input 6 (
func.func @while_leak_past_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %a = memref.alloc() : memref<2xf32>
    %early = arith.cmpi ult, %j, %c5 : index
    scf.if %early {
      memref.dealloc %a : memref<2xf32>
    }
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  return
}

// A 1-D scf.parallel leaking in its third iteration: not proved by
// induction, the exact check finds the leak.
// CHECK-LABEL: @parallel_leak_in_third: LEAK on input 3 (
// CHECK: replayed by dealloc-run: LEAK
func.func @parallel_leak_in_third(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.alloc() : memref<2xf32>
    %third = arith.cmpi eq, %i, %c2 : index
    scf.if %third {
    } else {
      memref.dealloc %a : memref<2xf32>
    }
    scf.reduce
  }
  return
}

// Leaks from the sixth iteration on: beyond the bound of 4.
// CHECK-LABEL: @parallel_leak_past_bound: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5 iterates more
// UNROLL8-LABEL: @parallel_leak_past_bound: LEAK on input 6 (
func.func @parallel_leak_past_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.alloc() : memref<2xf32>
    %early = arith.cmpi ult, %i, %c5 : index
    scf.if %early {
      memref.dealloc %a : memref<2xf32>
    }
    scf.reduce
  }
  return
}
