// Finding S1 of docs/findings.md (upstream MLIR 22): the stage after
// canonicalization, --buffer-deallocation-simplification, crashes (SIGSEGV
// in BufferOriginAnalysis::isSameAllocation) on a bufferization.dealloc
// whose memref operand is an scf.if result that is a view of a function
// argument in one branch and a fresh allocation (owned: the ownership
// indicator the scf.if yields beside it) in the other, while the argument is
// retained. Found by `harness/dealloc-harness fuzz --stage
// simplify` (stage inputs of harness/dealloc_harness/gen_stages.py), then
// minimized by hand. The second case passes the base buffer of
// extract_strided_metadata, the operand form the ownership pass emits and
// upstream's op documentation asks for ("the originally allocated memrefs").
// Both inputs are valid and SAFE; the stage must produce a dealloc-equivalent
// program:
// SPEC: [pipeline.simplify]
// This test passes while the bug is there; once fixed, replace `not --crash`
// by a check that the output is SAFE (dealloc-run) and EQUIVALENT to the
// input (dealloc-verify --equiv).

// RUN: dealloc-run %s | FileCheck %s --check-prefix=INPUT
// RUN: sed -n '/^func.func @if_result(/,/^}/p' %s > %t.0.mlir
// RUN: sed -n '/^func.func @if_result_base(/,/^}/p' %s > %t.1.mlir
// RUN: not --crash mlir-opt --buffer-deallocation-simplification %t.0.mlir
// RUN: not --crash mlir-opt --buffer-deallocation-simplification %t.1.mlir
// INPUT: @if_result: SAFE
// INPUT: @if_result_base: SAFE

func.func @if_result(%arg0: memref<4xf32>, %c: i1) -> i1 {
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %v = memref.cast %arg0 : memref<4xf32> to memref<4xf32>
    scf.yield %v, %false : memref<4xf32>, i1
  } else {
    %m = memref.alloc() : memref<4xf32>
    scf.yield %m, %true : memref<4xf32>, i1
  }
  %d = bufferization.dealloc (%r#0 : memref<4xf32>) if (%r#1) retain (%arg0 : memref<4xf32>)
  return %d : i1
}


func.func @if_result_base(%arg0: memref<4xf32>, %c: i1) -> i1 {
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %v = memref.cast %arg0 : memref<4xf32> to memref<4xf32>
    scf.yield %v, %false : memref<4xf32>, i1
  } else {
    %m = memref.alloc() : memref<4xf32>
    scf.yield %m, %true : memref<4xf32>, i1
  }
  %base, %off, %size, %stride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %d = bufferization.dealloc (%base : memref<f32>) if (%r#1) retain (%arg0 : memref<4xf32>)
  return %d : i1
}
