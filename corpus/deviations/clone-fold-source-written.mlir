// The canonicalizer forwards a clone's source when the source is freed later
// in the block, even if the source is written in between: the returned
// buffer then holds the written value. Spec: the clone is a copy taken at
// the clone, so the result must not see the later store (the lowering to
// alloc + copy does not).
// SPEC: [dev.clone.fold.source-written]
// RUN: mlir-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: mlir-opt %s -convert-bufferization-to-memref | FileCheck %s --check-prefix=LOWER

// CANON-LABEL: func.func @clone_source_written
// CANON-SAME: (%[[F:.*]]: f32)
// CANON: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CANON-NOT: bufferization.clone
// CANON: memref.store %[[F]], %[[A]]
// CANON-NOT: memref.dealloc
// CANON: return %[[A]]
// LOWER-LABEL: func.func @clone_source_written
// LOWER-SAME: (%[[F:.*]]: f32)
// LOWER: %[[A:.*]] = memref.alloc() : memref<2xf32>
// LOWER: %[[B:.*]] = memref.alloc() : memref<2xf32>
// LOWER: memref.copy %[[A]], %[[B]]
// LOWER: memref.store %[[F]], %[[A]]
// LOWER: memref.dealloc %[[A]]
// LOWER: return %[[B]]
func.func @clone_source_written(%f: f32) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %z, %a[%c0] : memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return %b : memref<2xf32>
}
