// The stages of --buffer-deallocation-pipeline in MLIR 22.
// SPEC: [pipeline.stages]
// RUN: mlir-opt %s -buffer-deallocation-pipeline -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline=private-function-dynamic-ownership=true -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT

// CHECK: Pass Manager with 8 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   expand-realloc{emit-deallocs=false},
// CHECK-NEXT:   canonicalize{
// CHECK-NEXT:   ownership-based-buffer-deallocation{private-function-dynamic-ownership=false},
// CHECK-NEXT:   canonicalize{
// CHECK-NEXT:   buffer-deallocation-simplification,
// CHECK-NEXT:   bufferization-lower-deallocations,
// CHECK-NEXT:   cse,
// CHECK-NEXT:   canonicalize{
// OPT: ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}

// The pipeline leaves bufferization.clone in its output.
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=CLONE
// CLONE-LABEL: func.func @return_arg
// CLONE: %[[C:.*]] = bufferization.clone %{{.*}} : memref<2xf32> to memref<2xf32>
// CLONE: return %[[C]]
func.func @return_arg(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}
