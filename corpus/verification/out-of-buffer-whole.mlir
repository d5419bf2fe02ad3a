// An element of a buffer's own descriptor (the allocation's, or a
// caller-provided buffer's, identity layout) within the view's sizes is
// inside the buffer by construction: no bytes check for that buffer, which
// for dynamic 2-D buffers is nonlinear (i * d1 + j < d0 * d1) and ran out
// of time. The answers are complete within a 5 s timeout.
// SPEC: [safety.oob]
// RUN: dealloc-verify --strict-ub --timeout 5000 --function copy_2d %s 2>/dev/null | FileCheck %s --check-prefix=COPY
// RUN: not dealloc-verify --strict-ub --timeout 5000 --function load_2d %s 2>/dev/null | FileCheck %s --check-prefix=LOAD
// RUN: not dealloc-verify --strict-ub --timeout 5000 --equiv %s %s 2>/dev/null | FileCheck %s --check-prefix=EQUIV

// COPY: @copy_2d: SAFE
// EQUIV: @copy_2d: EQUIVALENT
func.func @copy_2d(%m: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf32>
  %d1 = memref.dim %m, %c1 : memref<?x?xf32>
  %a = memref.alloc(%d0, %d1) : memref<?x?xf32>
  memref.copy %m, %a : memref<?x?xf32> to memref<?x?xf32>
  return %a : memref<?x?xf32>
}

// Only indices outside the sizes stop the run.
// LOAD: @load_2d: UNKNOWN (input b0[2x0],0,0 reaches out-of-bounds access, where a run stops without a verdict
// LOAD: note: the list of stop sites is complete (1 site, [verify.stops])
func.func @load_2d(%m: memref<?x?xf32>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<?x?xf32>
  return %v : f32
}
