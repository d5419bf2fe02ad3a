// Blind set (issue 27): branches written without looking at the corpus, in the
// style of upstream's ownership-based deallocation tests: cf.br / cf.cond_br
// with memref block arguments, scf.if, scf.index_switch, scf.execute_region,
// arith.select of memrefs. Each part between the separator lines is one
// program for bench/decisiveness.py; here the file is one module through both
// pipelines, and each function's answer from dealloc-run, dealloc-verify and
// --equiv is pinned. Upstream's output of @returns_same_twice-like aliasing
// results is docs/findings.md F1.
// SPEC: [pipeline.input] [equiv.match]
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC-UP
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY-UP
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC-REF
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY-REF
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// EXEC-UP-LABEL: @cond_br_alloc_one_side: SAFE
// EXEC-REF-LABEL: @cond_br_alloc_one_side: SAFE
// VERIFY-UP-LABEL: @cond_br_alloc_one_side: SAFE
// VERIFY-REF-LABEL: @cond_br_alloc_one_side: SAFE
// EQUIV-LABEL: @cond_br_alloc_one_side: EQUIVALENT
func.func @cond_br_alloc_one_side(%cond: i1, %arg0: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg0 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %0[%c0] : memref<2xf32>
  %c1 = arith.constant 1 : index
  memref.store %f, %0[%c1] : memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  memref.copy %1, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----
// EXEC-UP-LABEL: @cond_br_both_alloc: SAFE
// EXEC-REF-LABEL: @cond_br_both_alloc: SAFE
// VERIFY-UP-LABEL: @cond_br_both_alloc: SAFE
// VERIFY-REF-LABEL: @cond_br_both_alloc: SAFE
// EQUIV-LABEL: @cond_br_both_alloc: EQUIVALENT
func.func @cond_br_both_alloc(%cond: i1, %n: index) -> memref<?xf32> {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %0 = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb3(%0 : memref<?xf32>)
^bb2:
  %1 = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  return %2 : memref<?xf32>
}

// -----
// EXEC-UP-LABEL: @diamond_dyn: SAFE
// EXEC-REF-LABEL: @diamond_dyn: SAFE
// VERIFY-UP-LABEL: @diamond_dyn: SAFE
// VERIFY-REF-LABEL: @diamond_dyn: SAFE
// EQUIV-LABEL: @diamond_dyn: EQUIVALENT
func.func @diamond_dyn(%cond: i1, %a: index, %b: index) {
  cf.cond_br %cond, ^bb1(%a : index), ^bb2(%b : index)
^bb1(%s: index):
  %0 = memref.alloc(%s) : memref<?xi8>
  cf.br ^bb3(%0 : memref<?xi8>)
^bb2(%t: index):
  %1 = memref.alloca(%t) : memref<?xi8>
  cf.br ^bb3(%1 : memref<?xi8>)
^bb3(%2: memref<?xi8>):
  %d = memref.dim %2, %a : memref<?xi8>
  return
}

// -----
// EXEC-UP-LABEL: @criss_cross: SAFE
// EXEC-REF-LABEL: @criss_cross: SAFE
// VERIFY-UP-LABEL: @criss_cross: SAFE
// VERIFY-REF-LABEL: @criss_cross: SAFE
// EQUIV-LABEL: @criss_cross: EQUIVALENT
func.func @criss_cross(%cond: i1) -> (memref<4xi32>, memref<4xi32>) {
  %a = memref.alloc() : memref<4xi32>
  %b = memref.alloc() : memref<4xi32>
  cf.cond_br %cond, ^bb1(%a, %b : memref<4xi32>, memref<4xi32>), ^bb1(%b, %a : memref<4xi32>, memref<4xi32>)
^bb1(%x: memref<4xi32>, %y: memref<4xi32>):
  return %x, %y : memref<4xi32>, memref<4xi32>
}

// -----
// EXEC-UP-LABEL: @scf_if_yield_alloc: SAFE
// EXEC-REF-LABEL: @scf_if_yield_alloc: SAFE
// VERIFY-UP-LABEL: @scf_if_yield_alloc: SAFE
// VERIFY-REF-LABEL: @scf_if_yield_alloc: SAFE
// EQUIV-LABEL: @scf_if_yield_alloc: EQUIVALENT
func.func @scf_if_yield_alloc(%c: i1, %arg: memref<3xf32>) -> memref<3xf32> {
  %r = scf.if %c -> memref<3xf32> {
    %0 = memref.alloc() : memref<3xf32>
    memref.copy %arg, %0 : memref<3xf32> to memref<3xf32>
    scf.yield %0 : memref<3xf32>
  } else {
    scf.yield %arg : memref<3xf32>
  }
  return %r : memref<3xf32>
}

// -----
// EXEC-UP-LABEL: @scf_if_nested: SAFE
// EXEC-REF-LABEL: @scf_if_nested: SAFE
// VERIFY-UP-LABEL: @scf_if_nested: SAFE
// VERIFY-REF-LABEL: @scf_if_nested: SAFE
// EQUIV-LABEL: @scf_if_nested: EQUIVALENT
func.func @scf_if_nested(%c1: i1, %c2: i1) -> memref<2xf64> {
  %r = scf.if %c1 -> memref<2xf64> {
    %in = scf.if %c2 -> memref<2xf64> {
      %0 = memref.alloc() : memref<2xf64>
      scf.yield %0 : memref<2xf64>
    } else {
      %1 = memref.alloc() : memref<2xf64>
      scf.yield %1 : memref<2xf64>
    }
    scf.yield %in : memref<2xf64>
  } else {
    %2 = memref.alloc() : memref<2xf64>
    scf.yield %2 : memref<2xf64>
  }
  return %r : memref<2xf64>
}

// -----
// EXEC-UP-LABEL: @scf_if_no_result: SAFE
// EXEC-REF-LABEL: @scf_if_no_result: SAFE
// VERIFY-UP-LABEL: @scf_if_no_result: SAFE
// VERIFY-REF-LABEL: @scf_if_no_result: SAFE
// EQUIV-LABEL: @scf_if_no_result: EQUIVALENT
func.func @scf_if_no_result(%c: i1, %v: f32, %out: memref<1xf32>) {
  scf.if %c {
    %t = memref.alloc() : memref<1xf32>
    %c0 = arith.constant 0 : index
    memref.store %v, %t[%c0] : memref<1xf32>
    %l = memref.load %t[%c0] : memref<1xf32>
    memref.store %l, %out[%c0] : memref<1xf32>
  }
  return
}

// -----
// EXEC-UP-LABEL: @index_switch: SAFE
// EXEC-REF-LABEL: @index_switch: SAFE
// VERIFY-UP-LABEL: @index_switch: SAFE
// VERIFY-REF-LABEL: @index_switch: SAFE
// EQUIV-LABEL: @index_switch: EQUIVALENT
func.func @index_switch(%k: index, %arg: memref<4xf32>) -> memref<4xf32> {
  %r = scf.index_switch %k -> memref<4xf32>
  case 0 {
    %0 = memref.alloc() : memref<4xf32>
    scf.yield %0 : memref<4xf32>
  }
  case 7 {
    scf.yield %arg : memref<4xf32>
  }
  default {
    %1 = memref.alloc() : memref<4xf32>
    memref.copy %arg, %1 : memref<4xf32> to memref<4xf32>
    scf.yield %1 : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----
// EXEC-UP-LABEL: @execute_region_multi_block: SAFE
// EXEC-REF-LABEL: @execute_region_multi_block: SAFE
// VERIFY-UP-LABEL: @execute_region_multi_block: SAFE
// VERIFY-REF-LABEL: @execute_region_multi_block: SAFE
// EQUIV-LABEL: @execute_region_multi_block: EQUIVALENT
func.func @execute_region_multi_block(%c: i1) -> memref<2xi64> {
  %r = scf.execute_region -> memref<2xi64> {
    cf.cond_br %c, ^a, ^b
  ^a:
    %0 = memref.alloc() : memref<2xi64>
    scf.yield %0 : memref<2xi64>
  ^b:
    %1 = memref.alloc() : memref<2xi64>
    cf.br ^c(%1 : memref<2xi64>)
  ^c(%x: memref<2xi64>):
    scf.yield %x : memref<2xi64>
  }
  return %r : memref<2xi64>
}

// -----
// EXEC-UP-LABEL: @select_two_allocs: SAFE
// EXEC-REF-LABEL: @select_two_allocs: SAFE
// VERIFY-UP-LABEL: @select_two_allocs: SAFE
// VERIFY-REF-LABEL: @select_two_allocs: SAFE
// EQUIV-LABEL: @select_two_allocs: EQUIVALENT
func.func @select_two_allocs(%c: i1) -> memref<5xf32> {
  %a = memref.alloc() : memref<5xf32>
  %b = memref.alloc() : memref<5xf32>
  %s = arith.select %c, %a, %b : memref<5xf32>
  return %s : memref<5xf32>
}

// -----
// EXEC-UP-LABEL: @select_arg_or_alloc: SAFE
// EXEC-REF-LABEL: @select_arg_or_alloc: SAFE
// VERIFY-UP-LABEL: @select_arg_or_alloc: SAFE
// VERIFY-REF-LABEL: @select_arg_or_alloc: SAFE
// EQUIV-LABEL: @select_arg_or_alloc: EQUIVALENT
func.func @select_arg_or_alloc(%c: i1, %arg: memref<5xf32>) -> f32 {
  %a = memref.alloc() : memref<5xf32>
  %f = arith.constant 0.0 : f32
  linalg.fill ins(%f : f32) outs(%a : memref<5xf32>)
  %s = arith.select %c, %a, %arg : memref<5xf32>
  %c2 = arith.constant 2 : index
  %v = memref.load %s[%c2] : memref<5xf32>
  return %v : f32
}

// -----
// EXEC-UP-LABEL: @branch_same_value_twice: SAFE
// EXEC-REF-LABEL: @branch_same_value_twice: SAFE
// VERIFY-UP-LABEL: @branch_same_value_twice: SAFE
// VERIFY-REF-LABEL: @branch_same_value_twice: SAFE
// EQUIV-LABEL: @branch_same_value_twice: EQUIVALENT
func.func @branch_same_value_twice(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1(%a, %a : memref<2xf32>, memref<2xf32>), ^bb1(%a, %a : memref<2xf32>, memref<2xf32>)
^bb1(%x: memref<2xf32>, %y: memref<2xf32>):
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  memref.store %f, %x[%c0] : memref<2xf32>
  %v = memref.load %y[%c0] : memref<2xf32>
  return
}
// -----
// EXEC-UP-LABEL: @cfg_three_way: SAFE
// EXEC-REF-LABEL: @cfg_three_way: SAFE
// VERIFY-UP-LABEL: @cfg_three_way: SAFE
// VERIFY-REF-LABEL: @cfg_three_way: SAFE
// EQUIV-LABEL: @cfg_three_way: EQUIVALENT
func.func @cfg_three_way(%a: i1, %b: i1, %n: index) -> memref<?xf32> {
  %x = memref.alloc(%n) : memref<?xf32>
  cf.cond_br %a, ^left, ^right
^left:
  cf.cond_br %b, ^ll, ^join(%x : memref<?xf32>)
^ll:
  %y = memref.alloc(%n) : memref<?xf32>
  cf.br ^join(%y : memref<?xf32>)
^right:
  %z = memref.alloca(%n) : memref<?xf32>
  %w = memref.alloc(%n) : memref<?xf32>
  memref.copy %z, %w : memref<?xf32> to memref<?xf32>
  cf.br ^join(%w : memref<?xf32>)
^join(%r: memref<?xf32>):
  return %r : memref<?xf32>
}
// -----
// EXEC-UP-LABEL: @cond_br_live_across: SAFE
// EXEC-REF-LABEL: @cond_br_live_across: SAFE
// VERIFY-UP-LABEL: @cond_br_live_across: SAFE
// VERIFY-REF-LABEL: @cond_br_live_across: SAFE
// EQUIV-LABEL: @cond_br_live_across: EQUIVALENT
func.func @cond_br_live_across(%c: i1, %out: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.constant 4.0 : f32
  %c0 = arith.constant 0 : index
  memref.store %f, %a[%c0] : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %v = memref.load %a[%c0] : memref<2xf32>
  memref.store %v, %out[%c0] : memref<2xf32>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %w = memref.load %a[%c0] : memref<2xf32>
  memref.store %w, %out[%c0] : memref<2xf32>
  return
}
