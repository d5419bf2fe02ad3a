// A result of scf.while / scf.if that is live into one successor of a later
// cf.cond_br. Upstream MLIR 22 keeps a dangling value for the region op it
// replaced: a verifier error ("operation's operand is unlinked") for the
// scf.while program, a crash or a use after free for the scf.if program,
// nondeterministically (docs/findings.md F2, F3; upstream's side is shown by
// corpus/regressions/upstream-while-result-dangling-retain.mlir and
// corpus/regressions/upstream-if-result-freed-before-successor-use.mlir).
// The reference pipeline handles both ([own.live.in], [own.region.op]).
// SPEC: [dev.own.dangling-region-result]
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation-pipeline | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=SAFE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @while_result
//       CHECK:   %[[W:.*]]:3 = scf.while
//       CHECK:   cf.cond_br
//       CHECK:   memref.store %{{.*}}, %[[W]]#0
// SAFE-DAG: @while_result: SAFE
// EXEC-DAG: @while_result: SAFE
func.func @while_result(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %cond: i1) {
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

// -----

// CHECK-LABEL: func.func @if_result
//       CHECK:   %[[M:.*]] = scf.if
//       CHECK:   cf.cond_br
//       CHECK:   memref.store %{{.*}}, %[[M]][
// SAFE-DAG: @if_result: SAFE
// EXEC-DAG: @if_result: SAFE
func.func @if_result(%arg0: memref<4xf32>, %cond: i1) -> memref<4xf32> {
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

// -----

// The same with scf.for (upstream MLIR 22: SIGSEGV in 10 of 10 runs) and
// scf.index_switch (a crash in 7 of 10 runs, otherwise the switch's result
// freed before the branch and cloned after it: USE_AFTER_FREE).
// CHECK-LABEL: func.func @for_result
//       CHECK:   scf.for
//       CHECK:   cf.cond_br
// SAFE-DAG: @for_result: SAFE
// EXEC-DAG: @for_result: SAFE
func.func @for_result(%arg0: memref<4xf32>, %n: index, %cond: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %m = scf.for %i = %c0 to %n step %c1 iter_args(%x = %arg0) -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %x, %a : memref<4xf32> to memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.store %cst, %m[%c0] : memref<4xf32>
  cf.br ^bb2
^bb2:
  return %m : memref<4xf32>
}

// -----

// CHECK-LABEL: func.func @switch_result
//       CHECK:   scf.index_switch
//       CHECK:   cf.cond_br
// SAFE-DAG: @switch_result: SAFE
// EXEC-DAG: @switch_result: SAFE
func.func @switch_result(%arg0: memref<4xf32>, %k: index, %cond: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %m = scf.index_switch %k -> memref<4xf32>
  case 0 {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  default {
    scf.yield %arg0 : memref<4xf32>
  }
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.store %cst, %m[%c0] : memref<4xf32>
  cf.br ^bb2
^bb2:
  return %m : memref<4xf32>
}
