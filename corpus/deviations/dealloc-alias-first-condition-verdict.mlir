// The consequence of the first-condition lowering under the reference
// semantics: a program that frees one buffer through two views with
// conditions c0 and c1, and once more iff neither was true, is SAFE for every
// input; upstream's lowering of it leaks for c0 = false, c1 = true.
// SPEC: [dev.dealloc.alias.first-condition]
// RUN: dealloc-run %s | FileCheck %s --check-prefix=CONFORM
// RUN: mlir-opt %s -bufferization-lower-deallocations | not dealloc-run - | FileCheck %s --check-prefix=LOWERED
// CONFORM: @two_views: SAFE (4 inputs)
// LOWERED: @two_views: LEAK
// LOWERED-NEXT: input: false,true,

func.func @two_views(%c0: i1, %c1: i1, %f: f32) {
  %i = arith.constant 0 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.store %f, %s[%i] : memref<2xf32, strided<[1], offset: 1>>
  bufferization.dealloc (%a, %s : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) if (%c0, %c1)
  %any = arith.ori %c0, %c1 : i1
  %none = arith.xori %any, %t : i1
  bufferization.dealloc (%a : memref<4xf32>) if (%none)
  return
}
