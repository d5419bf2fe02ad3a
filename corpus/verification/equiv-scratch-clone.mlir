// Allocation sites for --equiv: a bufferization.clone with a dealloc.site
// attribute is a site; scratch buffers of a lowered bufferization.dealloc
// and untagged clones are a pass's buffers, so a version without
// allocations compares with one that has only scratch buffers.
// SPEC: [equiv.sites] [equiv.match]
//
// No allocation in A, only the helper lowering's scratch buffers in B:
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline --mlir-print-debuginfo %s -o %t.inline.mlir
// RUN: dealloc-opt '--reference-buffer-deallocation-pipeline=helper-above=0' --mlir-print-debuginfo %s -o %t.helper.mlir
// RUN: dealloc-verify --equiv %t.inline.mlir %t.helper.mlir | FileCheck %s --check-prefix=SCRATCH
// RUN: mlir-opt --buffer-deallocation-pipeline --mlir-print-debuginfo %s -o %t.upstream.mlir
// RUN: dealloc-verify --equiv %t.upstream.mlir %t.helper.mlir | FileCheck %s --check-prefix=SCRATCH
//
// A tagged clone is a site: freeing it after another allocation is a
// difference.
// RUN: not dealloc-verify --equiv --function clone_free_point %s %S/Inputs/equiv-clone-late.mlir | FileCheck %s --check-prefix=CLONE
//
// Harness program s5-p11 (sites tagged with dealloc.site, outputs printed
// without debug locations): upstream's output (scratch buffers at their own
// file positions) against the reference pipeline's.
// RUN: mlir-opt --buffer-deallocation-pipeline %S/Inputs/equiv-seed5-p11.mlir -o %t.p11.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %S/Inputs/equiv-seed5-p11.mlir -o %t.p11.ref.mlir
// RUN: dealloc-verify --equiv %t.p11.up.mlir %t.p11.ref.mlir | FileCheck %s --check-prefix=P11

// SCRATCH: @return_arg: EQUIVALENT
// SCRATCH-NEXT: @clone_free_point: EQUIVALENT

// CLONE: @clone_free_point: DIFFERENT on input b0 (a buffer of site dealloc.site = 1 is freed at a different point
// CLONE-NEXT: A: SAFE
// CLONE-NEXT: B: SAFE

// P11: @publ0: EQUIVALENT
// P11-NEXT: @entry: EQUIVALENT

func.func @return_arg(%a: memref<2xf32>) -> memref<2xf32> {
  return %a : memref<2xf32>
}

func.func @clone_free_point(%a: memref<2xf32>) {
  %c = bufferization.clone %a {dealloc.site = 1 : i64} : memref<2xf32> to memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 2 : i64} : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}
