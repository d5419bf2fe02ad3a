// [verify.verdict]: dealloc-run's resource limits (here a buffer above its
// 64 MiB, [op.memref.alloc]) stop the interpreter, not the program:
// dealloc-verify proves the function for every run, dealloc-run answers
// UNKNOWN.
// SPEC: [verify.verdict], [op.memref.alloc]
// RUN: dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @huge: SAFE
// EXEC-LABEL: @huge: UNKNOWN (1 input): buffer of 9223372036854775807 bytes exceeds the interpreter's limit
func.func @huge() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<9223372036854775807xf32>
  %f = arith.constant 1.0 : f32
  memref.store %f, %a[%c0] : memref<9223372036854775807xf32>
  %v = memref.load %a[%c0] : memref<9223372036854775807xf32>
  memref.dealloc %a : memref<9223372036854775807xf32>
  return %v : f32
}

// 64 MiB and one element.
// CHECK-LABEL: @above_limit: SAFE
// EXEC-LABEL: @above_limit: UNKNOWN (1 input): buffer of 67108868 bytes exceeds the interpreter's limit
func.func @above_limit() {
  %a = memref.alloc() : memref<16777217xf32>
  memref.dealloc %a : memref<16777217xf32>
  return
}
