// [verify.induction] "loopbytes": where every memref.alloc of a loop has one
// static size, the loop's summary slots are built with that size while the
// candidate "every buffer of the loop has it" is kept. The guess is checked
// like every candidate: a buffer of another size that an iteration yields
// (here from a call) drops it, and an access past the size stays a stop.
// SPEC: [verify.induction], [safety.oob]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=EXEC

func.func private @small() -> memref<4xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// The loop allocates 16 bytes (the guess) but yields an 8-byte buffer of
// @small: kept, the guess would make the load of element 3 inside a
// 16-byte buffer and the answer SAFE.
// CHECK-LABEL: @guess_dropped: UNKNOWN (input 1 reaches out-of-bounds access (outside the buffer's bytes), where a run stops without a verdict
// EXEC-LABEL: @guess_dropped: UNKNOWN
// EXEC: input: 1
func.func @guess_dropped(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %init) -> (memref<4xf32>) {
    %tmp = memref.alloc() : memref<4xf32>
    %f = arith.constant 1.0 : f32
    memref.store %f, %tmp[%c3] : memref<4xf32>
    memref.dealloc %tmp : memref<4xf32>
    %base, %off, %sz, %st = memref.extract_strided_metadata %it : memref<4xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    %b = func.call @small() : () -> memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %x = memref.load %r[%c3] : memref<4xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %r : memref<4xf32> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return %x : f32
}

// The guess holds (16 bytes); after one iteration the result is a 16-byte
// buffer, not the 32-byte one the loop started with: element 5 is outside.
// CHECK-LABEL: @guess_kept: UNKNOWN (input 1 reaches out-of-bounds access (outside the buffer's bytes), where a run stops without a verdict
// EXEC-LABEL: @guess_kept: UNKNOWN
// EXEC: input: 1
func.func @guess_kept(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %big = memref.alloc() : memref<8xf32>
  %init = memref.reinterpret_cast %big to offset: [0], sizes: [4], strides: [1] : memref<8xf32> to memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %init) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %it, %new : memref<4xf32> to memref<4xf32>
    %base, %off, %sz, %st = memref.extract_strided_metadata %it : memref<4xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield %new : memref<4xf32>
  }
  %wide = memref.reinterpret_cast %r to offset: [0], sizes: [8], strides: [1] : memref<4xf32> to memref<8xf32>
  %x = memref.load %wide[%c5] : memref<8xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %r : memref<4xf32> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return %x : f32
}
