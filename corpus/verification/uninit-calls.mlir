// [op.uninit.flow] across calls: passing and returning the uninitialized
// value is allowed; a decision on it in the callee (on an argument's
// contents) or in the caller (on a result) stops the run with UNKNOWN in
// dealloc-verify as in dealloc-run, with the callee inlined or summarised
// ([verify.encoding.calls.summary]: a summarised scalar result may be
// uninitialized).
// SPEC: [op.uninit.flow] [op.uninit.control] [verify.inputs]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP

// CHECK-LABEL: @callee: SAFE
// INTERP-LABEL: @callee: SAFE
func.func @callee(%a: memref<2xi1>) -> i1 {
  %i0 = arith.constant 0 : index
  %v = memref.load %a[%i0] : memref<2xi1>
  scf.if %v {
  }
  return %v : i1
}

// CHECK-LABEL: @caller_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @caller_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @caller_uninit() {
  %a = memref.alloc() : memref<2xi1>
  %r = func.call @callee(%a) : (memref<2xi1>) -> i1
  memref.dealloc %a : memref<2xi1>
  return
}

// CHECK-LABEL: @caller_init: SAFE
// INTERP-LABEL: @caller_init: SAFE
func.func @caller_init(%b: i1) {
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  memref.store %b, %a[%i0] : memref<2xi1>
  %r = func.call @callee(%a) : (memref<2xi1>) -> i1
  memref.dealloc %a : memref<2xi1>
  return
}

func.func private @returns_uninit() -> i1 {
  %i0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xi1>
  %v = memref.load %a[%i0] : memref<2xi1>
  return %v : i1
}

// CHECK-LABEL: @decides_on_result: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @decides_on_result: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @decides_on_result() {
  %r = func.call @returns_uninit() : () -> i1
  cf.cond_br %r, ^a, ^b
^a:
  return
^b:
  return
}

// CHECK-LABEL: @pub_returns_uninit: SAFE
// INTERP-LABEL: @pub_returns_uninit: SAFE
func.func @pub_returns_uninit(%a: memref<2xf32>) -> i1 {
  %i0 = arith.constant 0 : index
  %s = memref.alloca() : memref<2xi1>
  %v = memref.load %s[%i0] : memref<2xi1>
  return %v : i1
}

// CHECK-LABEL: @decides_on_pub_result: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @decides_on_pub_result: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @decides_on_pub_result(%a: memref<2xf32>) {
  %r = func.call @pub_returns_uninit(%a) : (memref<2xf32>) -> i1
  scf.if %r {
  }
  return
}
