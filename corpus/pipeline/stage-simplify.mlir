// Stage 5 (buffer-deallocation-simplification): the operand that is the
// retained value itself is removed; the two fresh allocations provably view
// different buffers, so the op is split into one dealloc per allocation,
// each still retaining the returned select (which may view either).
// SPEC: [pipeline.simplify]
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification | FileCheck %s

// CHECK-LABEL: func.func @select_return
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[B:.*]] = memref.alloc()
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %[[A]], %[[B]]
// CHECK-NEXT: bufferization.dealloc (%[[A]] : memref<2xf32>) if (%{{.*}}) retain (%[[S]] : memref<2xf32>)
// CHECK-NEXT: bufferization.dealloc (%[[B]] : memref<2xf32>) if (%{{.*}}) retain (%[[S]] : memref<2xf32>)
// CHECK-NEXT: return %[[S]]
