// Ops without an encoding are UNSUPPORTED naming the op and its location,
// also as a diagnostic.
// SPEC: [verify.unsupported]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: dealloc-verify %s --verify-diagnostics

// CHECK-LABEL: @math_op: UNSUPPORTED ('math.ctlz': op not modelled at {{.*}}unsupported.mlir:12:8)
func.func @math_op(%x: i32) -> i32 {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  // expected-warning @+1 {{@math_op: UNSUPPORTED ('math.ctlz': op not modelled)}}
  %y = math.ctlz %x : i32
  return %y : i32
}

// CHECK-LABEL: @tensor_arg: UNSUPPORTED (argument #0 of type tensor<2xf32> has no input model
// expected-warning @+1 {{@tensor_arg: UNSUPPORTED (argument #0 of type tensor<2xf32> has no input model}}
func.func @tensor_arg(%t: tensor<2xf32>) {
  return
}

// A float op the reference semantics does not have is UNSUPPORTED as in
// dealloc-run, not an uninterpreted function.
// RUN: not dealloc-run %s --function atan | FileCheck %s --check-prefix=EXEC
// EXEC-LABEL: @atan: UNSUPPORTED
// CHECK-LABEL: @atan: UNSUPPORTED
// CHECK-SAME: ('math.atan': op not modelled at {{.*}}unsupported.mlir:[[@LINE+3]]:8)
func.func @atan(%x: f32) -> f32 {
  // expected-warning @+1 {{@atan: UNSUPPORTED ('math.atan': op not modelled)}}
  %f = math.atan %x : f32
  return %f : f32
}
