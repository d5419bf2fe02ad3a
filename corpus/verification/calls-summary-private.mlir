// Calls of private functions are summarised like those of public ones when
// the callee's contract check is SAFE; a private callee that does not keep
// the public boundary's contract is inlined, so every verdict below is that
// of the exact encoding. Only public functions are answered.
// SPEC: [verify.encoding.calls.summary]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// JSON: {"function":"top","seconds":{{[0-9.]+}},"summarised":["mid"],"verdict":"SAFE"}
// JSON-NEXT: {"function":"owner_passed","seconds":{{[0-9.]+}},"verdict":"SAFE"}
// JSON-NEXT: {"clause":"[heap.free.twice]","function":"owner_passed_twice","input":"",{{.*}}"verdict":"DOUBLE_FREE"}
// JSON-NEXT: {"function":"returns_arg","seconds":{{[0-9.]+}},"verdict":"SAFE"}
// JSON-NEXT: {"function":"global_arg","seconds":{{[0-9.]+}},"verdict":"SAFE"}
// JSON-NEXT: {"function":"through_wrapper","seconds":{{[0-9.]+}},"summarised":["pub_leaf"],"verdict":"SAFE"}
// JSON-NEXT: {"function":"pub_leaf","seconds":{{[0-9.]+}},"verdict":"SAFE"}
// JSON-NOT: "function":"mid"
// JSON-NOT: "function":"leaf"
// A private function's own answer, when --function asks for it:
// RUN: dealloc-verify --function=leaf %s | FileCheck %s --check-prefix=ALONE
// ALONE: @leaf: SAFE
// RUN: not dealloc-verify --function=maybe_free %s | FileCheck %s --check-prefix=FREES
// FREES: @maybe_free: INVALID_FREE on input b0,true (

// A chain of private functions: @leaf's and @mid's contract checks are
// SAFE, so @top's check sees one summarised call.
// CHECK-LABEL: @top: SAFE
func.func @top(%a: memref<4xf32>) -> memref<4xf32> {
  %n = memref.alloc() : memref<4xf32>
  memref.copy %a, %n : memref<4xf32> to memref<4xf32>
  %r = call @mid(%n) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %n : memref<4xf32>
  return %r : memref<4xf32>
}

func.func private @mid(%a: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  %r = call @leaf(%a) : (memref<4xf32>) -> memref<4xf32>
  memref.store %v, %r[%c0] : memref<4xf32>
  return %r : memref<4xf32>
}

func.func private @leaf(%a: memref<4xf32>) -> memref<4xf32> {
  %n = memref.alloc() : memref<4xf32>
  memref.copy %a, %n : memref<4xf32> to memref<4xf32>
  return %n : memref<4xf32>
}

// Ownership passed in an i1 argument (upstream's
// private-function-dynamic-ownership): the callee may free its argument,
// which the public boundary forbids, so it has no contract and is inlined.
// CHECK-LABEL: @owner_passed: SAFE
func.func @owner_passed() {
  %true = arith.constant true
  %m = memref.alloc() : memref<2xf32>
  call @maybe_free(%m, %true) : (memref<2xf32>, i1) -> ()
  return
}

// Inlined, the callee's free and the caller's are one too many.
// CHECK-LABEL: @owner_passed_twice: DOUBLE_FREE on input "" (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @owner_passed_twice() {
  %true = arith.constant true
  %m = memref.alloc() : memref<2xf32>
  call @maybe_free(%m, %true) : (memref<2xf32>, i1) -> ()
  memref.dealloc %m : memref<2xf32>
  return
}

func.func private @maybe_free(%m: memref<2xf32>, %own: i1) {
  scf.if %own {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// A private callee returning its argument breaks [abi.results.no_arg_alias]:
// no contract; inlined, the caller frees its buffer once.
// CHECK-LABEL: @returns_arg: SAFE
func.func @returns_arg() {
  %m = memref.alloc() : memref<2xf32>
  %r = call @identity(%m) : (memref<2xf32>) -> memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  return
}

func.func private @identity(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}

// A call with a global argument is outside the contract model by
// construction: the callee is inlined.
memref.global "private" constant @g : memref<4xf32> = dense<0.0>
// CHECK-LABEL: @global_arg: SAFE
func.func @global_arg() {
  %g = memref.get_global @g : memref<4xf32>
  %r = call @leaf(%g) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}

// A private wrapper without a contract (it returns its argument) is
// inlined; the public function it calls has one, so that call is
// summarised inside the inlined body.
// CHECK-LABEL: @through_wrapper: SAFE
func.func @through_wrapper() {
  %m = memref.alloc() : memref<4xf32>
  %r = call @wrapper(%m) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}

func.func private @wrapper(%a: memref<4xf32>) -> memref<4xf32> {
  %r = call @pub_leaf(%a) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return %a : memref<4xf32>
}

// CHECK-LABEL: @pub_leaf: SAFE
func.func @pub_leaf(%a: memref<4xf32>) -> memref<4xf32> {
  %n = memref.alloc() : memref<4xf32>
  memref.copy %a, %n : memref<4xf32> to memref<4xf32>
  return %n : memref<4xf32>
}
