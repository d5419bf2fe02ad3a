// An op without the region-branch interface, with no memref operands or
// results but a region that allocates (affine.parallel with a reduction; a
// tensor.generate whose body allocates) is accepted and handled as an opaque
// region whatever its results: the region frees what it allocates before its
// terminator, on every iteration. Both passes, and both pipelines; the tools
// answer UNSUPPORTED for affine.parallel with reductions ([op.affine.parallel]).
// SPEC: [own.region.opaque.results]
// RUN: dealloc-opt %s --reference-buffer-deallocation -split-input-file | FileCheck %s
// RUN: mlir-opt %s --ownership-based-buffer-deallocation -split-input-file | FileCheck %s
// RUN: mlir-opt %s --buffer-deallocation-pipeline -split-input-file | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline -split-input-file | FileCheck %s --check-prefix=PIPE
// RUN: mlir-opt %s --buffer-deallocation-pipeline -o %t.up.mlir
// RUN: not dealloc-run %t.up.mlir | FileCheck %s --check-prefix=TOOLS
// RUN: not dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=TOOLS

// CHECK-LABEL: func @parallel_sum
//       CHECK: affine.parallel
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}})
//  CHECK-NEXT:   affine.yield
// PIPE-LABEL: func @parallel_sum
//       PIPE: affine.parallel
//       PIPE:   %[[A:.*]] = memref.alloc()
//       PIPE:   memref.dealloc %[[A]]
//  PIPE-NEXT:   affine.yield
// TOOLS: @parallel_sum: UNSUPPORTED
func.func @parallel_sum(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = affine.parallel (%i) = (0) to (4) reduce ("addf") -> f32 {
    %a = memref.alloc() : memref<2xf32>
    memref.store %x, %a[%c0] : memref<2xf32>
    %v = memref.load %a[%c0] : memref<2xf32>
    affine.yield %v : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func @generate
//       CHECK: tensor.generate
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}})
//  CHECK-NEXT:   tensor.yield
// PIPE-LABEL: func @generate
//       PIPE: tensor.generate
//       PIPE:   %[[A:.*]] = memref.alloc()
//       PIPE:   memref.dealloc %[[A]]
//  PIPE-NEXT:   tensor.yield
func.func @generate(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %a = memref.alloc() : memref<2xf32>
    memref.store %x, %a[%c0] : memref<2xf32>
    %v = memref.load %a[%c0] : memref<2xf32>
    tensor.yield %v : f32
  } : tensor<?xf32>
  %e = tensor.extract %t[%c0] : tensor<?xf32>
  return %e : f32
}
