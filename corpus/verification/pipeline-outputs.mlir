// Upstream's pipeline outputs of ordinary programs verify SAFE, at the stage
// with bufferization.dealloc and after the full pipeline (dealloc_helper,
// guarded frees, clones).
// SPEC: [verify.encoding]
// RUN: mlir-opt --buffer-deallocation-pipeline %s | dealloc-verify - | FileCheck %s
// RUN: mlir-opt --ownership-based-buffer-deallocation %s | dealloc-verify - | FileCheck %s
// RUN: mlir-opt --ownership-based-buffer-deallocation --bufferization-lower-deallocations %s | dealloc-verify - | FileCheck %s
// The input itself leaks:
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=INPUT

// CHECK-LABEL: @diamond: SAFE
// INPUT-LABEL: @diamond: LEAK
func.func @diamond(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = arith.select %c, %0, %a : memref<2xf32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  %2 = memref.alloc() : memref<2xf32>
  cf.br ^b3(%2 : memref<2xf32>)
^b2:
  cf.br ^b3(%1 : memref<2xf32>)
^b3(%r: memref<2xf32>):
  %f = arith.constant 1.0 : f32
  %i = arith.constant 0 : index
  memref.store %f, %r[%i] : memref<2xf32>
  return %r : memref<2xf32>
}

// CHECK-LABEL: @select_args: SAFE
// INPUT-LABEL: @select_args: ABI_VIOLATION
func.func @select_args(%a: memref<2xf32>, %b: memref<2xf32>, %c1: i1, %c2: i1) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = arith.select %c1, %a, %b : memref<2xf32>
  %2 = arith.select %c2, %0, %1 : memref<2xf32>
  return %2 : memref<2xf32>
}

// CHECK-LABEL: @if_yield: SAFE
// INPUT-LABEL: @if_yield: LEAK
func.func @if_yield(%c: i1, %d: i1) {
  %0 = memref.alloc() : memref<4xi32>
  %1 = scf.if %c -> memref<4xi32> {
    %2 = memref.alloc() : memref<4xi32>
    scf.yield %2 : memref<4xi32>
  } else {
    scf.yield %0 : memref<4xi32>
  }
  %3 = arith.select %d, %0, %1 : memref<4xi32>
  %i = arith.constant 1 : index
  %v = memref.load %3[%i] : memref<4xi32>
  memref.store %v, %0[%i] : memref<4xi32>
  return
}

// CHECK-LABEL: @loop_iter_args: SAFE
// INPUT-LABEL: @loop_iter_args: LEAK
func.func @loop_iter_args(%c: i1) -> memref<2xf32> {
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %s = arith.constant 1 : index
  %0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%m = %0) -> memref<2xf32> {
    %n = scf.if %c -> memref<2xf32> {
      %a = memref.alloc() : memref<2xf32>
      scf.yield %a : memref<2xf32>
    } else {
      scf.yield %m : memref<2xf32>
    }
    scf.yield %n : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func private @helper(%m: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = arith.select %c, %0, %m : memref<2xf32>
  return %1 : memref<2xf32>
}

// CHECK-LABEL: @calls: SAFE
// INPUT-LABEL: @calls: LEAK
func.func @calls(%c: i1) {
  %0 = memref.alloc() : memref<2xf32>
  %1 = call @helper(%0, %c) : (memref<2xf32>, i1) -> memref<2xf32>
  %2 = call @helper(%1, %c) : (memref<2xf32>, i1) -> memref<2xf32>
  %i = arith.constant 0 : index
  %v = memref.load %2[%i] : memref<2xf32>
  return
}
