// A linalg op on a view that reaches past its buffer's end touches bytes
// outside the buffer: an out-of-bounds stop for dealloc-verify as for
// dealloc-run, which runs the loop nest ([op.linalg.structured]).
// SPEC: [safety.oob], [verify.encoding.linalg]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP

// CHECK-LABEL: @fill_past_end: UNKNOWN (input "" reaches out-of-bounds access by a linalg indexing map
// INTERP-LABEL: @fill_past_end: UNKNOWN (1 input): out-of-bounds access
func.func @fill_past_end() {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%r : memref<4xf32>)
  memref.dealloc %a : memref<2xf32>
  return
}

// CHECK-LABEL: @generic_past_end: UNKNOWN (input b0 reaches out-of-bounds access by a linalg indexing map
// INTERP-LABEL: @generic_past_end: UNKNOWN (1 input): out-of-bounds access
func.func @generic_past_end(%m: memref<4xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [1], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32, strided<[1], offset: 1>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%r : memref<4xf32, strided<[1], offset: 1>>) outs(%m : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %a : memref<2xf32>
  return
}

// Within the buffer: a 2x2 view of 4 elements, transposed read.
// CHECK-LABEL: @generic_inside: SAFE
// INTERP-LABEL: @generic_inside: SAFE
func.func @generic_inside(%m: memref<2x2xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  %f = arith.constant 0.0 : f32
  linalg.fill ins(%f : f32) outs(%r : memref<2x2xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r : memref<2x2xf32>) outs(%m : memref<2x2xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// An empty domain touches nothing.
// CHECK-LABEL: @empty_past_end: SAFE
// INTERP-LABEL: @empty_past_end: SAFE
func.func @empty_past_end() {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [5], sizes: [0], strides: [1] : memref<2xf32> to memref<0xf32, strided<[1], offset: 5>>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%r : memref<0xf32, strided<[1], offset: 5>>)
  memref.dealloc %a : memref<2xf32>
  return
}

// Caller-provided buffers are bounded too: a view of an argument that reaches
// past its extents (verify said SAFE here, dealloc-run stops).
// CHECK-LABEL: @fill_past_argument: UNKNOWN (input b0 reaches out-of-bounds access by a linalg indexing map
// INTERP-LABEL: @fill_past_argument: UNKNOWN (1 input): out-of-bounds access
func.func @fill_past_argument(%arg: memref<2xf32>) {
  %z = arith.constant 0.0 : f32
  %v = memref.reinterpret_cast %arg to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
  linalg.fill ins(%z : f32) outs(%v : memref<4xf32>)
  return
}

// CHECK-LABEL: @copy_past_dynamic_argument: UNKNOWN (input b0[2],b1 reaches out-of-bounds access by a linalg indexing map
// INTERP-LABEL: @copy_past_dynamic_argument: UNKNOWN (1 input): out-of-bounds access
func.func @copy_past_dynamic_argument(%arg: memref<?xf32>, %out: memref<3xf32>) {
  %v = memref.reinterpret_cast %arg to offset: [0], sizes: [3], strides: [1] : memref<?xf32> to memref<3xf32>
  linalg.copy ins(%v : memref<3xf32>) outs(%out : memref<3xf32>)
  return
}

// Within the argument's extents: SAFE in both.
// CHECK-LABEL: @fill_inside_argument: SAFE
// INTERP-LABEL: @fill_inside_argument: SAFE
func.func @fill_inside_argument(%arg: memref<4xf32>) {
  %z = arith.constant 0.0 : f32
  %v = memref.reinterpret_cast %arg to offset: [1], sizes: [3], strides: [1] : memref<4xf32> to memref<3xf32, strided<[1], offset: 1>>
  linalg.fill ins(%z : f32) outs(%v : memref<3xf32, strided<[1], offset: 1>>)
  return
}
