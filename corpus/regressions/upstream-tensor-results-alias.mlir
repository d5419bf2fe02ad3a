// Finding F1 at the tensor level (docs/findings.md): a function that returns
// one tensor twice. One-Shot Bufferize (with function boundaries) returns
// the same buffer as both results, and upstream's deallocation pipeline
// leaves it so: a caller that follows the ABI frees that buffer twice.
// Found by `dealloc-harness fuzz --seed 3` (program 17, tensor level).
// The test passes while the finding reproduces (docs/conformance.md).
// SPEC: [abi.results.distinct]

// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s \
// RUN:   | mlir-opt --buffer-deallocation-pipeline > %t.mlir
// RUN: not dealloc-run %t.mlir | FileCheck %s
// RUN: dealloc-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s \
// RUN:   | dealloc-opt --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=REF

// CHECK-LABEL: @entry: ABI_VIOLATION
// REF-LABEL: @entry: SAFE
func.func @entry() -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = tensor.insert %cst into %e[%c0] : tensor<4xf32>
  return %t, %t : tensor<4xf32>, tensor<4xf32>
}
