// Finding F2 of docs/findings.md (upstream MLIR 22): a memref result of an
// scf.while that is live into one successor of a later cf.cond_br makes
// -ownership-based-buffer-deallocation emit a bufferization.dealloc whose
// retained operand is a dangling (erased) value: the verifier reports
// "operation's operand is unlinked" and prints <<UNKNOWN SSA VALUE>>.
// Found by `harness/dealloc-harness fuzz --seed 0` (program 28; harness
// signature impl-crash-exit1-...-while-...-cf), then minimized by hand.
// On larger programs the same dangling value makes mlir-opt crash (SIGSEGV)
// in some runs and emit code with a use-after-free in others (F3).
// The spec requires stage 3 to produce valid IR for any valid input:
// SPEC: [pipeline.ownership]
// Upstream deviates here (the dangling region result):
// SPEC: [dev.own.dangling-region-result]
// This test passes while the bug is there; once fixed, check the output with
// dealloc-run instead (see docs/conformance.md).

// RUN: not mlir-opt --ownership-based-buffer-deallocation %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --buffer-deallocation-pipeline %s 2>&1 | FileCheck %s
// CHECK: error: operation's operand is unlinked
// CHECK: bufferization.dealloc{{.*}}<<UNKNOWN SSA VALUE>>

func.func @f(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %w:2 = scf.while (%a = %arg0, %i = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
    %c = arith.cmpi slt, %i, %c1 : index
    scf.condition(%c) %a, %i : memref<4xf32>, index
  } do {
  ^bb0(%b: memref<4xf32>, %j: index):
    %k = arith.addi %j, %c1 : index
    scf.yield %arg1, %k : memref<4xf32>, index
  }
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.store %cst, %w#0[%c0] : memref<4xf32>
  cf.br ^bb2
^bb2:
  return
}
