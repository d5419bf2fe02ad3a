// Stage 4 (canonicalize) after stage 3: constant-false deallocs vanish,
// ownership indicators that are constants are folded, the scf.if that chose
// between the value and its clone folds away (its condition is true on both
// sides of the select), the base of extract_strided_metadata of an
// allocation is replaced by the allocation. Nothing that frees a buffer
// changes.
// SPEC: [pipeline.canonicalize]
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @diamond
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-NOT: bufferization.dealloc
// CHECK: cf.cond_br %{{.*}}, ^bb2(%{{.*}}, %[[FALSE]] : memref<2xf32>, i1), ^bb1
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[R:.*]] = bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[TRUE]]) retain (%[[A]] : memref<2xf32>)
// CHECK: cf.br ^bb2(%[[A]], %[[R]] : memref<2xf32>, i1)
// CHECK: ^bb2(%{{.*}}: memref<2xf32>, %[[OWN:.*]]: i1):
// CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[OWN]])

// CHECK-LABEL: func.func @select_return
// CHECK-NOT: scf.if
// CHECK-NOT: bufferization.clone
// CHECK: %[[S:.*]] = arith.select
// CHECK: bufferization.dealloc (%{{.*}}, %{{.*}}, %{{.*}} : memref<2xf32>, memref<2xf32>, memref<f32>) if (%{{.*}}, %{{.*}}, %{{.*}}) retain (%[[S]] : memref<2xf32>)
// CHECK: return %[[S]]
