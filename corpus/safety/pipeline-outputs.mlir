// Upstream's output at every stage runs: after --ownership-based-buffer-
// deallocation alone (bufferization.dealloc with aliasing operands and
// retained values), after simplification, after lowering (the generic
// dealloc_helper with index/i1 buffers and loops), after the full pipeline,
// with and without address reuse. Every shape is SAFE except returning one
// buffer twice, which upstream does not copy ([abi.results.distinct]).
// SPEC: [dealloc.free.condition] [dealloc.retain] [dealloc.results] [heap.leak] [abi.results.distinct]
// RUN: mlir-opt %S/Inputs/pipeline-shapes.mlir --ownership-based-buffer-deallocation | not dealloc-run - | FileCheck %s
// RUN: mlir-opt %S/Inputs/pipeline-shapes.mlir --ownership-based-buffer-deallocation --buffer-deallocation-simplification | not dealloc-run - | FileCheck %s
// RUN: mlir-opt %S/Inputs/pipeline-shapes.mlir --ownership-based-buffer-deallocation --canonicalize --buffer-deallocation-simplification --bufferization-lower-deallocations | not dealloc-run - | FileCheck %s
// RUN: mlir-opt %S/Inputs/pipeline-shapes.mlir --buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s
// RUN: mlir-opt %S/Inputs/pipeline-shapes.mlir --buffer-deallocation-pipeline | not dealloc-run - --reuse-addresses | FileCheck %s
// RUN: mlir-opt %S/Inputs/pipeline-shapes.mlir --buffer-deallocation-pipeline="private-function-dynamic-ownership=true" | not dealloc-run - | FileCheck %s
// RUN: mlir-opt %S/Inputs/pipeline-realloc.mlir --buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=REALLOC
// RUN: mlir-opt %S/Inputs/pipeline-shapes.mlir --buffer-deallocation-pipeline | FileCheck %s --check-prefix=HELPER

// HELPER: func.func private @dealloc_helper
// REALLOC: @realloc_grow: SAFE (3 inputs)
// CHECK-LABEL: @diamond: SAFE (2 inputs)
// CHECK-LABEL: @selects: SAFE (8 inputs)
// CHECK-LABEL: @loop_iter: SAFE (6 inputs)
// CHECK-LABEL: @while_iter: SAFE (3 inputs)
// CHECK-LABEL: @nested_if: SAFE (4 inputs)
// CHECK-LABEL: @calls: SAFE (2 inputs)
// CHECK-LABEL: @return_twice: ABI_VIOLATION (2 inputs)
// CHECK-NEXT:    input: true
// CHECK-NEXT:    reason: [abi.results.distinct]
// CHECK-LABEL: @views: SAFE (6 inputs)
// CHECK-LABEL: @regions: SAFE (6 inputs)
// CHECK-LABEL: @globals_and_stack: SAFE (2 inputs)
// CHECK-LABEL: @nested_loops: SAFE (6 inputs)
// CHECK-LABEL: @while_before: SAFE (3 inputs)
