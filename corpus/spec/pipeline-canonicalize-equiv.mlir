// What canonicalize (stages 2, 4 and 8 of the pipeline) preserves, judged by
// dealloc-verify --equiv on its input (A) and output (B), both printed with
// locations so that allocation sites match ([equiv.match]).
// - Clone folding ([clone.fold.forward]) keeps every verdict SAFE but may
//   move the surviving free to another interval between input-program
//   allocations (DIFFERENT, both replays SAFE) or keep it in its interval
//   (EQUIVALENT): it is neither an equivalence nor a refinement.
// - Deleting an allocation whose only uses are frees is an equivalence;
//   deleting an unused allocation that leaked is a refinement: DIFFERENT
//   with A: LEAK and B: SAFE ([equiv.refine]).
// SPEC: [pipeline.canonicalize] [pipeline.equiv] [equiv.refine]
// RUN: mlir-opt --mlir-print-debuginfo %s -o %t.a.mlir
// RUN: mlir-opt --canonicalize --mlir-print-debuginfo %s -o %t.b.mlir
// RUN: FileCheck %s --check-prefix=FOLDED < %t.b.mlir
// RUN: not grep -q bufferization.clone %t.b.mlir
// RUN: not dealloc-run %t.a.mlir | FileCheck %s --check-prefix=RUN-A
// RUN: dealloc-run %t.b.mlir | FileCheck %s --check-prefix=RUN-B
// RUN: not dealloc-verify --equiv %t.a.mlir %t.b.mlir | FileCheck %s --check-prefix=EQUIV

// The canonicalizer folds every clone (no clone is left: the grep above)
// and the dead allocations.
// FOLDED-LABEL: func.func @free_moves_past_alloc
// FOLDED:         %[[A:.*]] = memref.alloc()
// FOLDED:         %[[B:.*]] = memref.alloc()
// FOLDED:         memref.dealloc %[[A]]
// FOLDED-NEXT:    memref.dealloc %[[B]]
// FOLDED-LABEL: func.func @free_stays_in_interval
// FOLDED:         %[[A:.*]] = memref.alloc()
// FOLDED:         memref.dealloc %[[A]]
// FOLDED-NEXT:    %[[B:.*]] = memref.alloc()
// FOLDED-LABEL: func.func @clone_freed_source_returned
// FOLDED-NOT:     memref.dealloc
// FOLDED-LABEL: func.func @dead_alloc_leaks
// FOLDED-NEXT:    return
// FOLDED-LABEL: func.func @dead_alloc_freed
// FOLDED-NEXT:    return

// RUN-A: @free_moves_past_alloc: SAFE
// RUN-A: @free_stays_in_interval: SAFE
// RUN-A: @clone_freed_source_returned: SAFE
// RUN-A: @dead_alloc_leaks: LEAK
// RUN-A: @dead_alloc_freed: SAFE
// RUN-B: @free_moves_past_alloc: SAFE
// RUN-B: @free_stays_in_interval: SAFE
// RUN-B: @clone_freed_source_returned: SAFE
// RUN-B: @dead_alloc_leaks: SAFE
// RUN-B: @dead_alloc_freed: SAFE

// The clone's free (in ^bb1, after %b is allocated) now frees %a: %a's
// buffer is freed after two input-program allocations instead of one.
// EQUIV:      @free_moves_past_alloc: DIFFERENT on input 0 (a buffer of site {{.*}}pipeline-canonicalize-equiv.mlir:[[@LINE+5]]:8 is freed at a different point
// EQUIV-NEXT:   A: SAFE
// EQUIV-NEXT:   B: SAFE
func.func @free_moves_past_alloc(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %r = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  cf.br ^bb1
^bb1:
  %b = memref.alloc() : memref<2xf32>
  %v = memref.load %r[%c0] : memref<2xf32>
  memref.store %v, %b[%c0] : memref<2xf32>
  %w = memref.load %b[%c0] : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return %w : f32
}

// The same fold, with the clone freed before %b is allocated: %a's buffer
// is still freed after one input-program allocation.
// EQUIV: @free_stays_in_interval: EQUIVALENT
func.func @free_stays_in_interval(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %r = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  cf.br ^bb1
^bb1:
  %v = memref.load %r[%c0] : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %v, %b[%c0] : memref<2xf32>
  %w = memref.load %b[%c0] : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return %w : f32
}

// The clone (not an input-program site) is freed and folded away; the
// source is returned in both versions.
// EQUIV: @clone_freed_source_returned: EQUIVALENT
func.func @clone_freed_source_returned(%f: f32) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %r = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %v = memref.load %r[%c0] : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  memref.store %v, %a[%c1] : memref<2xf32>
  return %a : memref<2xf32>
}

// A refinement: the leaking allocation is gone.
// EQUIV:      @dead_alloc_leaks: DIFFERENT on input "" (A: LEAK at {{.*}}; B: returns without violation)
// EQUIV-NEXT:   A: LEAK
// EQUIV-NEXT:   B: SAFE
func.func @dead_alloc_leaks() {
  %a = memref.alloc() : memref<2xf32>
  return
}

// An allocation whose only use is its free: the site is in A only, and
// not compared.
// EQUIV: @dead_alloc_freed: EQUIVALENT
func.func @dead_alloc_freed() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}
