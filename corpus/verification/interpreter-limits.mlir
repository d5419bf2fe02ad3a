// [verify.verdict]: dealloc-run's resource limits stop the interpreter, not
// the program: dealloc-verify proves the function for every run,
// dealloc-run answers UNKNOWN. The limits: a buffer above 1 TiB
// ([op.memref.alloc]), more than 256 MiB of contents written
// ([buffer.contents.lazy]), the step limit and the call depth
// ([safety.steps]).
// SPEC: [verify.verdict], [op.memref.alloc], [buffer.contents.lazy], [safety.steps]
// RUN: dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @huge: SAFE
// EXEC-LABEL: @huge: UNKNOWN (1 input): buffer of 9223372036854775807 bytes exceeds the interpreter's limit (1 TiB)
func.func @huge() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<9223372036854775807xf32>
  %f = arith.constant 1.0 : f32
  memref.store %f, %a[%c0] : memref<9223372036854775807xf32>
  %v = memref.load %a[%c0] : memref<9223372036854775807xf32>
  memref.dealloc %a : memref<9223372036854775807xf32>
  return %v : f32
}

// 1 TiB and one element.
// CHECK-LABEL: @above_limit: SAFE
// EXEC-LABEL: @above_limit: UNKNOWN (1 input): buffer of 1099511627780 bytes exceeds the interpreter's limit (1 TiB)
func.func @above_limit() {
  %a = memref.alloc() : memref<274877906945xf32>
  memref.dealloc %a : memref<274877906945xf32>
  return
}

// 1 TiB exactly: contents are made where written, so it runs.
// CHECK-LABEL: @at_limit: SAFE
// EXEC-LABEL: @at_limit: SAFE (1 input)
func.func @at_limit() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<274877906944xf32>
  memref.store %f, %a[%c0] : memref<274877906944xf32>
  memref.dealloc %a : memref<274877906944xf32>
  return
}

// 512 MiB written by one copy.
// CHECK-LABEL: @contents_limit: SAFE
// EXEC-LABEL: @contents_limit: UNKNOWN (1 input): buffer contents limit: the run writes more than 256 MiB ([buffer.contents.lazy])
func.func @contents_limit(%src: memref<134217728xf32>) {
  %a = memref.alloc() : memref<134217728xf32>
  memref.copy %src, %a : memref<134217728xf32> to memref<134217728xf32>
  memref.dealloc %a : memref<134217728xf32>
  return
}

// Five million iterations of an allocation and its deallocation: 15 million
// steps. dealloc-verify proves the loop by induction ([verify.induction]).
// CHECK-LABEL: @many_iterations: SAFE
// EXEC-LABEL: @many_iterations: UNKNOWN (1 input): step limit 1000000 reached ([safety.steps])
func.func @many_iterations() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 5000000 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}

