// Without address reuse, comparing the aligned addresses of two views
// (directly or after storing them in memory, as the lowering's
// dealloc_helper does) is comparing their buffers, and is encoded so
// (corpus/verification/views.mlir has the byte-contents counterpart).
// SPEC: [verify.encoding.addr]
// RUN: dealloc-verify %s | FileCheck %s
// RUN: not dealloc-verify --reuse-addresses %s 2>/dev/null | FileCheck %s --check-prefix=REUSE

// Pointers stored into an index buffer and loaded back: equal iff %c chose
// %a, so exactly one free of each buffer happens.
// CHECK-LABEL: @through_memory: SAFE
// REUSE-LABEL: @through_memory: SAFE
func.func @through_memory(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %ptrs = memref.alloc() : memref<2xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %ps = memref.extract_aligned_pointer_as_index %s : memref<2xf32> -> index
  memref.store %pa, %ptrs[%c0] : memref<2xindex>
  memref.store %ps, %ptrs[%c1] : memref<2xindex>
  %x = memref.load %ptrs[%c0] : memref<2xindex>
  %y = memref.load %ptrs[%c1] : memref<2xindex>
  %ne = arith.cmpi ne, %x, %y : index
  scf.if %ne {
    memref.dealloc %a : memref<2xf32>
  } else {
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %s : memref<2xf32>
  memref.dealloc %ptrs : memref<2xindex>
  return
}

// With address reuse, a freed buffer's address may come back: the
// comparison is then not a buffer comparison, and the dangling pointer of
// %a may equal the fresh %b's.
// CHECK-LABEL: @dangling: SAFE
// REUSE-LABEL: @dangling: LEAK on input "" (
// REUSE: replayed by dealloc-run: LEAK
func.func @dangling() {
  %a = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %same = arith.cmpi eq, %pa, %pb : index
  scf.if %same {
  } else {
    memref.dealloc %b : memref<2xf32>
  }
  return
}
