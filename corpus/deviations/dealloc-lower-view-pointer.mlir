// Upstream's lowering decides aliasing by comparing aligned pointers, and a
// memref.view with a non-zero byte shift has a different aligned pointer than
// its source: the pipeline's output frees a buffer that a returned view
// points into.
// SPEC: [dev.dealloc.lower.view-pointer]
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE
// Under the reference semantics the program is SAFE after stages 1-5 and
// violates the ABI (returns a view of a freed buffer) after the lowering:
// RUN: mlir-opt %s -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification \
// RUN: | dealloc-run - | FileCheck %s --check-prefix=BEFORE
// RUN: mlir-opt %s -buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s --check-prefix=AFTER
// BEFORE: @return_view_or_alloc: SAFE (2 inputs)
// AFTER: @return_view_or_alloc: ABI_VIOLATION
// AFTER-NEXT: input: true
// AFTER-NEXT: reason: {{.*}}result 0 of @return_view_or_alloc views freed buffer

// End to end: when %x is true the function returns a view into %a, but the
// pipeline's output frees %a because ptr(%a) != ptr(view) = ptr(%a) + 8.
// PIPE-LABEL: func.func @return_view_or_alloc
// PIPE: %[[A:.*]] = memref.alloc() : memref<16xi8>
// PIPE: %[[V:.*]] = memref.view %[[A]]
// PIPE: %[[B:.*]] = memref.alloc() : memref<2xf32>
// PIPE: %[[S:.*]] = arith.select %{{.*}}, %[[V]], %[[B]]
// PIPE: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// PIPE: %[[PS:.*]] = memref.extract_aligned_pointer_as_index %[[S]]
// PIPE: %[[NE:.*]] = arith.cmpi ne, %[[PA]], %[[PS]] : index
// PIPE: scf.if %[[NE]] {
// PIPE-NEXT: memref.dealloc %[[A]] : memref<16xi8>
// PIPE: return %[[S]] : memref<2xf32>
func.func @return_view_or_alloc(%x: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<16xi8>
  %c8 = arith.constant 8 : index
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %x, %v, %b : memref<2xf32>
  return %s : memref<2xf32>
}
