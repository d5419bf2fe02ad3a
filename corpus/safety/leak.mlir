// At the entry function's return every live heap buffer that is not a result
// leaks; the first in creation order is reported with its allocation site.
// SPEC: [heap.leak]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @leak_on_one_path: LEAK (2 inputs)
// CHECK-NEXT:    input: true
// CHECK-NEXT:    reason: [heap.leak] buffer #1 (memref.alloc) is live and not returned
// CHECK-NEXT:    trace:
// CHECK-NEXT:      allocated buffer #1 at loc({{.*}}:[[@LINE+3]]:8)
// CHECK-NEXT:      still live when the function returns at loc(
func.func @leak_on_one_path(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^f
^t:
  return
^f:
  memref.dealloc %a : memref<2xf32>
  return
}

// Buffers allocated by callees (private and external) and clones count too.
// CHECK-LABEL: @leak_in_callee: LEAK
// CHECK:         reason: [heap.leak] buffer #2 (bufferization.clone)
func.func private @make() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}
func.func @leak_in_callee() {
  %a = call @make() : () -> memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// Returned buffers are owned by the caller, not leaked.
// CHECK-LABEL: @returned_not_leaked: SAFE (1 input)
func.func @returned_not_leaked() -> memref<2xf32> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32>
  return %v : memref<2xf32>
}
