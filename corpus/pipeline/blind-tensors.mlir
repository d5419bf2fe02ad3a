// Blind set (issue 27): tensor programs written without looking at the corpus,
// bufferized by One-Shot Bufferize across function boundaries: scf.if /
// scf.for / scf.while / scf.forall / scf.index_switch on tensors, linalg
// (matmul, generic, fill, reduce), tensor.extract_slice / insert_slice / pad /
// generate / concat / empty / from_elements / collapse / expand / cast, vector
// transfers, bufferization.alloc_tensor. Each part between the separator lines
// is one program for bench/decisiveness.py; here the file is one module
// through both pipelines, and each function's answer from dealloc-run,
// dealloc-verify and --equiv is pinned.
// SPEC: [pipeline.input] [equiv.match]
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" %s -o %t.buf.mlir
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC-UP
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY-UP
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC-REF
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY-REF
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// EXEC-UP-LABEL: @tensor_if_insert: SAFE
// EXEC-REF-LABEL: @tensor_if_insert: SAFE
// VERIFY-UP-LABEL: @tensor_if_insert: SAFE
// VERIFY-REF-LABEL: @tensor_if_insert: SAFE
// EQUIV-LABEL: @tensor_if_insert: EQUIVALENT
func.func @tensor_if_insert(%c: i1, %t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> tensor<4xf32> {
    %i = tensor.insert %v into %t[%c0] : tensor<4xf32>
    scf.yield %i : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----
// EXEC-UP-LABEL: @tensor_for_accumulate: SAFE
// EXEC-REF-LABEL: @tensor_for_accumulate: SAFE
// VERIFY-UP-LABEL: @tensor_for_accumulate: SAFE
// VERIFY-REF-LABEL: @tensor_for_accumulate: SAFE
// EQUIV-LABEL: @tensor_for_accumulate: EQUIVALENT
func.func @tensor_for_accumulate(%n: index, %t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<8xf32> {
    %e = tensor.extract %acc[%c0] : tensor<8xf32>
    %s = arith.addf %e, %f : f32
    %u = tensor.insert %s into %acc[%c0] : tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----
// EXEC-UP-LABEL: @linalg_matmul: SAFE
// EXEC-REF-LABEL: @linalg_matmul: SAFE
// VERIFY-UP-LABEL: @linalg_matmul: SAFE
// VERIFY-REF-LABEL: @linalg_matmul: SAFE
// EQUIV-LABEL: @linalg_matmul: EQUIVALENT
func.func @linalg_matmul(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %m : tensor<4x2xf32>
}

// -----
#id = affine_map<(d0) -> (d0)>
// EXEC-UP-LABEL: @linalg_generic_add: SAFE
// EXEC-REF-LABEL: @linalg_generic_add: SAFE
// VERIFY-UP-LABEL: @linalg_generic_add: SAFE
// VERIFY-REF-LABEL: @linalg_generic_add: SAFE
// EQUIV-LABEL: @linalg_generic_add: EQUIVALENT
func.func @linalg_generic_add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----
// EXEC-UP-LABEL: @extract_insert_slice: SAFE
// EXEC-REF-LABEL: @extract_insert_slice: SAFE
// VERIFY-UP-LABEL: @extract_insert_slice: SAFE
// VERIFY-REF-LABEL: @extract_insert_slice: SAFE
// EQUIV-LABEL: @extract_insert_slice: EQUIVALENT
func.func @extract_insert_slice(%t: tensor<16xf32>, %off: index) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
  %f = arith.constant 2.0 : f32
  %fill = linalg.fill ins(%f : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %fill into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----
// EXEC-UP-LABEL: @pad_tensor: SAFE
// EXEC-REF-LABEL: @pad_tensor: SAFE
// VERIFY-UP-LABEL: @pad_tensor: SAFE
// VERIFY-REF-LABEL: @pad_tensor: SAFE
// EQUIV-LABEL: @pad_tensor: EQUIVALENT
func.func @pad_tensor(%t: tensor<4x4xf32>) -> tensor<6x6xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  return %p : tensor<6x6xf32>
}

// -----
// EXEC-UP-LABEL: @generate_tensor: SAFE
// EXEC-REF-LABEL: @generate_tensor: SAFE
// VERIFY-UP-LABEL: @generate_tensor: SAFE
// VERIFY-REF-LABEL: @generate_tensor: SAFE
// EQUIV-LABEL: @generate_tensor: EQUIVALENT
func.func @generate_tensor(%n: index) -> tensor<?xindex> {
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %d = arith.muli %i, %i : index
    tensor.yield %d : index
  } : tensor<?xindex>
  return %g : tensor<?xindex>
}

// -----
// EXEC-UP-LABEL: @concat_tensors: SAFE
// EXEC-REF-LABEL: @concat_tensors: SAFE
// VERIFY-UP-LABEL: @concat_tensors: SAFE
// VERIFY-REF-LABEL: @concat_tensors: SAFE
// EQUIV-LABEL: @concat_tensors: EQUIVALENT
func.func @concat_tensors(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<5xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  return %c : tensor<5xf32>
}

// -----
// EXEC-UP-LABEL: @vector_transfer: SAFE
// EXEC-REF-LABEL: @vector_transfer: SAFE
// VERIFY-UP-LABEL: @vector_transfer: SAFE
// VERIFY-REF-LABEL: @vector_transfer: SAFE
// EQUIV-LABEL: @vector_transfer: EQUIVALENT
func.func @vector_transfer(%t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
  %w = arith.addf %v, %v : vector<4xf32>
  %r = vector.transfer_write %w, %t[%c4] {in_bounds = [true]} : vector<4xf32>, tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----
// EXEC-UP-LABEL: @tensor_reshape: SAFE
// EXEC-REF-LABEL: @tensor_reshape: SAFE
// VERIFY-UP-LABEL: @tensor_reshape: SAFE
// VERIFY-REF-LABEL: @tensor_reshape: SAFE
// EQUIV-LABEL: @tensor_reshape: EQUIVALENT
func.func @tensor_reshape(%t: tensor<2x6xf32>) -> tensor<3x4xf32> {
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  return %e : tensor<3x4xf32>
}

// -----
// EXEC-UP-LABEL: @tensor_while: SAFE
// EXEC-REF-LABEL: @tensor_while: SAFE
// VERIFY-UP-LABEL: @tensor_while: SAFE
// VERIFY-REF-LABEL: @tensor_while: SAFE
// EQUIV-LABEL: @tensor_while: EQUIVALENT
func.func @tensor_while(%t: tensor<4xi32>, %n: i32) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %r = scf.while (%x = %t) : (tensor<4xi32>) -> tensor<4xi32> {
    %v = tensor.extract %x[%c0] : tensor<4xi32>
    %cond = arith.cmpi slt, %v, %n : i32
    scf.condition(%cond) %x : tensor<4xi32>
  } do {
  ^bb0(%y: tensor<4xi32>):
    %v = tensor.extract %y[%c0] : tensor<4xi32>
    %w = arith.addi %v, %one : i32
    %u = tensor.insert %w into %y[%c0] : tensor<4xi32>
    scf.yield %u : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}

// -----
// EXEC-UP-LABEL: @forall_tensor: SAFE
// EXEC-REF-LABEL: @forall_tensor: SAFE
// VERIFY-UP-LABEL: @forall_tensor: SAFE
// VERIFY-REF-LABEL: @forall_tensor: SAFE
// EQUIV-LABEL: @forall_tensor: EQUIVALENT
func.func @forall_tensor(%t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %z = arith.constant 0.0 : f32
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> tensor<8x4xf32> {
    %s = tensor.extract_slice %o[%i, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f = linalg.fill ins(%z : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
    }
  }
  return %r : tensor<8x4xf32>
}

// -----
// EXEC-UP-LABEL: @from_elements_and_reduce: SAFE
// EXEC-REF-LABEL: @from_elements_and_reduce: SAFE
// VERIFY-UP-LABEL: @from_elements_and_reduce: SAFE
// VERIFY-REF-LABEL: @from_elements_and_reduce: SAFE
// EQUIV-LABEL: @from_elements_and_reduce: EQUIVALENT
func.func @from_elements_and_reduce(%a: f32, %b: f32) -> tensor<f32> {
  %t = tensor.from_elements %a, %b : tensor<2xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%t : tensor<2xf32>) outs(%i : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// -----
// EXEC-UP-LABEL: @two_results_tensor: SAFE
// EXEC-REF-LABEL: @two_results_tensor: SAFE
// VERIFY-UP-LABEL: @two_results_tensor: SAFE
// VERIFY-REF-LABEL: @two_results_tensor: SAFE
// EQUIV-LABEL: @two_results_tensor: EQUIVALENT
func.func @two_results_tensor(%t: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %b = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// EXEC-UP-LABEL: @tensor_cast_dim: SAFE
// EXEC-REF-LABEL: @tensor_cast_dim: SAFE
// VERIFY-UP-LABEL: @tensor_cast_dim: SAFE
// VERIFY-REF-LABEL: @tensor_cast_dim: SAFE
// EQUIV-LABEL: @tensor_cast_dim: EQUIVALENT
func.func @tensor_cast_dim(%t: tensor<?xf32>) -> tensor<4xf32> {
  %c = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%c : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}

// -----
// EXEC-UP-LABEL: @index_switch_tensor: SAFE
// EXEC-REF-LABEL: @index_switch_tensor: SAFE
// VERIFY-UP-LABEL: @index_switch_tensor: SAFE
// VERIFY-REF-LABEL: @index_switch_tensor: SAFE
// EQUIV-LABEL: @index_switch_tensor: EQUIVALENT
func.func @index_switch_tensor(%k: index, %t: tensor<3xf32>, %f: f32) -> tensor<3xf32> {
  %c1 = arith.constant 1 : index
  %r = scf.index_switch %k -> tensor<3xf32>
  case 0 {
    %i = tensor.insert %f into %t[%c1] : tensor<3xf32>
    scf.yield %i : tensor<3xf32>
  }
  default {
    %e = tensor.empty() : tensor<3xf32>
    %g = linalg.fill ins(%f : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %g : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// -----
// EXEC-UP-LABEL: @bufferization_alloc_tensor: SAFE
// EXEC-REF-LABEL: @bufferization_alloc_tensor: SAFE
// VERIFY-UP-LABEL: @bufferization_alloc_tensor: SAFE
// VERIFY-REF-LABEL: @bufferization_alloc_tensor: SAFE
// EQUIV-LABEL: @bufferization_alloc_tensor: EQUIVALENT
func.func @bufferization_alloc_tensor(%n: index) -> tensor<?xf32> {
  %a = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}
