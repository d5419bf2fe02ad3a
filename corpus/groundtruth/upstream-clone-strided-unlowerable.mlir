// UPSTREAM FINDING (MLIR 22): --buffer-deallocation-pipeline returns a value
// that may be an argument's subview through a bufferization.clone of a
// strided (non-identity layout) memref, and --convert-bufferization-to-memref
// cannot lower that clone, so the pipeline's output cannot be lowered to LLVM
// with upstream's passes. The ground truth cannot execute such programs
// (docs/groundtruth.md, "Upstream findings"); this test fails when upstream
// starts lowering it, and the program should then join the ground truth.
// RUN: mlir-opt --buffer-deallocation-pipeline %s \
// RUN:   | not mlir-opt --convert-bufferization-to-memref 2>&1 | FileCheck %s
// CHECK: error: failed to legalize operation 'bufferization.clone'

func.func @of_arg(%c: i1, %a: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 2>> {
  %0 = memref.alloc() : memref<4xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  %r = arith.select %c, %0, %a : memref<4xf32>
  %s = memref.subview %r[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %s : memref<2xf32, strided<[1], offset: 2>>
}
