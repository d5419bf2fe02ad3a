// An access inside a view's sizes but outside its buffer's bytes (a
// reinterpret_cast, a subview at a dynamic offset or a memref.copy reaching
// past the buffer's end) is an out-of-bounds stop in every module, as in
// dealloc-run: UNKNOWN naming the input, never SAFE.
// SPEC: [safety.oob], [verify.verdict], [verify.encoding.contents]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-run --strict-ub %s --function subview_at --input=3 2>/dev/null | FileCheck %s --check-prefix=AT

// CHECK-LABEL: @cast_past_end: UNKNOWN (input "" reaches out-of-bounds access (outside the buffer's bytes)
// INTERP-LABEL: @cast_past_end: UNKNOWN (1 input): out-of-bounds access
func.func @cast_past_end() -> f32 {
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
  %x = memref.load %r[%c3] : memref<4xf32>
  memref.dealloc %a : memref<2xf32>
  return %x : f32
}

// Inside the buffer: a differently shaped view of the same bytes is fine.
// CHECK-LABEL: @cast_inside: SAFE
// INTERP-LABEL: @cast_inside: SAFE
func.func @cast_inside() -> f32 {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  %f = arith.constant 1.0 : f32
  memref.store %f, %r[%c1, %c1] : memref<2x2xf32>
  %x = memref.load %a[%c1] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %x : f32
}

// A caller-provided buffer is bounded by its own extent.
// CHECK-LABEL: @argument_past_end: UNKNOWN (input b0,1 reaches out-of-bounds access (outside the buffer's bytes)
// INTERP-LABEL: @argument_past_end: UNKNOWN
func.func @argument_past_end(%m: memref<2xf32>, %i: index) {
  %r = memref.reinterpret_cast %m to offset: [1], sizes: [2], strides: [1] : memref<2xf32> to memref<2xf32, strided<[1], offset: 1>>
  %f = arith.constant 1.0 : f32
  memref.store %f, %r[%i] : memref<2xf32, strided<[1], offset: 1>>
  return
}

// A subview at a dynamic offset: input 3 reaches past the 4 elements.
// CHECK-LABEL: @subview_at: UNKNOWN (input 3 reaches out-of-bounds access (outside the buffer's bytes)
// AT: @subview_at: UNKNOWN (1 input): out-of-bounds access
func.func @subview_at(%i: index) {
  %a = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %small = arith.cmpi ule, %i, %c3 : index
  scf.if %small {
    %s = memref.subview %a[%i] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    %c1 = arith.constant 1 : index
    %x = memref.load %s[%c1] : memref<2xf32, strided<[1], offset: ?>>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// memref.copy out of a view that reaches past the source buffer.
// CHECK-LABEL: @copy_past_end: UNKNOWN (input "" reaches out-of-bounds access (outside the buffer's bytes)
// INTERP-LABEL: @copy_past_end: UNKNOWN (1 input): out-of-bounds access
func.func @copy_past_end() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<3xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [3], strides: [1] : memref<2xf32> to memref<3xf32>
  memref.copy %r, %b : memref<3xf32> to memref<3xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<3xf32>
  return
}

// A global's buffer is bounded by its type.
// CHECK-LABEL: @global_past_end: UNKNOWN (input "" reaches out-of-bounds access (outside the buffer's bytes)
// INTERP-LABEL: @global_past_end: UNKNOWN (1 input): out-of-bounds access
memref.global "private" @g : memref<2xi32> = dense<[1, 2]>
func.func @global_past_end() -> i32 {
  %g = memref.get_global @g : memref<2xi32>
  %r = memref.reinterpret_cast %g to offset: [2], sizes: [1], strides: [1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 2>>
  %c0 = arith.constant 0 : index
  %x = memref.load %r[%c0] : memref<1xi32, strided<[1], offset: 2>>
  return %x : i32
}
