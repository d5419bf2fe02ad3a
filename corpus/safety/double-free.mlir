// Freeing a freed heap buffer is DOUBLE_FREE.
// SPEC: [heap.free.twice]
// RUN: not dealloc-run %s | FileCheck %s

// Upstream pipeline output for a diamond, with the free of the else branch
// duplicated after the join.
// CHECK-LABEL: @duplicated_free: DOUBLE_FREE (1 input)
// CHECK-NEXT:    input: false
// CHECK:         freed again at
func.func @duplicated_free(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^f
^t:
  memref.dealloc %a : memref<2xf32>
  cf.br ^j
^f:
  memref.dealloc %a : memref<2xf32>
  cf.br ^j
^j:
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
