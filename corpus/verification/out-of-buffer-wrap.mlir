// A multi-element access (linalg op, memref.copy) is bounded by the first and
// last element of its box in memory, computed without 64-bit wrap-around:
// with a stride of 2^61 and f32 elements, element 1 lies 2^63 bytes past the
// base (dealloc-run computes it, wraps to a negative offset and stops),
// while element 2 wraps back to offset 0. Computed in 64 bits, the last
// element looked inside the buffer and dealloc-verify said SAFE.
// Single-element accesses wrap in both tools alike (@load_wraps_inside).
// SPEC: [safety.oob] [verify.encoding.contents]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP

// CHECK-LABEL: @fill_wraps: UNKNOWN (input "" reaches out-of-bounds access by a linalg indexing map
// INTERP-LABEL: @fill_wraps: UNKNOWN (1 input): out-of-bounds access
func.func @fill_wraps() {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [3], strides: [2305843009213693952] : memref<2xf32> to memref<3xf32, strided<[2305843009213693952]>>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%r : memref<3xf32, strided<[2305843009213693952]>>)
  memref.dealloc %a : memref<2xf32>
  return
}

// CHECK-LABEL: @copy_wraps: UNKNOWN (input "" reaches {{.*}}out-of-bounds
// INTERP-LABEL: @copy_wraps: UNKNOWN (1 input): out-of-bounds access
func.func @copy_wraps() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<3xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [3], strides: [2305843009213693952] : memref<2xf32> to memref<3xf32, strided<[2305843009213693952]>>
  memref.copy %r, %b : memref<3xf32, strided<[2305843009213693952]>> to memref<3xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<3xf32>
  return
}

// Element 2 alone: its offset wraps to 0 in both tools, inside the buffer.
// CHECK-LABEL: @load_wraps_inside: SAFE
// INTERP-LABEL: @load_wraps_inside: SAFE
func.func @load_wraps_inside() {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [3], strides: [2305843009213693952] : memref<2xf32> to memref<3xf32, strided<[2305843009213693952]>>
  %i = arith.constant 2 : index
  %x = memref.load %r[%i] : memref<3xf32, strided<[2305843009213693952]>>
  memref.dealloc %a : memref<2xf32>
  return
}
