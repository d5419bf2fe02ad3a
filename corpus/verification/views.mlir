// Loads and stores through memref.view results: in a module with
// memref.view, contents are bytes at the byte offset from the buffer's base
// (the view's shift plus index times element size), as in dealloc-run, and
// an access outside the buffer's bytes is an out-of-bounds stop.
// SPEC: [verify.encoding.contents], [view.view.shift], [verify.encoding.addr]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s --function view_oob --input=2 2>/dev/null | FileCheck %s --check-prefix=INTERP

// An i32 stored through a view at byte 4 is seen in byte 4 of the i8 buffer.
// CHECK-LABEL: @view_flag: SAFE
func.func @view_flag(%c: i1) {
  %raw = memref.alloc() : memref<16xi8>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v = memref.view %raw[%c4][] : memref<16xi8> to memref<2xi32>
  %ci = arith.extui %c : i1 to i32
  memref.store %ci, %v[%c0] : memref<2xi32>
  // byte 4 of raw is the low byte of the stored i32
  %byte = memref.load %raw[%c4] : memref<16xi8>
  %z = arith.constant 0 : i8
  %set = arith.cmpi ne, %byte, %z : i8
  %a = memref.alloc() : memref<2xf32>
  scf.if %set {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %raw : memref<16xi8>
  return
}

// Byte 5 is the second byte of that i32: always zero, so %a is freed twice
// when %c holds.
// CHECK-LABEL: @view_wrong_byte: DOUBLE_FREE on input true (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @view_wrong_byte(%c: i1) {
  %raw = memref.alloc() : memref<16xi8>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i8
  memref.store %zero, %raw[%c5] : memref<16xi8>
  %v = memref.view %raw[%c4][] : memref<16xi8> to memref<2xi32>
  %ci = arith.extui %c : i1 to i32
  memref.store %ci, %v[%c0] : memref<2xi32>
  %byte = memref.load %raw[%c5] : memref<16xi8>
  %set = arith.cmpi eq, %byte, %zero : i8
  %a = memref.alloc() : memref<2xf32>
  scf.if %set {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %raw : memref<16xi8>
  return
}

// Element 1 of an i32 view at byte 12 of 16 bytes ends at byte 20.
// CHECK-LABEL: @view_oob: UNKNOWN (input -1 reaches out-of-bounds access
// INTERP: @view_oob: UNKNOWN{{.*}}out-of-bounds
func.func @view_oob(%n: index) {
  %raw = memref.alloc() : memref<16xi8>
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %v = memref.view %raw[%c12][%n] : memref<16xi8> to memref<?xi32>
  %one = arith.constant 1 : i32
  %c1 = arith.constant 1 : index
  %big = arith.cmpi ugt, %n, %c1 : index
  scf.if %big {
    memref.store %one, %v[%c1] : memref<?xi32>
  }
  memref.dealloc %raw : memref<16xi8>
  return
}

// Views of a view add their shifts; an f32 written through the inner view
// is read back through the outer one.
// CHECK-LABEL: @nested_views: SAFE
func.func @nested_views(%c: i1) {
  %raw = memref.alloc() : memref<32xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %outer = memref.view %raw[%c8][] : memref<32xi8> to memref<24xi8>
  %inner = memref.view %outer[%c4][] : memref<24xi8> to memref<2xf32>
  %whole = memref.view %raw[%c0][] : memref<32xi8> to memref<8xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %v = arith.select %c, %one, %two : f32
  memref.store %v, %inner[%c0] : memref<2xf32>
  // byte 12 = element 3 of %whole
  %c3 = arith.constant 3 : index
  %x = memref.load %whole[%c3] : memref<8xf32>
  %is1 = arith.cmpf oeq, %x, %one : f32
  %a = memref.alloc() : memref<2xf32>
  scf.if %is1 {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %raw : memref<32xi8>
  return
}

// A view at byte shift %n has the buffer's address only if %n is 0.
// CHECK-LABEL: @shifted_view: SAFE
func.func @shifted_view(%n: index) {
  %raw = memref.alloc() : memref<64xi8>
  %c32 = arith.constant 32 : index
  %small = arith.cmpi ult, %n, %c32 : index
  scf.if %small {
    %v = memref.view %raw[%n][] : memref<64xi8> to memref<8xf32>
    %pr = memref.extract_aligned_pointer_as_index %raw : memref<64xi8> -> index
    %pv = memref.extract_aligned_pointer_as_index %v : memref<8xf32> -> index
    %same = arith.cmpi eq, %pr, %pv : index
    %c0 = arith.constant 0 : index
    %zero = arith.cmpi eq, %n, %c0 : index
    %a = memref.alloc() : memref<2xf32>
    scf.if %same {
      memref.dealloc %a : memref<2xf32>
    }
    scf.if %zero {
    } else {
      memref.dealloc %a : memref<2xf32>
    }
  }
  memref.dealloc %raw : memref<64xi8>
  return
}
