// A view of an arith.select of an owned allocation and an argument, returned
// from a public function. The spec gives the select the indicator
// `select %c, true, false` ([own.select]) and the view the select's
// ([own.view]), so the reference returns the allocation itself when it owns
// it and a clone otherwise. Upstream MLIR 22 always returns a clone and frees
// the allocation. Both are SAFE; they differ in which buffer the caller gets.
// SPEC: [dev.own.view-of-select]
// RUN: mlir-opt %s --buffer-deallocation-pipeline | FileCheck %s --check-prefix=UP
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | FileCheck %s --check-prefix=REF
// RUN: mlir-opt %s --buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=SAFE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=SAFE
// RUN: mlir-opt %s --buffer-deallocation-pipeline --mlir-print-debuginfo -o %t.up.mlir
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline --mlir-print-debuginfo -o %t.ref.mlir
// RUN: not dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// UP-LABEL: func.func @expand
//       UP:   %[[ALLOC:.*]] = memref.alloc()
//       UP:   %[[E:.*]] = memref.expand_shape
//       UP:   %[[CLONE:.*]] = bufferization.clone %[[E]]
//       UP:   memref.dealloc %[[ALLOC]]
//       UP:   return %[[CLONE]]
// REF-LABEL: func.func @expand
//       REF:   %[[E:.*]] = memref.expand_shape
//       REF:   %[[R:.*]] = scf.if %arg0
//  REF-NEXT:     scf.yield %[[E]]
//       REF:     bufferization.clone %[[E]]
//       REF:   return %[[R]]
// SAFE: @expand: SAFE
// EQUIV: @expand: DIFFERENT on input true
func.func @expand(%c: i1, %a: memref<4xf32>) -> memref<2x2xf32> {
  %0 = memref.alloc() : memref<4xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  %r = arith.select %c, %0, %a : memref<4xf32>
  %e = memref.expand_shape %r [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  return %e : memref<2x2xf32>
}
