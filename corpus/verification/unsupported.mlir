// Ops without an encoding are UNSUPPORTED naming the op and its location,
// also as a diagnostic (no tool models the test plugin's `dealloc_test` ops).
// SPEC: [verify.unsupported]
// RUN: not dealloc-verify --load-dialect-plugin=%dealloc_test_plugin %s 2>/dev/null | FileCheck %s
// RUN: dealloc-verify --load-dialect-plugin=%dealloc_test_plugin %s --verify-diagnostics

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

// A side-effect-free float op the reference semantics does not have is
// UNSUPPORTED as in dealloc-run, not an uninterpreted function.
// RUN: not dealloc-run --load-dialect-plugin=%dealloc_test_plugin %s --function pure_float | FileCheck %s --check-prefix=EXEC
// EXEC-LABEL: @pure_float: UNSUPPORTED
// CHECK-LABEL: @pure_float: UNSUPPORTED
// CHECK-SAME: ('dealloc_test.pure_opaque': op not modelled at {{.*}}unsupported.mlir:[[@LINE+3]]:8)
func.func @pure_float(%x: f32) -> f32 {
  // expected-warning @+1 {{@pure_float: UNSUPPORTED ('dealloc_test.pure_opaque': op not modelled)}}
  %f = dealloc_test.pure_opaque %x : f32
  return %f : f32
}
