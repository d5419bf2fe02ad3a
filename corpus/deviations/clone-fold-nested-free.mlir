// Upstream MLIR 22's canonicalizer (SimplifyClones) folds a clone whose
// free is in the clone's block although the source is freed in between,
// inside the region of an scf.execute_region: it looks for frees only among
// the ops of the block, not in their regions. The input is SAFE (the load
// reads the clone); the output loads the freed source (USE_AFTER_FREE).
// This breaks the "live at every use" proviso of the fold
// (docs/findings.md F5).
// SPEC: [dev.clone.fold.nested-free] [clone.fold.forward] [pipeline.canonicalize]
// This test passes while the bug is there; once fixed, expect
// `@nested_free: SAFE` after --canonicalize too.
// RUN: dealloc-run %s | FileCheck %s --check-prefix=BEFORE
// RUN: mlir-opt --canonicalize %s | FileCheck %s --check-prefix=FOLDED
// RUN: mlir-opt --canonicalize %s | not dealloc-run - | FileCheck %s --check-prefix=AFTER

// BEFORE: @nested_free: SAFE
// FOLDED-LABEL: func.func @nested_free
// FOLDED-NOT:     bufferization.clone
// FOLDED:         %[[A:.*]] = memref.alloc()
// FOLDED:         memref.dealloc %[[A]]
// FOLDED-NEXT:    memref.load %[[A]]
// AFTER: @nested_free: USE_AFTER_FREE
// AFTER: reason: [heap.use] 'memref.load' accesses freed buffer #1
func.func @nested_free(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %r = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  scf.execute_region {
    memref.dealloc %a : memref<2xf32>
    scf.yield
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  return %v : f32
}
