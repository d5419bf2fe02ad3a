// Addresses are symbolic; with --reuse-addresses a new heap buffer may take
// a freed buffer's address, and the lowering's pointer comparison of a
// dangling retained value then mistakes the new buffer for it.
// SPEC: [verify.encoding.addr]
// RUN: dealloc-verify %s | FileCheck %s --check-prefix=CONFORM
// RUN: mlir-opt %s -bufferization-lower-deallocations | dealloc-verify - | FileCheck %s --check-prefix=NOREUSE
// RUN: mlir-opt %s -bufferization-lower-deallocations | not dealloc-verify --reuse-addresses - | FileCheck %s --check-prefix=REUSE

// CONFORM: @f: SAFE
// NOREUSE: @f: SAFE
// REUSE: @f: LEAK on input "" (
// REUSE: replayed by dealloc-run: LEAK
func.func @f() -> i1 {
  %t = arith.constant true
  %r = memref.alloc() : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  %a = memref.alloc() : memref<2xf32>
  %x = bufferization.dealloc (%a : memref<2xf32>) if (%t) retain (%r : memref<2xf32>)
  return %x : i1
}

// Without reuse, distinct buffers never compare equal: the guarded free of
// the lowered form is exact.
// CONFORM: @distinct: SAFE
// NOREUSE: @distinct: SAFE
// REUSE: @distinct: SAFE
func.func @distinct(%c: i1) {
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
