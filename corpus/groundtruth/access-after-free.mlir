// Descriptor-only ops on freed buffers are legal, element accesses are not
// ([op.memref.access]): memref.dim, extract_aligned_pointer_as_index,
// subview + extract_strided_metadata of a freed buffer and retaining a
// dangling memref in bufferization.dealloc ([dealloc.retain]) are SAFE; a
// memref.copy or bufferization.clone reading a freed buffer is a
// USE_AFTER_FREE. Observability limit of the ground truth: a copy of ZERO
// elements from a freed buffer is a USE_AFTER_FREE by memory effects (the
// spec), but the lowered code reads no byte, so valgrind sees nothing.
// That one input is an expected disagreement.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @dim_freed SAFE
// EXPECT: @ptr_freed SAFE
// EXPECT: @copy_freed USE_AFTER_FREE
// EXPECT: @subview_freed SAFE
// EXPECT: @clone_freed USE_AFTER_FREE
// EXPECT: @retain_dangling SAFE
// EXPECT: @copy_empty_freed SAFE USE_AFTER_FREE
// DEVIATION: @copy_empty_freed(0,b0) run=USE_AFTER_FREE valgrind=SAFE [op.memref.access]

func.func @dim_freed(%n: index, %out: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  %d = memref.dim %0, %c0 : memref<?xf32>
  memref.store %d, %out[%c0] : memref<2xindex>
  return
}
func.func @ptr_freed(%out: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  %p = memref.extract_aligned_pointer_as_index %0 : memref<2xf32> -> index
  %z = arith.muli %p, %c0 : index
  memref.store %z, %out[%c0] : memref<2xindex>
  return
}
func.func @copy_freed(%out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  return
}
func.func @subview_freed(%out: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  %s = memref.subview %0[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %b, %o, %sz, %st = memref.extract_strided_metadata %s : memref<2xf32, strided<[1], offset: 1>> -> memref<f32>, index, index, index
  memref.store %o, %out[%c0] : memref<2xindex>
  return
}
func.func @clone_freed(%out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  %1 = bufferization.clone %0 : memref<2xf32> to memref<2xf32>
  memref.copy %1, %out : memref<2xf32> to memref<2xf32>
  memref.dealloc %1 : memref<2xf32>
  return
}
func.func @retain_dangling(%c: i1, %out: memref<2xf32>) {
  %true = arith.constant true
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %out, %1 : memref<2xf32> to memref<2xf32>
  %r = bufferization.dealloc (%1 : memref<2xf32>) if (%c) retain (%0 : memref<2xf32>)
  scf.if %r {
    memref.dealloc %1 : memref<2xf32>
  }
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %1 : memref<2xf32>
  }
  return
}
func.func @copy_empty_freed(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  %s = memref.subview %out[0] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  memref.copy %0, %s : memref<?xf32> to memref<?xf32, strided<[1]>>
  return
}
