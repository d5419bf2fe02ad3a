// [verify.encoding.calls.recursive]: calls on a call cycle are summarised by
// the callees' contracts, the induction hypothesis; each function of the
// cycle is checked against its own contract under it. This proves partial
// correctness: every run that terminates keeps the contract (@forever below
// never terminates: SAFE, while dealloc-run reaches its call depth limit).
// A violation found under the hypothesis is reported when dealloc-run
// replays it.
// SPEC: [verify.encoding.calls.recursive] [safety.verdicts]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @countdown: SAFE
// EXEC-LABEL: @countdown: SAFE
func.func @countdown(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @countdown(%m) : (index) -> ()
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// Leaks in the activation whose %n is 2: every run from %n >= 2 reaches it.
// CHECK-LABEL: @leak_at_two: LEAK on input 2
// CHECK: replayed by dealloc-run: LEAK [heap.leak]
// EXEC-LABEL: @leak_at_two: LEAK
func.func @leak_at_two(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<4xf32>
  %two = arith.cmpi eq, %n, %c2 : index
  scf.if %two {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @leak_at_two(%m) : (index) -> ()
  }
  return
}

// Mutual recursion through results: @ping and @pong return fresh buffers.
// CHECK-LABEL: @ping: SAFE
// CHECK-LABEL: @pong: SAFE
// EXEC-LABEL: @ping: SAFE
// EXEC-LABEL: @pong: SAFE
func.func @ping(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi sle, %n, %c0 : index
  %r = scf.if %done -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %p = func.call @pong(%m) : (index) -> memref<4xf32>
    scf.yield %p : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @pong(%n: index) -> memref<4xf32> {
  %t = memref.alloc() : memref<4xf32>
  %r = func.call @ping(%n) : (index) -> memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return %r : memref<4xf32>
}

// A private recursive function behind a public one.
// CHECK-LABEL: @sum_wrapper: SAFE
// EXEC-LABEL: @sum_wrapper: SAFE
func.func private @sum(%n: index, %acc: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc() : memref<4xf32>
  memref.copy %acc, %out : memref<4xf32> to memref<4xf32>
  %more = arith.cmpi sgt, %n, %c0 : index
  %r = scf.if %more -> memref<4xf32> {
    %m = arith.subi %n, %c1 : index
    %s = func.call @sum(%m, %out) : (index, memref<4xf32>) -> memref<4xf32>
    memref.dealloc %out : memref<4xf32>
    scf.yield %s : memref<4xf32>
  } else {
    scf.yield %out : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @sum_wrapper(%n: index, %x: memref<4xf32>) -> memref<4xf32> {
  %r = func.call @sum(%n, %x) : (index, memref<4xf32>) -> memref<4xf32>
  return %r : memref<4xf32>
}

// The base case returns the argument: the contract fails, and the answer
// is the violation of the activation at %n = 0, replayed.
// CHECK-LABEL: @returns_arg: ABI_VIOLATION on input 0,
// CHECK: replayed by dealloc-run: ABI_VIOLATION
// EXEC-LABEL: @returns_arg: ABI_VIOLATION
func.func @returns_arg(%n: index, %a: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  %r = scf.if %more -> memref<4xf32> {
    %m = arith.subi %n, %c1 : index
    %s = func.call @returns_arg(%m, %a) : (index, memref<4xf32>) -> memref<4xf32>
    scf.yield %s : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Soundness: @frees_result relies on @aliasing's contract, which fails
// (at %n = 1 it returns its argument); neither is SAFE. The violation
// @frees_result reaches needs @aliasing's broken contract, which the check
// under the hypothesis does not see: UNKNOWN, not SAFE.
// CHECK-LABEL: @frees_result: UNKNOWN (recursive call to @frees_result is not encoded
// CHECK-LABEL: @aliasing: ABI_VIOLATION on input 1,
// CHECK: replayed by dealloc-run: ABI_VIOLATION
// EXEC-LABEL: @frees_result: ABI_VIOLATION
// EXEC-LABEL: @aliasing: ABI_VIOLATION
func.func @frees_result(%n: index, %a: memref<4xf32>) {
  %r = func.call @aliasing(%n, %a) : (index, memref<4xf32>) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}
func.func @aliasing(%n: index, %a: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.cmpi eq, %n, %c1 : index
  %r = scf.if %one -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    %more = arith.cmpi sgt, %n, %c0 : index
    scf.if %more {
      %t = memref.alloc() : memref<4xf32>
      func.call @frees_result(%c0, %t) : (index, memref<4xf32>) -> ()
      memref.dealloc %t : memref<4xf32>
    }
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Partial correctness: no run terminates, so none breaks the contract.
// CHECK-LABEL: @forever: SAFE
// EXEC-LABEL: @forever: UNKNOWN (1 input): call depth limit 512 reached
func.func @forever() {
  %a = memref.alloc() : memref<4xf32>
  func.call @forever() : () -> ()
  memref.dealloc %a : memref<4xf32>
  return
}
