// A 1-D result-less scf.forall or affine.parallel whose trip count depends
// on the input is proved for every trip count, as the scf.for of its bounds
// without iter_args; a bug in some iteration is still found (by the
// unrolled check), and two-dimensional loops stay unrolled.
// SPEC: [verify.induction]
// SPEC: [op.scf.forall]
// SPEC: [op.affine.parallel]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// The tiled tensor program, bufferized and deallocated by both pipelines:
// RUN: mlir-opt --one-shot-bufferize=bufferize-function-boundaries %S/Inputs/induction-parallel-tensor.mlir -o %t.buf.mlir
// RUN: mlir-opt --buffer-deallocation-pipeline %t.buf.mlir | dealloc-verify - | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir | dealloc-verify - | FileCheck %s --check-prefix=PIPE
// RUN: mlir-opt --buffer-deallocation-pipeline %t.buf.mlir -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// A scratch buffer per iteration, freed in it.
// CHECK-LABEL: @forall_scratch: SAFE (on defined inputs
func.func @forall_scratch(%out: memref<?xf32>, %n: index) {
  scf.forall (%i) in (%n) {
    %t = memref.alloc() : memref<4xf32>
    %c0 = arith.constant 0 : index
    %x = memref.load %t[%c0] : memref<4xf32>
    memref.store %x, %out[%i] : memref<?xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// The same with lower bound, upper bound and step given.
// CHECK-LABEL: @forall_bounds: SAFE{{$}}
func.func @forall_bounds(%out: memref<?xf32>, %lb: index, %ub: index) {
  scf.forall (%i) = (%lb) to (%ub) step (2) {
    %t = memref.alloc() : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// The scratch buffer of iteration 2 is not freed.
// CHECK-LABEL: @forall_leak_in_iteration_two: LEAK on input 3 (
// CHECK: replayed by dealloc-run: LEAK
func.func @forall_leak_in_iteration_two(%n: index) {
  %c2 = arith.constant 2 : index
  scf.forall (%i) in (%n) {
    %t = memref.alloc() : memref<4xf32>
    %keep = arith.cmpi eq, %i, %c2 : index
    scf.if %keep {
    } else {
      memref.dealloc %t : memref<4xf32>
    }
  }
  return
}

// CHECK-LABEL: @affine_parallel_scratch: SAFE (on defined inputs
func.func @affine_parallel_scratch(%out: memref<?xf32>, %n: index) {
  affine.parallel (%i) = (0) to (%n) {
    %t = memref.alloc() : memref<4xf32>
    %c0 = arith.constant 0 : index
    %x = memref.load %t[%c0] : memref<4xf32>
    memref.store %x, %out[%i] : memref<?xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// Two dimensions: unrolled, bounded.
// CHECK-LABEL: @forall_2d: UNKNOWN (bounded: no violation with loops unrolled 4 times
func.func @forall_2d(%n: index, %m: index) {
  scf.forall (%i, %j) in (%n, %m) {
    %t = memref.alloc() : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// PIPE-LABEL: @fill_tiles: SAFE (on defined inputs
// EQUIV-LABEL: @fill_tiles: EQUIVALENT
