// Integers and floats wider than 64 bits are outside the encoding: the op is
// named as UNSUPPORTED with its location (exit code 2), never a crash.
// SPEC: [verify.unsupported]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// CHECK: @wide_constant: UNSUPPORTED ('arith.constant': integers and floats wider than 64 bits are not modelled at {{.*}}wide-scalars.mlir:[[@LINE+2]]:8)
func.func @wide_constant() -> i64 {
  %n = arith.constant 5 : i128
  %t = arith.trunci %n : i128 to i64
  return %t : i64
}

// CHECK: @wide_float: UNSUPPORTED ('arith.constant': integers and floats wider than 64 bits are not modelled
func.func @wide_float() {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.constant 1.0 : f128
  memref.dealloc %a : memref<2xf32>
  return
}
