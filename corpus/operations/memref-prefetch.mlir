// memref.prefetch is a hint: no contents change, its indices are not
// evaluated (out of range here), but its declared write of the memref needs a
// live buffer. Both tools (the reference pass on it:
// corpus/ownership/new-ops.mlir).
// SPEC: [op.memref.prefetch] [heap.use]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// INTERP-LABEL: @prefetch_live: SAFE
// VERIFY-LABEL: @prefetch_live: SAFE
func.func @prefetch_live(%k: index) {
  %c9 = arith.constant 9 : index
  %a = memref.alloc() : memref<4xf32>
  memref.prefetch %a[%c9], read, locality<3>, data : memref<4xf32>
  memref.prefetch %a[%k], write, locality<0>, instr : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// INTERP-LABEL: @prefetch_freed: USE_AFTER_FREE
// INTERP: [heap.use] 'memref.prefetch' accesses freed buffer #1
// VERIFY-LABEL: @prefetch_freed: USE_AFTER_FREE
// VERIFY: write of a freed buffer ([heap.use])
func.func @prefetch_freed() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.prefetch %a[%c0], read, locality<3>, data : memref<4xf32>
  return
}
