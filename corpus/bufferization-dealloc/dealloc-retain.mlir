// Retained operands are arbitrary memrefs; they are not used (no load or
// store), only compared, and they protect exactly the buffer they view.
// SPEC: [dealloc.retain]
// RUN: mlir-opt %s -split-input-file -bufferization-lower-deallocations | FileCheck %s --check-prefix=LOWER
// RUN: mlir-opt %s -split-input-file -buffer-deallocation-simplification | FileCheck %s --check-prefix=SIMPL
// Retaining a dangling value is not a use, and it does not protect a new
// buffer that took its address (identity, not address):
// RUN: dealloc-run --function dangling_retained_local %s | FileCheck %s --check-prefix=VERDICT
// RUN: dealloc-run --reuse-addresses --function dangling_retained_local %s | FileCheck %s --check-prefix=VERDICT
// VERDICT: @dangling_retained_local: SAFE (2 inputs){{$}}

// A dangling retained value (freed just before): the lowering only takes its
// address; it never reads or writes it, and frees %a iff %c and %a is not
// %r's buffer.
// LOWER-LABEL: func.func @dangling_retained
// LOWER-SAME: (%[[A:.*]]: memref<2xf32>, %[[C:.*]]: i1)
// LOWER: %[[R:.*]] = memref.alloc() : memref<2xf32>
// LOWER: memref.dealloc %[[R]]
// LOWER-NOT: memref.load %[[R]]
// LOWER-NOT: memref.store {{.*}}%[[R]]
// LOWER: memref.extract_aligned_pointer_as_index %[[R]]
// LOWER-NOT: memref.load %[[R]]
// LOWER: scf.if
// LOWER-NEXT: memref.dealloc %[[A]]
// SIMPL-LABEL: func.func @dangling_retained
func.func @dangling_retained(%a: memref<2xf32>, %c: i1) -> i1 {
  %r = memref.alloc() : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  %x = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%r : memref<2xf32>)
  return %x : i1
}

// -----

// A fresh allocation is never the buffer of an argument: retaining the
// argument cannot protect the allocation; the simplification pass drops the
// retained operand and its result is false.
// SIMPL-LABEL: func.func @retain_other_buffer
// SIMPL-SAME: (%[[C:.*]]: i1, %[[R:.*]]: memref<2xf32>
// SIMPL: %[[F:.*]] = arith.constant false
// SIMPL: %[[A:.*]] = memref.alloc()
// SIMPL: bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C]]){{$}}
// SIMPL: return %[[F]] : i1
// LOWER-LABEL: func.func @retain_other_buffer
func.func @retain_other_buffer(%c: i1, %r: memref<2xf32>, %f: f32) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %i = arith.constant 0 : index
  memref.store %f, %a[%i] : memref<2xf32>
  %x = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%r : memref<2xf32>)
  return %x : i1
}

// -----

// The op frees %a (a new buffer, whatever its address) iff %c; the program
// frees it otherwise and asserts that the result is false.
// LOWER-LABEL: func.func @dangling_retained_local
// SIMPL-LABEL: func.func @dangling_retained_local
func.func @dangling_retained_local(%c: i1, %f: f32) {
  %i = arith.constant 0 : index
  %t = arith.constant true
  %false = arith.constant false
  %r = memref.alloc() : memref<2xf32>
  memref.store %f, %r[%i] : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%i] : memref<2xf32>
  %x = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%r : memref<2xf32>)
  %ok = arith.cmpi eq, %x, %false : i1
  cf.assert %ok, "a dangling retained value owns nothing"
  %nc = arith.xori %c, %t : i1
  bufferization.dealloc (%a : memref<2xf32>) if (%nc)
  return
}
