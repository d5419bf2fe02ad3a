// A function with a body returns an unranked descriptor it made; its
// caller's call result is that descriptor, rank included. The public
// function's result is checked as any memref result ([abi.results.*]):
// returning a cast of an argument aliases the argument.
// SPEC: [view.unranked]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY

// CHECK-LABEL: @fresh_unranked: SAFE
// VERIFY-LABEL: @fresh_unranked: SAFE
func.func @fresh_unranked(%n: index) -> memref<*xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %u = memref.cast %a : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}

// CHECK-LABEL: @caller_frees: SAFE
// VERIFY-LABEL: @caller_frees: SAFE
func.func private @make(%n: index) -> memref<*xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %u = memref.cast %a : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
func.func @caller_frees() -> index {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %u = call @make(%c3) : (index) -> memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  %d = memref.dim %u, %c0 : memref<*xf32>
  %s = arith.addi %r, %d : index
  memref.dealloc %u : memref<*xf32>
  return %s : index
}

// CHECK-LABEL: @returns_argument: ABI_VIOLATION
// VERIFY-LABEL: @returns_argument: ABI_VIOLATION
func.func @returns_argument(%m: memref<4xf32>) -> memref<*xf32> {
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
