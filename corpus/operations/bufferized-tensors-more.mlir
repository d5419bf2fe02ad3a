// More tensor programs as users write them, each with an op that One-Shot
// Bufferize leaves in its output and that bufferized-tensors.mlir does not
// have: tensor.cast and tensor.dim (a memref.cast and memref.dim), scf.forall
// with tensor.parallel_insert_slice (a subview and a copy inside the
// forall), a named elementwise linalg op (linalg.exp, linalg.add,
// linalg.mul), bufferization.alloc_tensor, memref.alloca_scope. Both
// pipelines' outputs are SAFE for dealloc-run (every enumerated input,
// values checked with cf.assert) and dealloc-verify (every input); the
// outputs of the two pipelines free the same input-program buffers at the
// same points (--equiv).
// SPEC: [op.linalg.structured]
// SPEC: [op.scf.forall]
// SPEC: [op.memref.alloca]
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" %s -o %t.buf.mlir
// RUN: mlir-opt --buffer-deallocation-pipeline %t.buf.mlir -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

#id1 = affine_map<(d0) -> (d0)>

// EXEC-LABEL: @cast_dim_copy: SAFE (1 input){{$}}
// VERIFY-LABEL: @cast_dim_copy: SAFE{{$}}
// EQUIV-LABEL: @cast_dim_copy: EQUIVALENT
func.func @cast_dim_copy() -> tensor<?xf32> {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %t = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %r = linalg.copy ins(%t : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %v = tensor.extract %r[%c3] : tensor<?xf32>
  %four = arith.constant 4.0 : f32
  %ok = arith.cmpf oeq, %v, %four : f32
  cf.assert %ok, "copy"
  return %r : tensor<?xf32>
}

// Four tiles of a 16-element tensor, each negated in place by linalg.negf.
// EXEC-LABEL: @forall_tiles: SAFE (1 input){{$}}
// VERIFY-LABEL: @forall_tiles: SAFE{{$}}
// EQUIV-LABEL: @forall_tiles: EQUIVALENT
func.func @forall_tiles() -> tensor<16xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %a) -> tensor<16xf32> {
    %c4 = arith.constant 4 : index
    %off = arith.muli %i, %c4 : index
    %s = tensor.extract_slice %o[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %n = linalg.negf ins(%s : tensor<4xf32>) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %n into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  %c13 = arith.constant 13 : index
  %v = tensor.extract %r[%c13] : tensor<16xf32>
  %m1 = arith.constant -1.0 : f32
  %ok = arith.cmpf oeq, %v, %m1 : f32
  cf.assert %ok, "tile"
  return %r : tensor<16xf32>
}

// A loop whose body makes a new tensor from two named elementwise ops.
// EXEC-LABEL: @elementwise_loop: SAFE (
// VERIFY-LABEL: @elementwise_loop: SAFE{{$}}
// EQUIV-LABEL: @elementwise_loop: EQUIVALENT
func.func @elementwise_loop(%n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%two : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %bound = arith.minui %n, %c3 : index
  %r = scf.for %i = %c0 to %bound step %c1 iter_args(%t = %a) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %f = tensor.empty() : tensor<4xf32>
    %m = linalg.mul ins(%s, %t : tensor<4xf32>, tensor<4xf32>) outs(%f : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %m : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// EXEC-LABEL: @alloc_tensor_insert: SAFE (
// VERIFY-LABEL: @alloc_tensor_insert: SAFE
// EQUIV-LABEL: @alloc_tensor_insert: EQUIVALENT
func.func @alloc_tensor_insert(%n: index) -> tensor<?xi32> {
  %c1 = arith.constant 1 : index
  %m = arith.maxui %n, %c1 : index
  %t = bufferization.alloc_tensor(%m) : tensor<?xi32>
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : i32
  %i = tensor.insert %c5 into %t[%c0] : tensor<?xi32>
  return %i : tensor<?xi32>
}

// EXEC-LABEL: @alloca_scope_sum: SAFE (1 input){{$}}
// VERIFY-LABEL: @alloca_scope_sum: SAFE{{$}}
// EQUIV-LABEL: @alloca_scope_sum: EQUIVALENT
func.func @alloca_scope_sum() -> f32 {
  %r = memref.alloca_scope -> f32 {
    %a = memref.alloca() : memref<4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.constant 1.5 : f32
    memref.store %x, %a[%c0] : memref<4xf32>
    memref.store %x, %a[%c1] : memref<4xf32>
    %u = memref.load %a[%c0] : memref<4xf32>
    %v = memref.load %a[%c1] : memref<4xf32>
    %s = arith.addf %u, %v : f32
    memref.alloca_scope.return %s : f32
  }
  %three = arith.constant 3.0 : f32
  %ok = arith.cmpf oeq, %r, %three : f32
  cf.assert %ok, "sum"
  return %r : f32
}
