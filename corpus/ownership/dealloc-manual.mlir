// A manual free of a buffer whose ownership is only known at run time is
// guarded by an assertion that the block does not own it. (Upstream MLIR 22
// emits no assertion here: its ownership of the select result is not Unique.)
// RUN: dealloc-opt %s --reference-buffer-deallocation | FileCheck %s

// SPEC: [own.manual]
// CHECK-LABEL: func @manual_assert
//       CHECK: %[[A:.*]] = memref.alloc() {bufferization.manual_deallocation}
//       CHECK: %[[B:.*]] = memref.alloc() : memref<2xf32>
//       CHECK: %[[O:.*]] = arith.select %arg0, %false{{.*}}, %true{{.*}} : i1
//       CHECK: %[[S:.*]] = arith.select %arg0, %[[A]], %[[B]]
//       CHECK: %[[N:.*]] = arith.xori %[[O]], %true{{.*}} : i1
//       CHECK: cf.assert %[[N]], "expected that the block does not have ownership"
//       CHECK: memref.dealloc %[[S]] {bufferization.manual_deallocation}
func.func @manual_assert(%c: i1) {
  %a = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  memref.dealloc %s {bufferization.manual_deallocation} : memref<2xf32>
  return
}
