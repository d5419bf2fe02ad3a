// The reference pass deallocates around the ops of the op table that
// upstream's pipeline leaves in programs or that One-Shot Bufferize emits:
// each function leaks as written, and the reference pipeline's output is
// SAFE for both tools.
// SPEC: [op.memref.prefetch] [op.affine.for] [op.affine.if] [op.affine.access] [op.scf.forall] [op.memref.atomic_rmw]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=ASIS
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline -o %t.mlir
// RUN: dealloc-run %t.mlir | FileCheck %s --check-prefix=REF
// RUN: dealloc-verify %t.mlir | FileCheck %s --check-prefix=REF

// The reference pass frees %a after the prefetch.
// ASIS-LABEL: @prefetch: LEAK
// REF-LABEL: @prefetch: SAFE
func.func @prefetch(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %r = scf.if %c -> f32 {
    memref.prefetch %a[%c0], read, locality<3>, data : memref<4xf32>
    scf.yield %f : f32
  } else {
    %v = memref.load %a[%c0] : memref<4xf32>
    scf.yield %v : f32
  }
  return %r : f32
}

// The reference pass frees each iteration's buffer in the body, and the
// buffer an affine.if yields after its use. (An affine.for that carries a
// memref makes both passes emit an affine.for whose operand segments are
// wrong, which does not verify: a finding, not modelled here.)
// ASIS-LABEL: @affine_loop: LEAK
// REF-LABEL: @affine_loop: SAFE
func.func @affine_loop(%n: index, %f: f32) -> f32 {
  %r = affine.for %i = 0 to min affine_map<(d0) -> (d0, 4)>(%n) iter_args(%acc = %f) -> f32 {
    %b = memref.alloc() : memref<2xf32>
    affine.store %acc, %b[%i mod 2] : memref<2xf32>
    %v = affine.load %b[%i mod 2] : memref<2xf32>
    affine.yield %v : f32
  }
  %a = memref.alloc() : memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  affine.store %r, %a[0] : memref<2xf32>
  affine.store %f, %c[0] : memref<2xf32>
  %m = affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%n) -> memref<2xf32> {
    affine.yield %a : memref<2xf32>
  } else {
    affine.yield %c : memref<2xf32>
  }
  %s = affine.load %m[0] : memref<2xf32>
  return %s : f32
}

// The reference pass frees each iteration's buffer in the body.
// ASIS-LABEL: @forall: LEAK
// REF-LABEL: @forall: SAFE
func.func @forall(%out: memref<4xf32>, %v: f32) {
  scf.forall (%i) in (4) {
    %a = memref.alloc() : memref<1xf32>
    %c0 = arith.constant 0 : index
    memref.store %v, %a[%c0] : memref<1xf32>
    %s = memref.subview %out[%i] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: ?>>
    memref.copy %a, %s : memref<1xf32> to memref<1xf32, strided<[1], offset: ?>>
  }
  return
}

// The reference pass frees the updated buffer after its last use.
// ASIS-LABEL: @atomic: LEAK
// REF-LABEL: @atomic: SAFE
func.func @atomic(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi32>
  memref.store %x, %a[%c0] : memref<2xi32>
  %old = memref.atomic_rmw addi %x, %a[%c0] : (i32, memref<2xi32>) -> i32
  %v = memref.load %a[%c0] : memref<2xi32>
  %r = arith.addi %old, %v : i32
  return %r : i32
}
