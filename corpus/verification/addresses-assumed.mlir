// The facts about addresses (distinct buffers have distinct, non-zero
// addresses) are assumed by the safety check exactly where some condition
// of the encoding mentions an address as a number; where every address is
// compared as a buffer identity they constrain nothing else and are left
// out (--solver-stats says "address constraints not needed").
// SPEC: [verify.encoding.addr]
// RUN: dealloc-verify %s | FileCheck %s
// RUN: dealloc-verify --reuse-addresses %s | FileCheck %s
// RUN: dealloc-verify --solver-stats %s 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=STATS

// Ordered comparisons read the numbers: SAFE only because the two live
// buffers' addresses differ.
// CHECK-LABEL: @ordered: SAFE
// STATS-LABEL: @ordered:
// STATS-NOT: address constraints not needed
// STATS: dealloc_helper calls
func.func @ordered() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %lt = arith.cmpi ult, %pa, %pb : index
  %gt = arith.cmpi ugt, %pa, %pb : index
  %ne = arith.ori %lt, %gt : i1
  scf.if %ne {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %b : memref<2xf32>
  return
}

// An address compared with zero: SAFE only because addresses are not 0.
// CHECK-LABEL: @nonzero: SAFE
// STATS-LABEL: @nonzero:
// STATS-NOT: address constraints not needed
// STATS: dealloc_helper calls
func.func @nonzero() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %nz = arith.cmpi ne, %pa, %c0 : index
  scf.if %nz {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Equality of two views' addresses is equality of their buffers: no
// number is read.
// CHECK-LABEL: @identities: SAFE
// STATS-LABEL: @identities:
// STATS-SAME: (address constraints not needed)
func.func @identities(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %ps = memref.extract_aligned_pointer_as_index %s : memref<2xf32> -> index
  %same = arith.cmpi eq, %pa, %ps : index
  scf.if %same {
    memref.dealloc %b : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %s : memref<2xf32>
  return
}
