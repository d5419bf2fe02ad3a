// Private functions have no boundary checks; with
// private-function-dynamic-ownership they take and return i1 ownership
// indicators, which are ordinary values at run time.
// SPEC: [abi.private] [abi.private.dynamic_ownership]
// RUN: dealloc-run %s | FileCheck %s
// RUN: mlir-opt %S/Inputs/private-pipeline.mlir --buffer-deallocation-pipeline="private-function-dynamic-ownership=true" | dealloc-run - | FileCheck %s --check-prefix=PIPE
// RUN: mlir-opt %S/Inputs/private-pipeline.mlir --ownership-based-buffer-deallocation="private-function-dynamic-ownership=true" | dealloc-run - | FileCheck %s --check-prefix=PIPE
// RUN: mlir-opt %S/Inputs/private-pipeline.mlir --buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=PIPE

// A private callee may return its argument and free another one.
func.func private @pass_through(%m: memref<2xf32>, %n: memref<2xf32>) -> memref<2xf32> {
  memref.dealloc %n : memref<2xf32>
  return %m : memref<2xf32>
}
// CHECK-LABEL: @no_boundary_checks: SAFE (1 input)
func.func @no_boundary_checks() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = call @pass_through(%a, %b) : (memref<2xf32>, memref<2xf32>) -> memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  return
}

// The pipeline runs deallocate Inputs/private-pipeline.mlir, whose private
// callee returns either its argument or a new buffer: with dynamic ownership
// the callee returns an i1 indicator the caller frees by.
// PIPE-LABEL: @dynamic_ownership: SAFE (4 inputs)
