// Linalg programs vectorised by upstream's vectorizer
// (transform.structured.vectorize_children_and_apply_patterns), then
// bufferized and deallocated by both pipelines: what a pipeline that
// vectorises before bufferizing hands to the deallocation pass
// (vector.transfer_read padded with ub.poison, transfer_write,
// vector.contract from linalg.matmul, vector.multi_reduction from
// linalg.reduce, vector.transpose and vector.broadcast from a transposing
// linalg.generic, arith and math on vectors). @copy_dyn has dynamic sizes
// and stays a linalg.copy. Both outputs are SAFE for dealloc-run and
// dealloc-verify and EQUIVALENT.
// SPEC: [op.vector.contract]
// SPEC: [op.ub.poison]
// SPEC: [op.vector.reduction]
// SPEC: [op.vector.elementwise]
// RUN: mlir-opt --transform-interpreter --test-transform-dialect-erase-schedule %s -o %t.vec.mlir
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries" %t.vec.mlir -o %t.buf.mlir
// RUN: mlir-opt --buffer-deallocation-pipeline %t.buf.mlir -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: FileCheck %s --check-prefix=VECTORISED < %t.vec.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// The vectorizer ran: no linalg op is left but the dynamic copy.
// VECTORISED-LABEL: func.func @add(
// VECTORISED: ub.poison
// VECTORISED: vector.transfer_read
// VECTORISED-LABEL: func.func @matmul(
// VECTORISED: vector.contract
// VECTORISED-LABEL: func.func @reduce(
// VECTORISED: vector.multi_reduction
// VECTORISED-LABEL: func.func @generic(
// VECTORISED: vector.transpose
// VECTORISED: math.tanh {{.*}} : vector<8x4xf32>
// VECTORISED-LABEL: func.func @copy_dyn(
// VECTORISED: linalg.copy

// EXEC-LABEL: @add: SAFE (2 inputs){{$}}
// VERIFY-LABEL: @add: SAFE{{$}}
// EQUIV-LABEL: @add: EQUIVALENT
func.func @add(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.add ins(%a, %b : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}
// EXEC-LABEL: @matmul: SAFE (1 input){{$}}
// VERIFY-LABEL: @matmul: SAFE{{$}}
// EQUIV-LABEL: @matmul: EQUIVALENT
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
// EXEC-LABEL: @reduce: SAFE (1 input){{$}}
// VERIFY-LABEL: @reduce: SAFE{{$}}
// EQUIV-LABEL: @reduce: EQUIVALENT
func.func @reduce(%a: tensor<8x16xf32>) -> tensor<8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%f : tensor<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}
// EXEC-LABEL: @generic: SAFE (1 input){{$}}
// VERIFY-LABEL: @generic: SAFE{{$}}
// EQUIV-LABEL: @generic: EQUIVALENT
func.func @generic(%a: tensor<4x8xf32>, %s: f32) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %s : f32
      %t = math.tanh %m : f32
      linalg.yield %t : f32
    } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
// EXEC-LABEL: @copy_dyn: SAFE (1 input){{$}}
// VERIFY-LABEL: @copy_dyn: SAFE{{$}}
// EQUIV-LABEL: @copy_dyn: EQUIVALENT
func.func @copy_dyn(%a: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xi32>
  %e = tensor.empty(%d) : tensor<?xi32>
  %r = linalg.copy ins(%a : tensor<?xi32>) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.foreach %fs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      %v = transform.structured.vectorize_children_and_apply_patterns %f : (!transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}
