// scf.forall ([op.scf.forall]), memref.assume_alignment and
// memref.memory_space_cast with hand-written frees: both views keep the
// buffer's identity ([view.same_buffer]), so a read through the cast view after the free
// is a use after free, on the inputs that take that branch.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @forall_then_free SAFE
// EXPECT: @read_cast_after_free SAFE USE_AFTER_FREE

func.func @forall_then_free(%v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %s = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %a = memref.assume_alignment %s, 64 : memref<4xf32>
  scf.forall (%i) in (4) {
    memref.store %v, %a[%i] : memref<4xf32>
  }
  %g = memref.memory_space_cast %a : memref<4xf32> to memref<4xf32, 1>
  %x = memref.load %g[%c1] : memref<4xf32, 1>
  memref.dealloc %s : memref<4xf32>
  return %x : f32
}

func.func @read_cast_after_free(%c: i1, %v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %s = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (4) {
    memref.store %v, %s[%i] : memref<4xf32>
  }
  %g = memref.memory_space_cast %s : memref<4xf32> to memref<4xf32, 1>
  %x = scf.if %c -> f32 {
    memref.dealloc %s : memref<4xf32>
    %y = memref.load %g[%c1] : memref<4xf32, 1>
    scf.yield %y : f32
  } else {
    %y = memref.load %g[%c1] : memref<4xf32, 1>
    memref.dealloc %s : memref<4xf32>
    scf.yield %y : f32
  }
  return %x : f32
}
