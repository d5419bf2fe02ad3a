// [verify.encoding.addr]: an arith.select of two aligned addresses of views
// is the address of the selected view, so comparing it with another
// address compares buffers (the reference pipeline selects the retained
// pointer of an arith.select chain this way; as 64-bit terms, a chain of
// 300 took minutes). Swapping the selected addresses is still caught.
// SPEC: [verify.encoding.addr]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: dealloc-verify --solver-stats --function retained_select %s 2>&1 | FileCheck %s --check-prefix=STATS

// CHECK-LABEL: @retained_select: SAFE
// STATS: address constraints not needed
func.func @retained_select(%c: i1, %d: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %e = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %t = arith.select %d, %e, %s : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %pe = memref.extract_aligned_pointer_as_index %e : memref<2xf32> -> index
  %ps = arith.select %c, %pa, %pb : index
  %pt = arith.select %d, %pe, %ps : index
  %fa = arith.cmpi ne, %pa, %pt : index
  scf.if %fa {
    memref.dealloc %a : memref<2xf32>
  }
  %fb = arith.cmpi ne, %pb, %pt : index
  scf.if %fb {
    memref.dealloc %b : memref<2xf32>
  }
  %fe = arith.cmpi ne, %pe, %pt : index
  scf.if %fe {
    memref.dealloc %e : memref<2xf32>
  }
  return %t : memref<2xf32>
}

// The retained address selects the other buffer: the returned one is freed.
// CHECK-LABEL: @swapped_select: ABI_VIOLATION on input
// CHECK: replayed by dealloc-run: ABI_VIOLATION
func.func @swapped_select(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %ps = arith.select %c, %pb, %pa : index
  %fa = arith.cmpi ne, %pa, %ps : index
  scf.if %fa {
    memref.dealloc %a : memref<2xf32>
  }
  %fb = arith.cmpi ne, %pb, %ps : index
  scf.if %fb {
    memref.dealloc %b : memref<2xf32>
  }
  return %s : memref<2xf32>
}
