// memref.dim with an index outside 0..rank-1 is undefined behaviour: dealloc-run
// stops there without a verdict ([verify.verdict]), so dealloc-verify answers
// UNKNOWN naming an input that reaches it (it said SAFE, taking some size).
// SPEC: [verify.verdict] [op.memref.access]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP

// CHECK-LABEL: @dim_from_argument: UNKNOWN (input b0[2],1 reaches memref.dim index out of range (undefined behaviour)
// INTERP-LABEL: @dim_from_argument: UNKNOWN (3 inputs): memref.dim index out of range (undefined behaviour)
func.func @dim_from_argument(%m: memref<?xf32>, %k: index) {
  %d = memref.dim %m, %k : memref<?xf32>
  %a = memref.alloc(%d) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// CHECK-LABEL: @dim_in_range: SAFE
// INTERP-LABEL: @dim_in_range: SAFE
func.func @dim_in_range(%m: memref<?x3xf32>) {
  %c1 = arith.constant 1 : index
  %d = memref.dim %m, %c1 : memref<?x3xf32>
  %a = memref.alloc(%d) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}
