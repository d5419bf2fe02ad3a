// Upstream pipeline: scf.forall ([op.scf.forall]) writing a scratch buffer
// whose alignment is asserted (memref.assume_alignment) and read through a
// memory-space cast (memref.memory_space_cast; both views of it:
// [view.same_buffer]); the scratch
// buffer is freed after the loop, the result is returned.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @forall_scratch SAFE

func.func @forall_scratch(%v: f32) -> memref<4xf32> {
  %s = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %a = memref.assume_alignment %s, 64 : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (4) {
    memref.store %v, %a[%i] : memref<4xf32>
  }
  %g = memref.memory_space_cast %a : memref<4xf32> to memref<4xf32, 1>
  %back = memref.memory_space_cast %g : memref<4xf32, 1> to memref<4xf32>
  memref.copy %back, %out : memref<4xf32> to memref<4xf32>
  return %out : memref<4xf32>
}
