// A buffer freed by bufferization.dealloc is subject to the rules of
// memref.dealloc: the lowering emits a memref.dealloc of the operand guarded
// only by its condition and the retained-alias check, so a stack buffer with
// a true condition reaches free() (INVALID_FREE), and so would a buffer freed
// before (DOUBLE_FREE).
// SPEC: [dealloc.invalid]
// RUN: mlir-opt %s -split-input-file -bufferization-lower-deallocations | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=VERDICT
// VERDICT: @free_alloca: INVALID_FREE
// VERDICT-NEXT: input: true,
// VERDICT: @free_twice: DOUBLE_FREE
// VERDICT-NEXT: input: true,

// CHECK-LABEL: func.func @free_alloca
// CHECK: %[[S:.*]] = memref.alloca() : memref<2xf32>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.dealloc %[[S]] : memref<2xf32>
func.func @free_alloca(%c: i1, %r: memref<2xf32>) -> i1 {
  %s = memref.alloca() : memref<2xf32>
  %x = bufferization.dealloc (%s : memref<2xf32>) if (%c) retain (%r : memref<2xf32>)
  return %x : i1
}

// -----

// CHECK-LABEL: func.func @free_twice
// CHECK: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK: memref.dealloc %[[A]] : memref<2xf32>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.dealloc %[[A]] : memref<2xf32>
func.func @free_twice(%c: i1, %r: memref<2xf32>) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %x = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%r : memref<2xf32>)
  return %x : i1
}
