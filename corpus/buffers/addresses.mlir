// Addresses: fresh by default, reused LIFO for heap buffers with
// --reuse-addresses; extract_aligned_pointer_as_index yields them.
// SPEC: [addr.aligned_pointer] [addr.fresh] [addr.reuse]
// RUN: dealloc-run %s | FileCheck %s --check-prefix=FRESH
// RUN: not dealloc-run --reuse-addresses %s | FileCheck %s --check-prefix=REUSE

// The second allocation gets the freed address only in reuse mode; an
// address-comparing "alias check" then frees the live buffer... and leaks.
// FRESH-LABEL: @pointer_compare: SAFE (1 input)
// REUSE-LABEL: @pointer_compare: LEAK (1 input)
func.func @pointer_compare() {
  %a = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %same = arith.cmpi eq, %pa, %pb : index
  %true = arith.constant true
  %differ = arith.xori %same, %true : i1
  scf.if %differ {
    memref.dealloc %b : memref<2xf32>
  }
  return
}

// Addresses are multiples of 64 (or the requested alignment) and distinct.
// FRESH-LABEL: @alignment: SAFE (1 input)
// REUSE-LABEL: @alignment: SAFE (1 input)
func.func @alignment() {
  %c0 = arith.constant 0 : index
  %c63 = arith.constant 63 : index
  %c255 = arith.constant 255 : index
  %a = memref.alloc() : memref<3xi8>
  %b = memref.alloc() {alignment = 256 : i64} : memref<3xi8>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<3xi8> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<3xi8> -> index
  %ra = arith.andi %pa, %c63 : index
  %rb = arith.andi %pb, %c255 : index
  %oka = arith.cmpi eq, %ra, %c0 : index
  %okb = arith.cmpi eq, %rb, %c0 : index
  %dist = arith.cmpi ne, %pa, %pb : index
  %ok1 = arith.andi %oka, %okb : i1
  %ok = arith.andi %ok1, %dist : i1
  scf.if %ok {
    memref.dealloc %a : memref<3xi8>
    memref.dealloc %b : memref<3xi8>
  }
  return
}

// Stack buffers never take a freed heap address.
// FRESH-LABEL: @stack_fresh: SAFE (1 input)
// REUSE-LABEL: @stack_fresh: SAFE (1 input)
func.func @stack_fresh() {
  %a = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  memref.dealloc %a : memref<2xf32>
  %s = memref.alloca() : memref<2xf32>
  %ps = memref.extract_aligned_pointer_as_index %s : memref<2xf32> -> index
  %b = memref.alloc() : memref<2xf32>
  %differ = arith.cmpi ne, %pa, %ps : index
  scf.if %differ {
    memref.dealloc %b : memref<2xf32>
  }
  return
}
