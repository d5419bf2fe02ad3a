// bufferization.clone reads its source and never frees it; the source may be
// a global. The deallocation pipeline returns a global from a public function
// by cloning it: the caller owns the clone, the global is never freed.
// SPEC: [clone.source.live]
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s

// Returning a global from a public function: the pipeline clones it (the
// global is read, never freed) and the caller owns the clone.
// CHECK-LABEL: func.func @return_global
// CHECK: %[[G:.*]] = memref.get_global @g : memref<2xf32>
// CHECK: %[[C:.*]] = bufferization.clone %[[G]] : memref<2xf32> to memref<2xf32>
// CHECK-NOT: memref.dealloc
// CHECK: return %[[C]]
memref.global "private" constant @g : memref<2xf32> = dense<0.0>
func.func @return_global() -> memref<2xf32> {
  %a = memref.get_global @g : memref<2xf32>
  return %a : memref<2xf32>
}

