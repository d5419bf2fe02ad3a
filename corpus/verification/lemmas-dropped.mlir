// Lemmas are asserted only where proved ([verify.lemmas]): a freed buffer
// whose address is still compared, and a buffer dropped on one path only.
// SPEC: [verify.lemmas]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// A buffer that is freed while its address is still compared (the pattern
// of lowered deallocations) is not "live"; the freed flag keeps the lemma.
// CHECK-LABEL: @freed_but_compared: SAFE
func.func @freed_but_compared(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %ne = arith.cmpi ne, %pa, %pb : index
  %nk = arith.xori %c, %ne : i1
  scf.if %nk {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %b : memref<2xf32>
  return
}

// A buffer dropped on one path only: the lemma after the scf.if holds on
// the other path; the leak on input `false` is reported.
// CHECK-LABEL: @dropped_on_one_path: LEAK on input false
// CHECK: replayed by dealloc-run: LEAK
func.func @dropped_on_one_path(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
