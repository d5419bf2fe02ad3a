// Stage 3 (ownership-based-buffer-deallocation) on the programs of
// Inputs/diamond.mlir: ownership indicators become block arguments, a
// bufferization.dealloc ends every block, and a clone provides an owned
// result where ownership is not known statically.
// SPEC: [pipeline.ownership]
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation | FileCheck %s

// CHECK-LABEL: func.func @diamond
// The entry block frees nothing it owns: the argument's condition is false.
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: %[[C0:.*]] = arith.andi %[[F]], %{{.*}} : i1
// CHECK: %[[R0:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[C0]]) retain (%{{.*}} : memref<2xf32>)
// CHECK: cf.cond_br %{{.*}}, ^bb2(%{{.*}}, %[[R0]] : memref<2xf32>, i1), ^bb1
// CHECK: ^bb1:
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[R:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[A]] : memref<2xf32>)
// CHECK: cf.br ^bb2(%[[A]], %[[R]] : memref<2xf32>, i1)
// CHECK: ^bb2(%[[M:.*]]: memref<2xf32>, %[[OWN:.*]]: i1):
// CHECK: memref.load %[[M]]
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[OWN]])
// CHECK-NEXT: return

// CHECK-LABEL: func.func @select_return
// CHECK: %[[S:.*]] = arith.select
// CHECK: %[[RES:.*]] = scf.if %{{.*}} -> (memref<2xf32>) {
// CHECK-NEXT: scf.yield %[[S]]
// CHECK: bufferization.clone %[[S]]
// CHECK: bufferization.dealloc (%{{.*}}, %{{.*}}, %{{.*}} : memref<f32>, memref<f32>, memref<f32>) if (%{{.*}}, %{{.*}}, %{{.*}}) retain (%[[RES]] : memref<2xf32>)
// CHECK: return %[[RES]]
