// The canonicalizer forwards a clone's source when the source is freed later
// in the block, even if the program compares the aligned pointers of the
// clone and its source in between: the comparison is false before the fold
// ([clone.fresh]: a clone never aliases its source) and compares one pointer
// with itself after it. Spec: the fold needs proviso (iii) of
// [clone.fold.forward].
// SPEC: [dev.clone.fold.address], [clone.fold.forward]
// RUN: mlir-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: mlir-opt %s -convert-bufferization-to-memref | FileCheck %s --check-prefix=LOWER
// RUN: dealloc-run %s | FileCheck %s --check-prefix=INTERP
// RUN: mlir-opt %s -canonicalize | dealloc-run - | FileCheck %s --check-prefix=INTERP

// CANON-LABEL: func.func @compare_clone_and_source
// CANON: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CANON-NOT: bufferization.clone
// CANON: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CANON: %[[Q:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CANON: arith.cmpi eq, %[[P]], %[[Q]]
// CANON-NOT: memref.dealloc
// CANON: return %[[A]]
// LOWER-LABEL: func.func @compare_clone_and_source
// LOWER: %[[A:.*]] = memref.alloc() : memref<2xf32>
// LOWER: %[[B:.*]] = memref.alloc() : memref<2xf32>
// LOWER: memref.copy %[[A]], %[[B]]
// LOWER: memref.extract_aligned_pointer_as_index %[[A]]
// LOWER: memref.extract_aligned_pointer_as_index %[[B]]
// INTERP: @compare_clone_and_source: SAFE
func.func @compare_clone_and_source() -> (memref<2xf32>, i1) {
  %s = memref.alloc() : memref<2xf32>
  %r = bufferization.clone %s : memref<2xf32> to memref<2xf32>
  %p = memref.extract_aligned_pointer_as_index %s : memref<2xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %r : memref<2xf32> -> index
  %e = arith.cmpi eq, %p, %q : index
  memref.dealloc %s : memref<2xf32>
  return %r, %e : memref<2xf32>, i1
}
