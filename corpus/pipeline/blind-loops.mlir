// Blind set (issue 27): loops written without looking at the corpus: scf.for /
// scf.while / scf.forall / scf.parallel with memref iter_args and per-
// iteration buffers, affine.for / affine.if / affine.load / store. Each part
// between the separator lines is one program for bench/decisiveness.py; here
// the file is one module through both pipelines, and each function's answer
// from dealloc-run, dealloc-verify and --equiv is pinned. (An affine.for
// carrying a memref is blind-affine-carried.mlir: upstream's pass rejects the
// whole module, docs/findings.md F6.)
// SPEC: [pipeline.input] [equiv.match]
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC-UP
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY-UP
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC-REF
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY-REF
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// EXEC-UP-LABEL: @for_iter_alloc: SAFE
// EXEC-REF-LABEL: @for_iter_alloc: SAFE
// VERIFY-UP-LABEL: @for_iter_alloc: SAFE
// VERIFY-REF-LABEL: @for_iter_alloc: SAFE
// EQUIV-LABEL: @for_iter_alloc: EQUIVALENT
func.func @for_iter_alloc(%lb: index, %ub: index, %step: index, %init: memref<4xf32>) -> memref<4xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %acc, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----
// EXEC-UP-LABEL: @for_conditional_yield: SAFE
// EXEC-REF-LABEL: @for_conditional_yield: SAFE
// VERIFY-UP-LABEL: @for_conditional_yield: SAFE
// VERIFY-REF-LABEL: @for_conditional_yield: SAFE
// EQUIV-LABEL: @for_conditional_yield: EQUIVALENT
func.func @for_conditional_yield(%ub: index, %c: i1) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> memref<2xf32> {
    %n = scf.if %c -> memref<2xf32> {
      %t = memref.alloc() : memref<2xf32>
      scf.yield %t : memref<2xf32>
    } else {
      scf.yield %acc : memref<2xf32>
    }
    scf.yield %n : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----
// EXEC-UP-LABEL: @for_temp_only: SAFE
// EXEC-REF-LABEL: @for_temp_only: SAFE
// VERIFY-UP-LABEL: @for_temp_only: SAFE
// VERIFY-REF-LABEL: @for_temp_only: SAFE
// EQUIV-LABEL: @for_temp_only: EQUIVALENT
func.func @for_temp_only(%ub: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %ub step %c1 {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %out, %t : memref<16xf32> to memref<16xf32>
    memref.copy %t, %out : memref<16xf32> to memref<16xf32>
  }
  return
}

// -----
// EXEC-UP-LABEL: @for_two_iter_args_swap: SAFE
// EXEC-REF-LABEL: @for_two_iter_args_swap: SAFE
// VERIFY-UP-LABEL: @for_two_iter_args_swap: SAFE
// VERIFY-REF-LABEL: @for_two_iter_args_swap: SAFE
// EQUIV-LABEL: @for_two_iter_args_swap: EQUIVALENT
func.func @for_two_iter_args_swap(%ub: index) -> (memref<3xi32>, memref<3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<3xi32>
  %b = memref.alloc() : memref<3xi32>
  %r:2 = scf.for %i = %c0 to %ub step %c1 iter_args(%x = %a, %y = %b) -> (memref<3xi32>, memref<3xi32>) {
    scf.yield %y, %x : memref<3xi32>, memref<3xi32>
  }
  return %r#0, %r#1 : memref<3xi32>, memref<3xi32>
}

// -----
// EXEC-UP-LABEL: @nested_for: SAFE
// EXEC-REF-LABEL: @nested_for: SAFE
// VERIFY-UP-LABEL: @nested_for: SAFE
// VERIFY-REF-LABEL: @nested_for: SAFE
// EQUIV-LABEL: @nested_for: EQUIVALENT
func.func @nested_for(%n: index, %m: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> memref<8xf32> {
    %in = scf.for %j = %c0 to %m step %c1 iter_args(%b = %a) -> memref<8xf32> {
      %t = memref.alloc() : memref<8xf32>
      memref.copy %b, %t : memref<8xf32> to memref<8xf32>
      scf.yield %t : memref<8xf32>
    }
    scf.yield %in : memref<8xf32>
  }
  return %r : memref<8xf32>
}

// -----
// EXEC-UP-LABEL: @while_alloc: SAFE
// EXEC-REF-LABEL: @while_alloc: SAFE
// VERIFY-UP-LABEL: @while_alloc: SAFE
// VERIFY-REF-LABEL: @while_alloc: SAFE
// EQUIV-LABEL: @while_alloc: EQUIVALENT
func.func @while_alloc(%n: i32) -> memref<2xi32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = memref.alloc() : memref<2xi32>
  %r:2 = scf.while (%i = %c0, %buf = %init) : (i32, memref<2xi32>) -> (i32, memref<2xi32>) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %i, %buf : i32, memref<2xi32>
  } do {
  ^bb0(%j: i32, %b: memref<2xi32>):
    %nb = memref.alloc() : memref<2xi32>
    memref.copy %b, %nb : memref<2xi32> to memref<2xi32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1, %nb : i32, memref<2xi32>
  }
  return %r#1 : memref<2xi32>
}

// -----
// EXEC-UP-LABEL: @while_alloc_in_before: SAFE
// EXEC-REF-LABEL: @while_alloc_in_before: SAFE
// VERIFY-UP-LABEL: @while_alloc_in_before: SAFE
// VERIFY-REF-LABEL: @while_alloc_in_before: SAFE
// EQUIV-LABEL: @while_alloc_in_before: EQUIVALENT
func.func @while_alloc_in_before(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> memref<?xf32> {
    %b = memref.alloc(%i) : memref<?xf32>
    %cond = arith.cmpi ult, %i, %n : index
    scf.condition(%cond) %b : memref<?xf32>
  } do {
  ^bb0(%b: memref<?xf32>):
    %d = memref.dim %b, %c0 : memref<?xf32>
    %d1 = arith.addi %d, %c1 : index
    scf.yield %d1 : index
  }
  return %r : memref<?xf32>
}

// -----
// EXEC-UP-LABEL: @forall_temp: SAFE
// EXEC-REF-LABEL: @forall_temp: SAFE
// VERIFY-UP-LABEL: @forall_temp: SAFE
// VERIFY-REF-LABEL: @forall_temp: SAFE
// EQUIV-LABEL: @forall_temp: EQUIVALENT
func.func @forall_temp(%out: memref<4x8xf32>) {
  scf.forall (%i) in (4) {
    %t = memref.alloc() : memref<8xf32>
    %sv = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %sv, %t : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    memref.copy %t, %sv : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  }
  return
}

// -----
// EXEC-UP-LABEL: @parallel_temp: SAFE
// EXEC-REF-LABEL: @parallel_temp: SAFE
// VERIFY-UP-LABEL: @parallel_temp: SAFE
// VERIFY-REF-LABEL: @parallel_temp: SAFE
// EQUIV-LABEL: @parallel_temp: EQUIVALENT
func.func @parallel_temp(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloca() : memref<1xf32>
    %v = memref.load %out[%i] : memref<?xf32>
    memref.store %v, %t[%c0] : memref<1xf32>
    %w = memref.load %t[%c0] : memref<1xf32>
    memref.store %w, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----
// EXEC-UP-LABEL: @parallel_heap_temp: SAFE
// EXEC-REF-LABEL: @parallel_heap_temp: SAFE
// VERIFY-UP-LABEL: @parallel_heap_temp: SAFE
// VERIFY-REF-LABEL: @parallel_heap_temp: SAFE
// EQUIV-LABEL: @parallel_heap_temp: EQUIVALENT
func.func @parallel_heap_temp(%out: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  scf.parallel (%i) = (%c0) to (%c6) step (%c1) {
    %t = memref.alloc() : memref<2xf32>
    %v = memref.load %out[%i] : memref<6xf32>
    memref.store %v, %t[%c1] : memref<2xf32>
    scf.reduce
  }
  return
}

// -----
// EXEC-UP-LABEL: @affine_if_alloc: SAFE
// EXEC-REF-LABEL: @affine_if_alloc: SAFE
// VERIFY-UP-LABEL: @affine_if_alloc: SAFE
// VERIFY-REF-LABEL: @affine_if_alloc: SAFE
// EQUIV-LABEL: @affine_if_alloc: EQUIVALENT
func.func @affine_if_alloc(%i: index, %arg: memref<4xf32>) -> memref<4xf32> {
  %r = affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    affine.yield %a : memref<4xf32>
  } else {
    affine.yield %arg : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----
// EXEC-UP-LABEL: @affine_dyn_bound: SAFE
// EXEC-REF-LABEL: @affine_dyn_bound: SAFE
// VERIFY-UP-LABEL: @affine_dyn_bound: SAFE
// VERIFY-REF-LABEL: @affine_dyn_bound: SAFE
// EQUIV-LABEL: @affine_dyn_bound: EQUIVALENT
func.func @affine_dyn_bound(%n: index, %buf: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %t = memref.alloc() : memref<1xf32>
    %v = affine.load %buf[%i] : memref<?xf32>
    affine.store %v, %t[0] : memref<1xf32>
    %w = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %u = affine.load %t[0] : memref<1xf32>
    affine.store %u, %buf[%w] : memref<?xf32>
  }
  return
}

// -----
// EXEC-UP-LABEL: @for_yields_arg: SAFE
// EXEC-REF-LABEL: @for_yields_arg: SAFE
// VERIFY-UP-LABEL: @for_yields_arg: SAFE
// VERIFY-REF-LABEL: @for_yields_arg: SAFE
// EQUIV-LABEL: @for_yields_arg: EQUIVALENT
func.func @for_yields_arg(%ub: index, %arg: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %arg) -> memref<2xf32> {
    %t = memref.alloc() : memref<2xf32>
    %cmp = arith.cmpi eq, %i, %c0 : index
    %s = arith.select %cmp, %t, %acc : memref<2xf32>
    scf.yield %s : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----
// EXEC-UP-LABEL: @while_do_alloc_condition_on_load: SAFE
// EXEC-REF-LABEL: @while_do_alloc_condition_on_load: SAFE
// VERIFY-UP-LABEL: @while_do_alloc_condition_on_load: SAFE
// VERIFY-REF-LABEL: @while_do_alloc_condition_on_load: SAFE
// EQUIV-LABEL: @while_do_alloc_condition_on_load: EQUIVALENT
func.func @while_do_alloc_condition_on_load(%buf: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  scf.while : () -> () {
    %v = memref.load %buf[%c0] : memref<1xi32>
    %z = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %v, %z : i32
    scf.condition(%cond)
  } do {
    %t = memref.alloc() : memref<1xi32>
    %v = memref.load %buf[%c0] : memref<1xi32>
    %one = arith.constant 1 : i32
    %d = arith.subi %v, %one : i32
    memref.store %d, %t[%c0] : memref<1xi32>
    memref.copy %t, %buf : memref<1xi32> to memref<1xi32>
    scf.yield
  }
  return
}
