// Unranked memrefs at function boundaries are inside the passes' input
// domain, under the ranked rules: an unranked argument is not owned (a
// returned one is cloned), an unranked result is owned by the caller (the
// caller frees it through a ranked view of its base buffer). Both passes and
// both pipelines accept these functions and deallocate them so.
// SPEC: [own.boundary.unranked]
// RUN: dealloc-opt %s --reference-buffer-deallocation | FileCheck %s
// RUN: mlir-opt %s --ownership-based-buffer-deallocation | FileCheck %s
// RUN: mlir-opt %s --buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE

// CHECK-LABEL: func @ret_arg
//       CHECK:   bufferization.clone %{{.*}} : memref<*xf32> to memref<*xf32>
// PIPE-LABEL: func @ret_arg
//       PIPE:   %[[C:.*]] = bufferization.clone %{{.*}} : memref<*xf32> to memref<*xf32>
//       PIPE:   return %[[C]] : memref<*xf32>
func.func @ret_arg(%m: memref<*xf32>) -> memref<*xf32> {
  return %m : memref<*xf32>
}

// CHECK-LABEL: func @ret_fresh
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[U:.*]] = memref.cast %[[A]]
//       CHECK:   bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[U]] : memref<*xf32>)
//       CHECK:   return %[[U]]
// PIPE-LABEL: func @ret_fresh
//   PIPE-NOT:   dealloc
//       PIPE:   return
func.func @ret_fresh() -> memref<*xf32> {
  %a = memref.alloc() : memref<2xf32>
  %u = memref.cast %a : memref<2xf32> to memref<*xf32>
  return %u : memref<*xf32>
}

// CHECK-LABEL: func @call
//       CHECK:   %[[R:.*]] = call @ret_arg
//       CHECK:   memref.reinterpret_cast %[[R]]
//       CHECK:   bufferization.dealloc
// PIPE-LABEL: func @call
//       PIPE:   %[[R:.*]] = call @ret_arg
//       PIPE:   memref.dealloc
//       PIPE:   return
func.func @call(%m: memref<*xf32>) {
  %r = func.call @ret_arg(%m) : (memref<*xf32>) -> memref<*xf32>
  return
}
