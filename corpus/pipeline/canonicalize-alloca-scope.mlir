// The pipeline's canonicalize inlines a memref.alloca_scope that holds no
// alloca, or that is the last op before its block's terminator, also in a
// loop body (MLIR's AllocaScopeInliner); its stack buffers then live to the
// end of the function. Both pipelines do it. Where the input never uses a
// released buffer, the verdicts of the input and both outputs agree (SAFE);
// where it does (@carried: the loop carries the previous iteration's scoped
// buffer), the input is USE_AFTER_FREE and both outputs are SAFE.
// SPEC: [pipeline.canonicalize.alloca-scope]
// RUN: mlir-opt %s --buffer-deallocation-pipeline -o %t.up.mlir
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline -o %t.ref.mlir
// RUN: FileCheck %s --check-prefix=PIPE < %t.up.mlir
// RUN: FileCheck %s --check-prefix=PIPE < %t.ref.mlir
// RUN: not dealloc-run %s | FileCheck %s --check-prefixes=TOOLS,INPUT
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefixes=TOOLS,OUTPUT
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefixes=TOOLS,OUTPUT
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefixes=TOOLS,OUTPUT
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefixes=TOOLS,OUTPUT

// PIPE-LABEL: func @last_in_function
//   PIPE-NOT:   memref.alloca_scope
//       PIPE:   memref.alloca()
//       PIPE:   return
// TOOLS-LABEL: @last_in_function: SAFE
func.func @last_in_function(%x: f32) -> f32 {
  %v = memref.alloca_scope -> f32 {
    %c0 = arith.constant 0 : index
    %t = memref.alloca() : memref<4xf32>
    memref.store %x, %t[%c0] : memref<4xf32>
    %y = memref.load %t[%c0] : memref<4xf32>
    memref.alloca_scope.return %y : f32
  }
  return %v : f32
}

// PIPE-LABEL: func @no_alloca
//   PIPE-NOT:   memref.alloca_scope
//       PIPE:   return
// TOOLS-LABEL: @no_alloca: SAFE
func.func @no_alloca(%x: f32, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  memref.alloca_scope {
    memref.store %x, %m[%c0] : memref<4xf32>
  }
  %y = memref.load %m[%c0] : memref<4xf32>
  return %y : f32
}

// PIPE-LABEL: func @in_loop
//       PIPE:   scf.for
//   PIPE-NOT:     memref.alloca_scope
//       PIPE:     memref.alloca()
// TOOLS-LABEL: @in_loop: SAFE
func.func @in_loop(%n: index, %x: f32, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.alloca_scope {
      %t = memref.alloca() : memref<4xf32>
      memref.store %x, %t[%c0] : memref<4xf32>
      %y = memref.load %t[%c0] : memref<4xf32>
      memref.store %y, %out[%c0] : memref<4xf32>
    }
  }
  return
}

// PIPE-LABEL: func @carried
//       PIPE:   scf.for
//   PIPE-NOT:     memref.alloca_scope
//       PIPE:     memref.alloca()
// INPUT-LABEL: @carried: USE_AFTER_FREE
// OUTPUT-LABEL: @carried: SAFE
func.func @carried(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> (memref<4xf32>) {
    %cur = memref.alloca_scope -> memref<4xf32> {
      %v = memref.load %prev[%c0] : memref<4xf32>
      %t = memref.alloca() : memref<4xf32>
      memref.store %v, %t[%c0] : memref<4xf32>
      memref.alloca_scope.return %t : memref<4xf32>
    }
    scf.yield %cur : memref<4xf32>
  }
  %y = memref.load %r[%c0] : memref<4xf32>
  return %y : f32
}
