// scf.forall as One-Shot Bufferize leaves it (no shared outputs): the
// iterations in lexicographic order, in both tools (the reference pass on
// it: corpus/ownership/new-ops.mlir).
// SPEC: [op.scf.forall]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// INTERP-LABEL: @frees_each: SAFE
// VERIFY-LABEL: @frees_each: SAFE
func.func @frees_each(%out: memref<2x3xf32>, %v: f32) {
  scf.forall (%i, %j) in (2, 3) {
    %a = memref.alloc() : memref<1xf32>
    %c0 = arith.constant 0 : index
    memref.store %v, %a[%c0] : memref<1xf32>
    %x = memref.load %a[%c0] : memref<1xf32>
    memref.store %x, %out[%i, %j] : memref<2x3xf32>
    memref.dealloc %a : memref<1xf32>
  }
  return
}

// The last point is (1, 2): the buffer is freed then, and then only.
// INTERP-LABEL: @order: SAFE
// VERIFY-LABEL: @order: SAFE
func.func @order() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  scf.forall (%i, %j) in (2, 3) {
    %li = arith.cmpi eq, %i, %c1 : index
    %lj = arith.cmpi eq, %j, %c2 : index
    %last = arith.andi %li, %lj : i1
    scf.if %last {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// INTERP-LABEL: @freed_twice: DOUBLE_FREE
// VERIFY-LABEL: @freed_twice: DOUBLE_FREE
func.func @freed_twice(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %ub = arith.maxsi %n, %c2 : index
  %a = memref.alloc() : memref<2xf32>
  scf.forall (%i) = (%c0) to (%ub) step (%c1) {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
