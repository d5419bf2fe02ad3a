// Memref arguments that are only read share their buffer in the encoding
// only with arguments that are not read-only: every aliasing that can
// change a run is still searched. An argument written, freed, whose address
// is taken (also through a view) or handed to a call is not read-only.
// SPEC: [verify.encoding.args.readonly]
// SPEC: [input.memref.alias]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --equiv --function equiv_written_in_b %s %S/Inputs/inputs-read-only-b.mlir 2>/dev/null | FileCheck %s --check-prefix=EQUIV

// %b is only read; it sees the store through %a only when both share one
// buffer, and then the buffer allocated here leaks.
// CHECK-LABEL: @written_then_read: LEAK on input b0,b0 (
// CHECK: replayed by dealloc-run: LEAK
func.func @written_then_read(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  %seen = arith.cmpf oeq, %x, %one : f32
  %m = memref.alloc() : memref<2xf32>
  scf.if %seen {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// The read-only argument comes first: it may share the buffer of a later
// argument that is written.
// CHECK-LABEL: @read_before_written: LEAK on input b0,b0 (
// CHECK: replayed by dealloc-run: LEAK
func.func @read_before_written(%b: memref<4xf32>, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  %seen = arith.cmpf oeq, %x, %one : f32
  %m = memref.alloc() : memref<2xf32>
  scf.if %seen {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// Read through views (a cast, a subview) is still read-only; a write
// through a view of %a is a write of %a. Arguments %r0, %r1 are read-only
// and may only share %a's buffer, not each other's.
// CHECK-LABEL: @through_views: LEAK on input b0,b0,b1 (
// CHECK: replayed by dealloc-run: LEAK
func.func @through_views(%r0: memref<4xf32>, %a: memref<4xf32>, %r1: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %wa = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.store %one, %wa[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %v = memref.cast %r0 : memref<4xf32> to memref<?xf32>
  %s = memref.subview %v[1] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: 1>>
  %x = memref.load %s[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %y = memref.load %r1[%c0] : memref<4xf32>
  %seen = arith.cmpf oeq, %x, %one : f32
  %m = memref.alloc() : memref<2xf32>
  scf.if %seen {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// The address of a view of %b is taken: %b is not read-only, and its
// sharing with %a decides the free.
// CHECK-LABEL: @address_of_view: INVALID_FREE on input b0,b1 (
// CHECK: replayed by dealloc-run: INVALID_FREE
func.func @address_of_view(%a: memref<2xf32>, %b: memref<2xf32>) {
  %v = memref.cast %b : memref<2xf32> to memref<?xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %v : memref<?xf32> -> index
  %ne = arith.cmpi ne, %pa, %pb : index
  scf.if %ne {
    memref.dealloc %b : memref<2xf32>
  }
  return
}

// Six arguments only read: no sharing among them can change the run.
// CHECK-LABEL: @only_read: SAFE
func.func @only_read(%a0: memref<4xf32>, %a1: memref<4xf32>, %a2: memref<4xf32>,
                     %a3: memref<4xf32>, %a4: memref<4xf32>, %a5: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x0 = memref.load %a0[%c0] : memref<4xf32>
  %x1 = memref.load %a1[%c0] : memref<4xf32>
  %x2 = memref.load %a2[%c0] : memref<4xf32>
  %x3 = memref.load %a3[%c0] : memref<4xf32>
  %x4 = memref.load %a4[%c0] : memref<4xf32>
  %n = memref.dim %a5, %c0 : memref<?xf32>
  %s0 = arith.addf %x0, %x1 : f32
  %s1 = arith.addf %x2, %x3 : f32
  %s2 = arith.addf %s0, %s1 : f32
  %s3 = arith.addf %s2, %x4 : f32
  %m = memref.alloc(%n) : memref<?xf32>
  memref.copy %a5, %m : memref<?xf32> to memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return %s3 : f32
}

// --equiv: version A only reads both arguments; version B
// (Inputs/inputs-read-only-b.mlir) writes %a first. The versions differ
// only where the arguments share a buffer, which the encoding searches
// because %a is not read-only in B.
// EQUIV-LABEL: @equiv_written_in_b: DIFFERENT on input b0,b0 (
func.func @equiv_written_in_b(%a: memref<4xf32>, %b: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = memref.load %b[%c0] : memref<4xf32>
  %seen = arith.cmpf oeq, %x, %one : f32
  %m = memref.alloc() : memref<2xf32>
  scf.if %seen {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return %x : f32
}
