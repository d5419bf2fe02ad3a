// bufferization.clone under the reference semantics: the result is a fresh
// heap buffer (freeing it and its source is SAFE; not freeing it leaks; its
// address differs from the source's), and cloning a freed source is a use
// after free.
// SPEC: [clone.fresh]
// SPEC: [clone.source.live]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @free_both: SAFE (1 input){{$}}
func.func @free_both(%f: f32) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%i] : memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %ne = arith.cmpi ne, %pa, %pb : index
  cf.assert %ne, "a clone has its own address"
  memref.dealloc %a : memref<2xf32>
  %v = memref.load %b[%i] : memref<2xf32>
  memref.store %v, %b[%i] : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

// CHECK-LABEL: @clone_global: SAFE (1 input){{$}}
memref.global "private" constant @g : memref<2xf32> = dense<1.0>
func.func @clone_global() {
  %g = memref.get_global @g : memref<2xf32>
  %b = bufferization.clone %g : memref<2xf32> to memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

// CHECK-LABEL: @clone_leaked: LEAK (1 input)
// CHECK: clone
func.func @clone_leaked(%m: memref<2xf32>) {
  %b = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  return
}

// CHECK-LABEL: @clone_freed_source: USE_AFTER_FREE (1 input)
func.func @clone_freed_source(%f: f32) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%i] : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}
