// Calls of public functions whose contract check is SAFE may be encoded by
// the contract; any answer of such a check but SAFE is replaced by the check
// with the calls inlined, so every verdict below is that of the exact
// encoding, and every counterexample replays.
// SPEC: [verify.encoding.calls.summary] [verify.report.json]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// With --json, a SAFE answer lists the callees it summarised ([verify.report.json]):
// RUN: not dealloc-verify --json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// JSON: {"function":"top","seconds":{{[0-9.]+}},"summarised":["mid"],"verdict":"SAFE"}
// JSON-NEXT: {"function":"mid","seconds":{{[0-9.]+}},"summarised":["leaf"],"verdict":"SAFE"}
// JSON-NEXT: {"function":"leaf","seconds":{{[0-9.]+}},"verdict":"SAFE"}

// A chain: @leaf's and @mid's contract checks are SAFE, so @mid's call of
// @leaf and @top's call of @mid can be summarised.
// CHECK-LABEL: @top: SAFE
func.func @top(%a: memref<4xf32>) -> memref<4xf32> {
  %n = memref.alloc() : memref<4xf32>
  memref.copy %a, %n : memref<4xf32> to memref<4xf32>
  %r = call @mid(%n) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %n : memref<4xf32>
  return %r : memref<4xf32>
}

// CHECK-LABEL: @mid: SAFE
func.func @mid(%a: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  %r = call @leaf(%a) : (memref<4xf32>) -> memref<4xf32>
  memref.store %v, %r[%c0] : memref<4xf32>
  return %r : memref<4xf32>
}

// CHECK-LABEL: @leaf: SAFE
func.func @leaf(%a: memref<4xf32>) -> memref<4xf32> {
  %n = memref.alloc() : memref<4xf32>
  memref.copy %a, %n : memref<4xf32> to memref<4xf32>
  return %n : memref<4xf32>
}

// A caller's own bug next to a summarised call: the counterexample comes
// from the exact encoding and replays.
// CHECK-LABEL: @caller_bug: DOUBLE_FREE on input true,b0 (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @caller_bug(%c: i1, %a: memref<4xf32>) {
  %r = call @leaf(%a) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  scf.if %c {
    memref.dealloc %r : memref<4xf32>
  }
  return
}

// A callee that frees its argument has no contract: its callers inline it
// and reach the violation, and its own check reports it.
// CHECK-LABEL: @calls_freeing: INVALID_FREE on input "" (
// CHECK: replayed by dealloc-run: INVALID_FREE
func.func @calls_freeing() {
  %a = memref.alloc() : memref<2xf32>
  call @frees_arg(%a) : (memref<2xf32>) -> ()
  memref.dealloc %a : memref<2xf32>
  return
}

// CHECK-LABEL: @frees_arg: INVALID_FREE on input b0 (
func.func @frees_arg(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}

// A callee SAFE only for zero argument contents (the entry model of
// [verify.inputs]) has no contract: a caller that stores 1 first reaches
// its leak, with the callee inlined.
// CHECK-LABEL: @sets_flag: LEAK on input "" (
// CHECK: replayed by dealloc-run: LEAK
func.func @sets_flag() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %m = memref.alloc() : memref<1xi32>
  memref.store %one, %m[%c0] : memref<1xi32>
  call @flag_leak(%m) : (memref<1xi32>) -> ()
  memref.dealloc %m : memref<1xi32>
  return
}

// CHECK-LABEL: @flag_leak: SAFE
func.func @flag_leak(%m: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %v = memref.load %m[%c0] : memref<1xi32>
  %set = arith.cmpi ne, %v, %z : i32
  scf.if %set {
    %x = memref.alloc() : memref<2xf32>
  }
  return
}

// A bounded callee has no contract: inlined, its loop bounds the caller.
// CHECK-LABEL: @calls_loop: UNKNOWN (bounded: no violation with loops unrolled 4 times
func.func @calls_loop(%n: index) -> memref<2xf32> {
  %r = call @loop(%n) : (index) -> memref<2xf32>
  return %r : memref<2xf32>
}

// CHECK-LABEL: @loop: UNKNOWN (bounded: no violation with loops unrolled 4 times
func.func @loop(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // Leaks from the sixth iteration on: no induction proof, bounded.
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<2xf32>
    %early = arith.cmpi ult, %i, %c5 : index
    scf.if %early {
      memref.dealloc %t : memref<2xf32>
    }
  }
  %r = memref.alloc() : memref<2xf32>
  return %r : memref<2xf32>
}

// A callee returning a subview at an offset: its result is not of fresh
// shape, so it has no contract; its callers inline it.
// CHECK-LABEL: @calls_offset: SAFE
func.func @calls_offset() {
  %c0 = arith.constant 0 : index
  %r = call @offset_result() : () -> memref<2xf32, strided<[1], offset: ?>>
  %v = memref.load %r[%c0] : memref<2xf32, strided<[1], offset: ?>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %r : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return
}

// CHECK-LABEL: @offset_result: SAFE
func.func @offset_result() -> memref<2xf32, strided<[1], offset: ?>> {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %r = memref.cast %s : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32, strided<[1], offset: ?>>
  return %r : memref<2xf32, strided<[1], offset: ?>>
}

// An argument outside the contract model (a subview at an offset where the
// model has offset 0): the call is inlined, and the caller is SAFE.
// CHECK-LABEL: @passes_offset: SAFE
func.func @passes_offset() {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %d = memref.cast %s : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32, strided<[1], offset: ?>>
  %r = call @reads_dyn(%d) : (memref<2xf32, strided<[1], offset: ?>>) -> memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: @reads_dyn: SAFE
func.func @reads_dyn(%m: memref<2xf32, strided<[1], offset: ?>>) -> memref<2xf32> {
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1] : memref<2xf32, strided<[1], offset: ?>>
  %r = memref.alloc() : memref<2xf32>
  memref.store %v, %r[%c1] : memref<2xf32>
  return %r : memref<2xf32>
}

// A call whose argument may be freed is outside the contract model: the
// check with summaries stops there, and the exact check finds the use after
// free inside @leaf.
// CHECK-LABEL: @maybe_freed: USE_AFTER_FREE on input true (
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
func.func @maybe_freed(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %r = call @leaf(%a) : (memref<4xf32>) -> memref<4xf32>
  scf.if %c {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Upstream's pipeline output for a call of a public function: the caller
// frees its buffer unless its address is the result's. The summary's result
// is a fresh buffer, so the comparison is decided and the call summarised.
// CHECK-LABEL: @upstream_caller: SAFE
func.func @upstream_caller(%arg0: memref<4xf32>) -> memref<4xf32> {
  %alloc = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
  %0 = call @leaf(%alloc) : (memref<4xf32>) -> memref<4xf32>
  %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<4xf32> -> index
  %intptr_0 = memref.extract_aligned_pointer_as_index %0 : memref<4xf32> -> index
  %1 = arith.cmpi ne, %intptr, %intptr_0 : index
  scf.if %1 {
    memref.dealloc %alloc : memref<4xf32>
  }
  return %0 : memref<4xf32>
}
