// bufferization.clone yields a fresh heap buffer holding a copy of the
// source view. Upstream lowers it to memref.alloc + memref.copy; the source
// is only read and never freed.
// SPEC: [clone.fresh]
// SPEC: [clone.fold.forward]
// RUN: mlir-opt %s -split-input-file -convert-bufferization-to-memref | FileCheck %s --check-prefix=LOWER
// RUN: mlir-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// LOWER-LABEL: func.func @clone_is_alloc_copy
// LOWER-SAME: (%[[S:.*]]: memref<?xf32>)
// LOWER: %[[D:.*]] = memref.dim %[[S]]
// LOWER: %[[N:.*]] = memref.alloc(%[[D]]) : memref<?xf32>
// LOWER: memref.copy %[[S]], %[[N]]
// LOWER-NOT: memref.dealloc
// LOWER: return %[[N]]
// CANON-LABEL: func.func @clone_is_alloc_copy
func.func @clone_is_alloc_copy(%s: memref<?xf32>) -> memref<?xf32> {
  %r = bufferization.clone %s : memref<?xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

// -----

// The result is a distinct buffer: its aligned pointer differs from the
// source's, so the comparison is not folded to true.
// LOWER-LABEL: func.func @clone_distinct_address
// LOWER: %[[A:.*]] = memref.alloc() : memref<2xf32>
// LOWER: %[[B:.*]] = memref.alloc() : memref<2xf32>
// LOWER: memref.copy %[[A]], %[[B]]
// LOWER: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// LOWER: %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// LOWER: arith.cmpi eq, %[[PA]], %[[PB]]
// CANON-LABEL: func.func @clone_distinct_address
// CANON: bufferization.clone
// CANON: arith.cmpi eq
func.func @clone_distinct_address(%f: f32) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %i = arith.constant 0 : index
  memref.store %f, %a[%i] : memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %eq = arith.cmpi eq, %pa, %pb : index
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return %eq : i1
}

// -----

// Clone followed by a free of its source with no write in between: the
// canonicalizer forwards the source (allowed by [clone.fold.forward]).
// CANON-LABEL: func.func @clone_then_free_source
// CANON: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CANON-NOT: bufferization.clone
// CANON-NOT: memref.dealloc
// CANON: return %[[A]]
// LOWER-LABEL: func.func @clone_then_free_source
func.func @clone_then_free_source(%f: f32) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %i = arith.constant 0 : index
  memref.store %f, %a[%i] : memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return %b : memref<2xf32>
}
