// Stages 7-8 (cse, canonicalize) and the whole pipeline: frees stay where
// lowering put them -- after the last access of the buffer, in the same
// block -- and the pipeline's output equals stages 1-8 run one by one.
// SPEC: [pipeline.after-lower]
// RUN: mlir-opt %S/Inputs/diamond.mlir -buffer-deallocation-pipeline | FileCheck %s
// RUN: mlir-opt %S/Inputs/diamond.mlir -buffer-deallocation-pipeline -o %t.pipe.mlir
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -bufferization-lower-deallocations -cse -canonicalize -o %t.stages.mlir
// RUN: diff %t.pipe.mlir %t.stages.mlir

// CHECK-LABEL: func.func @diamond
// CHECK: ^bb2(%[[M:.*]]: memref<2xf32>, %[[OWN:.*]]: i1):
// CHECK-NEXT: %[[V:.*]] = memref.load %[[M]]
// CHECK-NEXT: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK-NEXT: scf.if %[[OWN]] {
// CHECK-NEXT: memref.dealloc %[[BASE]] : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V]]

// CHECK-LABEL: func.func @select_return
// CHECK: memref.store
// CHECK: memref.store
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc
// CHECK: return
