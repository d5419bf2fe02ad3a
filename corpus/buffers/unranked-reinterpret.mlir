// [view.unranked.reinterpret]: memref.reinterpret_cast of an unranked value
// views the buffer of the descriptor it is, with the op's offset, sizes and
// strides. Both deallocation pipelines free an owned unranked value through a
// rank-0 reinterpret_cast and its base buffer (the last two functions; the
// pipelines' outputs are checked in corpus/ownership/dealloc-unranked.mlir).
// SPEC: [view.unranked.reinterpret], [view.unranked], [safety.oob]
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY

// Write through the ranked buffer, read through the reinterpreted unranked
// value at another rank: the same buffer, the op's sizes and strides.
// EXEC-LABEL: @reinterpret_other_rank: SAFE
// VERIFY-LABEL: @reinterpret_other_rank: SAFE
func.func @reinterpret_other_rank(%x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2x3xf32>
  memref.store %x, %a[%c1, %c2] : memref<2x3xf32>
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [1], sizes: [5], strides: [1]
      : memref<*xf32> to memref<5xf32, strided<[1], offset: 1>>
  %c4 = arith.constant 4 : index
  %v = memref.load %r[%c4] : memref<5xf32, strided<[1], offset: 1>>
  memref.dealloc %a : memref<2x3xf32>
  return %v : f32
}

// The pipelines' free of an owned unranked clone: rank 0 at offset 0, then
// the base buffer.
// EXEC-LABEL: @free_through_reinterpret: SAFE
// VERIFY-LABEL: @free_through_reinterpret: SAFE
func.func @free_through_reinterpret() {
  %a = memref.alloc() : memref<4xf32>
  %c = bufferization.clone %a : memref<4xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %c to offset: [0], sizes: [], strides: []
      : memref<*xf32> to memref<f32, strided<[]>>
  %base, %off = memref.extract_strided_metadata %r
      : memref<f32, strided<[]>> -> memref<f32>, index
  memref.dealloc %base : memref<f32>
  memref.dealloc %a : memref<4xf32>
  return
}

// Freeing the buffer twice, once through the reinterpreted value.
// EXEC-LABEL: @double_free: DOUBLE_FREE
// VERIFY-LABEL: @double_free: DOUBLE_FREE
// VERIFY: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [0], sizes: [], strides: []
      : memref<*xf32> to memref<f32, strided<[]>>
  %base, %off = memref.extract_strided_metadata %r
      : memref<f32, strided<[]>> -> memref<f32>, index
  memref.dealloc %base : memref<f32>
  memref.dealloc %a : memref<4xf32>
  return
}

// The buffer of a stack allocation may not be freed.
// EXEC-LABEL: @invalid_free: INVALID_FREE
// VERIFY-LABEL: @invalid_free: INVALID_FREE
func.func @invalid_free() {
  %a = memref.alloca() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [0], sizes: [], strides: []
      : memref<*xf32> to memref<f32, strided<[]>>
  memref.dealloc %r : memref<f32, strided<[]>>
  return
}

// A load through the reinterpreted value after the buffer is freed.
// EXEC-LABEL: @use_after_free: USE_AFTER_FREE
// VERIFY-LABEL: @use_after_free: USE_AFTER_FREE
func.func @use_after_free() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [0], sizes: [4], strides: [1]
      : memref<*xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}

// The op's sizes may reach past the buffer; the cast is defined, an access
// past the buffer's bytes is not ([safety.oob]): the inputs that reach it
// are excluded, the others are safe.
// EXEC-LABEL: @access_past_buffer: SAFE
// EXEC-NEXT: excluded: out-of-bounds {{.*}} 1 input, first 2:
// VERIFY-LABEL: @access_past_buffer: SAFE
// VERIFY: out-of-bounds access (outside the buffer's bytes), on input 2
func.func @access_past_buffer(%i: index) -> f32 {
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [0], sizes: [8], strides: [1]
      : memref<*xf32> to memref<8xf32>
  %j = arith.addi %i, %c2 : index
  %v = memref.load %r[%j] : memref<8xf32>
  memref.dealloc %a : memref<4xf32>
  return %v : f32
}
