// Blind set (issue 27): more tensor programs written without looking at the
// corpus, bufferized by One-Shot Bufferize across function boundaries:
// constants (globals), linalg.map / broadcast / conv / batch_matmul /
// transpose / named elementwise ops, tensor.splat / pad with a dynamic low,
// bufferization.to_tensor / materialize_in_destination, nested loops and an
// scf.if in a loop on tensors, unranked tensors, a masked transfer. Each part
// between the separator lines is one program for bench/decisiveness.py; here
// the file is one module through both pipelines, and each function's answer
// from dealloc-run, dealloc-verify and --equiv is pinned.
// SPEC: [pipeline.input] [equiv.match]
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" %s -o %t.buf.mlir
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC-UP
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY-UP
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC-REF
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY-REF
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// EXEC-UP-LABEL: @tensor_constant_global: SAFE
// EXEC-REF-LABEL: @tensor_constant_global: SAFE
// VERIFY-UP-LABEL: @tensor_constant_global: SAFE
// VERIFY-REF-LABEL: @tensor_constant_global: SAFE
// EQUIV-LABEL: @tensor_constant_global: EQUIVALENT
func.func @tensor_constant_global() -> tensor<4xi32> {
  %c = arith.constant dense<[4, 3, 2, 1]> : tensor<4xi32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 9 : i32
  %i = tensor.insert %v into %c[%c0] : tensor<4xi32>
  return %i : tensor<4xi32>
}

// -----
// EXEC-UP-LABEL: @linalg_map_broadcast: SAFE
// EXEC-REF-LABEL: @linalg_map_broadcast: SAFE
// VERIFY-UP-LABEL: @linalg_map_broadcast: SAFE
// VERIFY-REF-LABEL: @linalg_map_broadcast: SAFE
// EQUIV-LABEL: @linalg_map_broadcast: EQUIVALENT
func.func @linalg_map_broadcast(%a: tensor<4xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %m = linalg.map { math.absf } ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>)
  %e2 = tensor.empty() : tensor<3x4xf32>
  %b = linalg.broadcast ins(%m : tensor<4xf32>) outs(%e2 : tensor<3x4xf32>) dimensions = [0]
  return %b : tensor<3x4xf32>
}

// -----
// EXEC-UP-LABEL: @tensor_splat_reshape: SAFE
// EXEC-REF-LABEL: @tensor_splat_reshape: SAFE
// VERIFY-UP-LABEL: @tensor_splat_reshape: SAFE
// VERIFY-REF-LABEL: @tensor_splat_reshape: SAFE
// EQUIV-LABEL: @tensor_splat_reshape: EQUIVALENT
func.func @tensor_splat_reshape(%f: f32, %n: index) -> tensor<?xf32> {
  %s = tensor.splat %f[%n] : tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----
// EXEC-UP-LABEL: @to_buffer_roundtrip: SAFE
// EXEC-REF-LABEL: @to_buffer_roundtrip: SAFE
// VERIFY-UP-LABEL: @to_buffer_roundtrip: SAFE
// VERIFY-REF-LABEL: @to_buffer_roundtrip: SAFE
// EQUIV-LABEL: @to_buffer_roundtrip: EQUIVALENT
func.func @to_buffer_roundtrip(%m: memref<4xf32>) -> tensor<4xf32> {
  %t = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %i = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %i : tensor<4xf32>
}

// -----
// EXEC-UP-LABEL: @materialize: SAFE
// EXEC-REF-LABEL: @materialize: SAFE
// VERIFY-UP-LABEL: @materialize: SAFE
// VERIFY-REF-LABEL: @materialize: SAFE
// EQUIV-LABEL: @materialize: EQUIVALENT
func.func @materialize(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = bufferization.materialize_in_destination %a in %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
// EXEC-UP-LABEL: @conv_small: SAFE
// EXEC-REF-LABEL: @conv_small: SAFE
// VERIFY-UP-LABEL: @conv_small: SAFE
// VERIFY-REF-LABEL: @conv_small: SAFE
// EQUIV-LABEL: @conv_small: EQUIVALENT
func.func @conv_small(%in: tensor<1x6x6x1xf32>, %k: tensor<3x3x1x2xf32>) -> tensor<1x4x4x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %k : tensor<1x6x6x1xf32>, tensor<3x3x1x2xf32>) outs(%f : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %c : tensor<1x4x4x2xf32>
}

// -----
// EXEC-UP-LABEL: @nested_for_tensors: SAFE
// EXEC-REF-LABEL: @nested_for_tensors: SAFE
// VERIFY-UP-LABEL: @nested_for_tensors: SAFE
// VERIFY-REF-LABEL: @nested_for_tensors: SAFE
// EQUIV-LABEL: @nested_for_tensors: EQUIVALENT
func.func @nested_for_tensors(%t: tensor<4x4xf32>, %n: index) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t) -> tensor<4x4xf32> {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> tensor<4x4xf32> {
      %jj = arith.remui %j, %c4 : index
      %e = tensor.extract %b[%i, %jj] : tensor<4x4xf32>
      %s = arith.addf %e, %one : f32
      %u = tensor.insert %s into %b[%i, %jj] : tensor<4x4xf32>
      scf.yield %u : tensor<4x4xf32>
    }
    scf.yield %r2 : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----
// EXEC-UP-LABEL: @pad_dynamic: SAFE
// EXEC-REF-LABEL: @pad_dynamic: SAFE
// VERIFY-UP-LABEL: @pad_dynamic: SAFE
// VERIFY-REF-LABEL: @pad_dynamic: SAFE
// EQUIV-LABEL: @pad_dynamic: EQUIVALENT
func.func @pad_dynamic(%t: tensor<?xf32>, %lo: index) -> tensor<?xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%lo] high[2] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}

// -----
// EXEC-UP-LABEL: @batch_matmul_transpose: SAFE
// EXEC-REF-LABEL: @batch_matmul_transpose: SAFE
// VERIFY-UP-LABEL: @batch_matmul_transpose: SAFE
// VERIFY-REF-LABEL: @batch_matmul_transpose: SAFE
// EQUIV-LABEL: @batch_matmul_transpose: EQUIVALENT
func.func @batch_matmul_transpose(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x5x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %m = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%f : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e2 = tensor.empty() : tensor<2x5x3xf32>
  %t = linalg.transpose ins(%m : tensor<2x3x5xf32>) outs(%e2 : tensor<2x5x3xf32>) permutation = [0, 2, 1]
  return %t : tensor<2x5x3xf32>
}

// -----
// EXEC-UP-LABEL: @if_in_loop_tensor: SAFE
// EXEC-REF-LABEL: @if_in_loop_tensor: SAFE
// VERIFY-UP-LABEL: @if_in_loop_tensor: SAFE
// VERIFY-REF-LABEL: @if_in_loop_tensor: SAFE
// EQUIV-LABEL: @if_in_loop_tensor: EQUIVALENT
func.func @if_in_loop_tensor(%t: tensor<8xi32>, %n: index) -> tensor<8xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<8xi32> {
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %u = scf.if %even -> tensor<8xi32> {
      %e = tensor.empty() : tensor<8xi32>
      %z = arith.constant 0 : i32
      %f = linalg.fill ins(%z : i32) outs(%e : tensor<8xi32>) -> tensor<8xi32>
      scf.yield %f : tensor<8xi32>
    } else {
      scf.yield %a : tensor<8xi32>
    }
    scf.yield %u : tensor<8xi32>
  }
  return %r : tensor<8xi32>
}

// -----
// EXEC-UP-LABEL: @elementwise_named: SAFE
// EXEC-REF-LABEL: @elementwise_named: SAFE
// VERIFY-UP-LABEL: @elementwise_named: SAFE
// VERIFY-REF-LABEL: @elementwise_named: SAFE
// EQUIV-LABEL: @elementwise_named: EQUIVALENT
func.func @elementwise_named(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %m = linalg.mul ins(%s, %a : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----
// EXEC-UP-LABEL: @tensor_rank_dim: SAFE (3 inputs)
// EXEC-REF-LABEL: @tensor_rank_dim: SAFE (3 inputs)
// VERIFY-UP-LABEL: @tensor_rank_dim: SAFE
// VERIFY-REF-LABEL: @tensor_rank_dim: SAFE
// EQUIV-LABEL: @tensor_rank_dim: EQUIVALENT
func.func @tensor_rank_dim(%t: tensor<*xf32>) -> index {
  %r = tensor.rank %t : tensor<*xf32>
  return %r : index
}

// -----
// A vector result ([op.vector.values]).
// EXEC-UP-LABEL: @vector_masked_read: SAFE
// EXEC-REF-LABEL: @vector_masked_read: SAFE
// VERIFY-UP-LABEL: @vector_masked_read: SAFE
// VERIFY-REF-LABEL: @vector_masked_read: SAFE
// EQUIV-LABEL: @vector_masked_read: EQUIVALENT
func.func @vector_masked_read(%t: tensor<?xf32>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.transfer_read %t[%c0], %pad, %mask : tensor<?xf32>, vector<4xf32>
  return %v : vector<4xf32>
}
