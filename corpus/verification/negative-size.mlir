// A negative dynamic size in memref.alloc / memref.alloca / memref.realloc is
// undefined behaviour: dealloc-run stops there without a verdict
// ([op.memref.alloc]), so dealloc-verify cannot say SAFE for a function an
// input can drive there; it answers UNKNOWN naming the input and the op
// ([verify.verdict]). Sizes taken from an argument's extents are never
// negative, and a violation on other inputs is still reported.
// SPEC: [op.memref.alloc] [verify.verdict]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s --function alloc_from_index --input=-1 2>/dev/null | FileCheck %s --check-prefix=INTERP

// CHECK-LABEL: @alloc_from_index: UNKNOWN (input -{{[0-9]+}} reaches negative allocation size (undefined behaviour), where a run stops without a verdict at {{.*}}negative-size.mlir:15:8)
// INTERP: @alloc_from_index: UNKNOWN (1 input): negative allocation size (undefined behaviour)
// INTERP-NEXT: input: -1
func.func @alloc_from_index(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// CHECK-LABEL: @alloca_from_index: UNKNOWN (input -{{[0-9]+}} reaches negative allocation size
func.func @alloca_from_index(%n: index) {
  %a = memref.alloca(%n) : memref<?xf32>
  return
}

// CHECK-LABEL: @realloc_to_index: UNKNOWN (input -{{[0-9]+}} reaches negative allocation size
func.func @realloc_to_index(%n: index) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// CHECK-LABEL: @alloc_from_extent: SAFE
func.func @alloc_from_extent(%in: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %in, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// A leak on non-negative sizes is still found: violations come first.
// CHECK-LABEL: @leak_from_index: LEAK on input {{[0-9]+}} (
func.func @leak_from_index(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  return
}
