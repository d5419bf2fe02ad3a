// Accesses by memory effects: load/store/copy/clone need a live buffer;
// descriptor-only ops (dim, extract_strided_metadata, aligned pointer) do not.
// SPEC: [op.memref.access]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @descriptor_ops_after_free: SAFE (1 input)
func.func @descriptor_ops_after_free() -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<3xf32>
  memref.dealloc %a : memref<3xf32>
  %d = memref.dim %a, %c0 : memref<3xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<3xf32> -> index
  %b, %o, %s, %st = memref.extract_strided_metadata %a : memref<3xf32> -> memref<f32>, index, index, index
  %r = arith.addi %d, %p : index
  return %r : index
}

// CHECK-LABEL: @copy_target_freed: USE_AFTER_FREE
// CHECK:         reason: [heap.use] 'memref.copy' accesses freed buffer #2
func.func @copy_target_freed() {
  %a = memref.alloc() : memref<3xf32>
  %b = memref.alloc() : memref<3xf32>
  memref.dealloc %b : memref<3xf32>
  memref.copy %a, %b : memref<3xf32> to memref<3xf32>
  memref.dealloc %a : memref<3xf32>
  return
}

// CHECK-LABEL: @clone_of_freed: USE_AFTER_FREE
// CHECK:         reason: [heap.use] 'bufferization.clone' accesses freed buffer #1
func.func @clone_of_freed() {
  %a = memref.alloc() : memref<3xf32>
  memref.dealloc %a : memref<3xf32>
  %b = bufferization.clone %a : memref<3xf32> to memref<3xf32>
  memref.dealloc %b : memref<3xf32>
  return
}

// Copies go element by element through both descriptors (here a strided
// subview into a dense buffer).
// CHECK-LABEL: @strided_copy: SAFE (1 input)
func.func @strided_copy() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 8.0 : f32
  %a = memref.alloc() : memref<6xf32>
  memref.store %v, %a[%c3] : memref<6xf32>
  %s = memref.subview %a[1] [2] [2] : memref<6xf32> to memref<2xf32, strided<[2], offset: 1>>
  %b = memref.alloc() : memref<2xf32>
  memref.copy %s, %b : memref<2xf32, strided<[2], offset: 1>> to memref<2xf32>
  %x = memref.load %b[%c1] : memref<2xf32>
  %ok = arith.cmpf oeq, %x, %v : f32
  memref.dealloc %a : memref<6xf32>
  scf.if %ok {
    memref.dealloc %b : memref<2xf32>
  }
  return
}
