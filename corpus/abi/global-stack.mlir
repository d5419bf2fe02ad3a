// Globals and stack buffers never cross a public boundary as results.
// SPEC: [abi.global] [abi.stack]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: mlir-opt %s --buffer-deallocation-pipeline | dealloc-run - --function return_global | FileCheck %s --check-prefix=PIPE

memref.global "private" constant @cst : memref<2xf32> = dense<1.0>

// CHECK-LABEL: @return_global: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.heap] result 0 of @return_global views global buffer #1, not a heap buffer the caller can own
// Upstream's pipeline returns a clone instead.
// PIPE-LABEL: @return_global: SAFE (1 input)
func.func @return_global() -> memref<2xf32> {
  %g = memref.get_global @cst : memref<2xf32>
  return %g : memref<2xf32>
}

// CHECK-LABEL: @return_alloca: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.heap] result 0 of @return_alloca views stack buffer #1
func.func @return_alloca() -> memref<2xf32> {
  %a = memref.alloca() : memref<2xf32>
  return %a : memref<2xf32>
}

// A private function may return its alloca; using it afterwards is a use
// after free, and not using it is fine.
// CHECK-LABEL: @private_alloca_unused: SAFE (1 input)
func.func private @local() -> memref<2xf32> {
  %a = memref.alloca() : memref<2xf32>
  return %a : memref<2xf32>
}
func.func @private_alloca_unused() {
  %a = call @local() : () -> memref<2xf32>
  return
}
