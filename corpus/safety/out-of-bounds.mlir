// Out-of-bounds accesses are outside the ownership model: UNKNOWN, never
// SAFE, on the inputs that perform them.
// SPEC: [safety.oob]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s

// CHECK-LABEL: @index_too_large: UNKNOWN (3 inputs): out-of-bounds access, outside the ownership model
// CHECK-NEXT:    input: 2
func.func @index_too_large(%i: index) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.constant 0.0 : f32
  memref.store %f, %a[%i] : memref<2xf32>
  %x = memref.load %a[%i] : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return %x : f32
}

// A reinterpret_cast reaching past the buffer's end.
// CHECK-LABEL: @outside_buffer: UNKNOWN (1 input): out-of-bounds access
func.func @outside_buffer() -> f32 {
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
  %x = memref.load %r[%c3] : memref<4xf32>
  memref.dealloc %a : memref<2xf32>
  return %x : f32
}
