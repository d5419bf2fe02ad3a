// Finding impl-unsafe-abi_violation-alloc
// kind: impl-unsafe; verdict: ABI_VIOLATION; function: @publ0; found by: run
// origin: dealloc-harness fuzz --seed 0, program 13, shrunk with 44 checks
// implementation: /usr/lib/llvm-22/bin/mlir-opt --buffer-deallocation-pipeline
// This test passes while the finding reproduces and fails once it
// is fixed (see docs/conformance.md).
// SPEC: [abi.results.distinct]
// | clause: [abi.results.distinct]
// | message: result 1 of @publ0 views buffer #1, which an earlier result also views
// | trace:
// |   alloc buffer #1 at loc("input.mlir":4:14)
// |   return buffer #1 at loc("input.mlir":5:5)

// RUN: %python %repo/harness/dealloc_harness/retry.py --until-ok mlir-opt --buffer-deallocation-pipeline %s > %t.mlir
// RUN: not dealloc-run %t.mlir | FileCheck %s
// CHECK: @publ0: ABI_VIOLATION

module {
  memref.global "private" @g0 : memref<4xf32> = dense<0.0>
  func.func @publ0() -> (memref<4xf32>, memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 1.0 : f32
    %m0 = memref.alloc() {dealloc.site = 1 : i64} : memref<4xf32>
    return %m0, %m0 : memref<4xf32>, memref<4xf32>
  }
  func.func @entry() -> (memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 1.0 : f32
    %m0 = memref.alloc() {dealloc.site = 2 : i64} : memref<4xf32>
    return %m0 : memref<4xf32>
  }
}
