// memref.realloc frees its operand, so the pass rejects it
// (corpus/limitations/dealloc-limitations.mlir); the pipeline first expands
// it without deallocation (expand-realloc{emit-deallocs=false}) into alloc,
// copy and reinterpret_cast, which the pass handles.
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC

// SPEC: [own.realloc] [own.pipeline]
// CHECK-LABEL: func @realloc
//   CHECK-NOT: memref.realloc
//       CHECK: %[[A:.*]] = memref.alloc() : memref<2xf32>
//       CHECK: scf.if
//       CHECK:   memref.alloc(%arg0)
//       CHECK:   memref.copy %[[A]]
//       CHECK: } else {
//       CHECK:   memref.reinterpret_cast %[[A]]
//       CHECK:   bufferization.clone
//       CHECK: memref.dealloc %[[A]]
//       CHECK: return
// EXEC: @realloc: SAFE
func.func @realloc(%n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  return %b : memref<?xf32>
}
