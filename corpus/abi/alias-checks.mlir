// Run-time alias checks by pointer comparison are judged by buffer identity:
// a conditional clone of results that compare equal (the PSA thread's
// downstream workaround) is correct; a memref.view shift defeats the
// comparison; a dangling pointer compares equal to a new buffer when the
// allocator reuses addresses.
// SPEC: [abi.alias_check] [abi.results.distinct] [addr.reuse] [view.view.shift]
// RUN: not dealloc-run %s | FileCheck %s --check-prefixes=CHECK,FRESH
// RUN: not dealloc-run --reuse-addresses %s | FileCheck %s --check-prefixes=CHECK,REUSE
// RUN: not dealloc-verify %s | FileCheck %s --check-prefixes=VERIFY
// RUN: not dealloc-verify --reuse-addresses %s | FileCheck %s --check-prefixes=VERIFY-REUSE

// Two results that alias when %c is true; the callee compares their aligned
// pointers and returns a clone when they are equal. Safe in both modes.
// CHECK-LABEL: @select_then_clone: SAFE (2 inputs)
// VERIFY-LABEL: @select_then_clone: SAFE
// VERIFY-REUSE-LABEL: @select_then_clone: SAFE
func.func @select_then_clone(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r1 = arith.select %c, %a, %b : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %p1 = memref.extract_aligned_pointer_as_index %r1 : memref<2xf32> -> index
  %same = arith.cmpi eq, %pa, %p1 : index
  %out = scf.if %same -> memref<2xf32> {
    %k = bufferization.clone %r1 : memref<2xf32> to memref<2xf32>
    memref.dealloc %b : memref<2xf32>
    scf.yield %k : memref<2xf32>
  } else {
    scf.yield %r1 : memref<2xf32>
  }
  return %a, %out : memref<2xf32>, memref<2xf32>
}

// Without the check the results alias on one input.
// CHECK-LABEL: @select_no_clone: ABI_VIOLATION (2 inputs)
// CHECK-NEXT:    input: true
// CHECK-NEXT:    reason: [abi.results.distinct] result 1 of @select_no_clone views buffer #1, which an earlier result also views
// VERIFY-LABEL: @select_no_clone: ABI_VIOLATION
// VERIFY-REUSE-LABEL: @select_no_clone: ABI_VIOLATION
func.func @select_no_clone(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r1 = arith.select %c, %a, %b : memref<2xf32>
  scf.if %c {
    memref.dealloc %b : memref<2xf32>
  }
  return %a, %r1 : memref<2xf32>, memref<2xf32>
}

// A view 8 bytes into the buffer has a different aligned pointer: the check
// says "distinct", no clone is made, and the results alias.
// CHECK-LABEL: @view_defeats_pointer_check: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.distinct] result 1 of @view_defeats_pointer_check views buffer #1, which an earlier result also views
// VERIFY-LABEL: @view_defeats_pointer_check: ABI_VIOLATION
// VERIFY-REUSE-LABEL: @view_defeats_pointer_check: ABI_VIOLATION
func.func @view_defeats_pointer_check() -> (memref<16xi8>, memref<8xi8>) {
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<16xi8>
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<8xi8>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<16xi8> -> index
  %pv = memref.extract_aligned_pointer_as_index %v : memref<8xi8> -> index
  %same = arith.cmpi eq, %pa, %pv : index
  %out = scf.if %same -> memref<8xi8> {
    %k = bufferization.clone %v : memref<8xi8> to memref<8xi8>
    scf.yield %k : memref<8xi8>
  } else {
    scf.yield %v : memref<8xi8>
  }
  return %a, %out : memref<16xi8>, memref<8xi8>
}

// "Free %b unless it is %a" with %a already freed: without address reuse
// the pointers differ and %b is freed; with reuse %b takes %a's address,
// compares equal, and leaks.
// FRESH-LABEL: @dangling_compare: SAFE (1 input)
// REUSE-LABEL: @dangling_compare: LEAK (1 input)
// REUSE:         reason: [heap.leak] buffer #2 (memref.alloc) is live and not returned
// VERIFY-LABEL: @dangling_compare: SAFE
// VERIFY-REUSE-LABEL: @dangling_compare: LEAK
func.func @dangling_compare() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %fresh = arith.cmpi ne, %pa, %pb : index
  scf.if %fresh {
    memref.dealloc %b : memref<2xf32>
  }
  return
}
