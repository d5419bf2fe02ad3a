// A region of an op without the region-branch interface (one region, no
// results, e.g. linalg.generic) frees what it allocates before its terminator.
// Only the IR is checked here; running linalg ops is tested in corpus/operations.
// RUN: dealloc-opt %s --reference-buffer-deallocation | FileCheck %s

#map = affine_map<(d0) -> (d0)>

// SPEC: [own.region.opaque]
// CHECK-LABEL: func @opaque
//       CHECK: linalg.generic
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//       CHECK:   bufferization.dealloc (%[[B]] : memref<f32>) if (%true)
//  CHECK-NEXT:   linalg.yield
func.func @opaque(%m: memref<2xf32>) {
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%m : memref<2xf32>) {
  ^bb0(%x: f32):
    %a = memref.alloc() : memref<2xf32>
    %c0 = arith.constant 0 : index
    memref.store %x, %a[%c0] : memref<2xf32>
    %y = memref.load %a[%c0] : memref<2xf32>
    linalg.yield %y : f32
  }
  return
}
