// Finding F3 of docs/findings.md (upstream MLIR 22): the result of an scf.if
// (a fresh buffer on one path, the argument on the other) used in one
// successor of a later cf.cond_br. mlir-opt --buffer-deallocation-pipeline
// is nondeterministic on this input: in about half of the runs it crashes
// (SIGSEGV in deallocateBuffersOwnershipBased), in the others it emits code
// that frees the buffer *before* the cf.cond_br and then stores into it and
// clones it (USE_AFTER_FREE). Same root cause as F2: the pass keeps a
// dangling value for the scf.if result it replaced.
// Found by `harness/dealloc-harness fuzz --seed 0` (program 14; harness
// signatures impl-unsafe-use_after_free-... and impl-crash-sigsegv-...),
// then minimized by hand.
// SPEC: [heap.use]
// Upstream deviates here (the dangling region result):
// SPEC: [dev.own.dangling-region-result]
// This test passes while the bug is there (retry.py returns the first run
// that does not crash); once fixed, expect `@f: SAFE`.

// RUN: %python %repo/harness/dealloc_harness/retry.py --tries 40 --until-ok mlir-opt --buffer-deallocation-pipeline %s > %t.mlir
// RUN: not dealloc-run %t.mlir | FileCheck %s
// CHECK: @f: USE_AFTER_FREE
// CHECK: input: {{.*}}true

func.func @f(%arg0: memref<4xf32>, %cond: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %m = scf.if %cond -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %arg0 : memref<4xf32>
  }
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.store %cst, %m[%c0] : memref<4xf32>
  cf.br ^bb2
^bb2:
  return %m : memref<4xf32>
}
