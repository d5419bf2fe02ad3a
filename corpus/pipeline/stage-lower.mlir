// Stage 6 (bufferization-lower-deallocations): every bufferization.dealloc
// becomes memref.dealloc guarded by its free decision; a single operand is
// compared with each retained value by address.
// SPEC: [pipeline.lower]
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -bufferization-lower-deallocations | FileCheck %s

// CHECK-LABEL: func.func @diamond
// CHECK: ^bb2(%[[M:.*]]: memref<2xf32>, %[[OWN:.*]]: i1):
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK-NEXT: scf.if %[[OWN]] {
// CHECK-NEXT: memref.dealloc %[[BASE]] : memref<f32>
// CHECK-NOT: bufferization.dealloc

// CHECK-LABEL: func.func @select_return
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[S:.*]] = arith.select
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[PS:.*]] = memref.extract_aligned_pointer_as_index %[[S]]
// CHECK: %[[NE:.*]] = arith.cmpi ne, %[[PA]], %[[PS]] : index
// CHECK: %[[F:.*]] = arith.andi %[[NE]], %{{.*}} : i1
// CHECK: scf.if %[[F]] {
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NOT: bufferization.dealloc
// CHECK: return %[[S]]
