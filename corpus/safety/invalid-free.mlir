// Freeing a stack or global buffer is INVALID_FREE.
// SPEC: [heap.free.invalid]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @free_alloca: INVALID_FREE
// CHECK-NEXT:    input:
// CHECK-NEXT:    reason: [heap.free.invalid] 'memref.dealloc' frees stack buffer #1
func.func @free_alloca() {
  %a = memref.alloca() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

memref.global "private" constant @c : memref<2xf32> = dense<1.0>
// CHECK-LABEL: @free_global_view: INVALID_FREE
// CHECK:         reason: [heap.free.invalid] 'memref.dealloc' frees global buffer #1
func.func @free_global_view() {
  %g = memref.get_global @c : memref<2xf32>
  %v = memref.subview %g[1] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: 1>>
  memref.dealloc %v : memref<1xf32, strided<[1], offset: 1>>
  return
}
