// The reference lowering refuses alias checks it cannot make on buffer
// identity: a shifted memref.view of an allocation comes back through scf.if
// results, where the lowering cannot see that both results view one buffer.
// Upstream's pipeline frees that buffer twice on the same program
// (corpus/deviations/dealloc-lower-view-double-free.mlir).
// SPEC: [own.pipeline.hidden-view]
// RUN: dealloc-opt %s -split-input-file -reference-lower-deallocations -verify-diagnostics | FileCheck %s

func.func @hidden(%x: i1, %a: memref<16xi8>, %b: memref<2xf32>, %c0: i1, %c1: i1) {
  %c8 = arith.constant 8 : index
  // expected-note @below {{memref.view with a non-zero shift}}
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %r:2 = scf.if %x -> (memref<16xi8>, memref<2xf32>) {
    scf.yield %a, %v : memref<16xi8>, memref<2xf32>
  } else {
    scf.yield %a, %b : memref<16xi8>, memref<2xf32>
  }
  // expected-error @below {{'bufferization.dealloc' op cannot be lowered with aligned-pointer alias checks: the buffer of memref operand #0 is not visible in the IR and a memref.view with a non-zero shift may reach it ([own.pipeline.hidden-view])}}
  bufferization.dealloc (%r#0, %r#1 : memref<16xi8>, memref<2xf32>) if (%c0, %c1)
  return
}

// -----

// The same view, compared where its allocation is visible: lowered, and both
// operands get the allocation's pointer.
// CHECK-LABEL: func.func @visible
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NOT: memref.extract_aligned_pointer_as_index
// CHECK: memref.dealloc
func.func @visible(%c0: i1, %c1: i1) {
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<16xi8>
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  bufferization.dealloc (%a, %v : memref<16xi8>, memref<2xf32>) if (%c0, %c1)
  return
}

// -----

// A single operand with nothing retained is never compared: lowered even
// though it is a hidden view.
// CHECK-LABEL: func.func @single
// CHECK-NOT: bufferization.dealloc
// CHECK: memref.dealloc
func.func @single(%x: i1, %a: memref<16xi8>, %b: memref<2xf32>, %c: i1) {
  %c8 = arith.constant 8 : index
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %r = arith.select %x, %v, %b : memref<2xf32>
  %s = scf.if %x -> (memref<2xf32>) {
    scf.yield %r : memref<2xf32>
  } else {
    scf.yield %b : memref<2xf32>
  }
  bufferization.dealloc (%s : memref<2xf32>) if (%c)
  return
}
