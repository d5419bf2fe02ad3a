// One-Shot Bufferize test style: in-place decisions, aliasing, copies.

func.func @inplace_write(%t: tensor<?xf32>, %i: index, %v: f32) -> tensor<?xf32> {
  %r = tensor.insert %v into %t[%i] : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @out_of_place_read_after_write(%t: tensor<?xf32>, %i: index, %v: f32) -> (f32, tensor<?xf32>) {
  %r = tensor.insert %v into %t[%i] : tensor<?xf32>
  %old = tensor.extract %t[%i] : tensor<?xf32>
  return %old, %r : f32, tensor<?xf32>
}

// -----

func.func @alloc_tensor_copy(%t: tensor<5xf32>) -> tensor<5xf32> {
  %a = bufferization.alloc_tensor() copy(%t) : tensor<5xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %r = tensor.insert %z into %a[%c0] : tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

func.func @materialize(%src: tensor<4xf32>, %dst: tensor<4xf32>) -> tensor<4xf32> {
  %r = bufferization.materialize_in_destination %src in %dst : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @materialize_memref(%src: tensor<4xf32>, %dst: memref<4xf32>) {
  bufferization.materialize_in_destination %src in restrict writable %dst : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @to_tensor_from_alloc(%n: index) -> tensor<?xf32> {
  %m = memref.alloc(%n) : memref<?xf32>
  %c = arith.constant 4.0 : f32
  linalg.fill ins(%c : f32) outs(%m : memref<?xf32>)
  %t = bufferization.to_tensor %m restrict : memref<?xf32> to tensor<?xf32>
  return %t : tensor<?xf32>
}

// -----

func.func @return_arg_and_copy(%t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %c = linalg.copy ins(%t : tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %t, %c : tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @scf_if_alias(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<4xf32> {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %b : tensor<4xf32>
  }
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %w = tensor.insert %z into %r[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// -----

func.func @callee_ro(%t: tensor<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<8xf32>
  return %x : f32
}

func.func @callee_rw(%t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 1.0 : f32
  %r = tensor.insert %z into %t[%c0] : tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @call_chain() -> f32 {
  %cst = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %g = call @callee_rw(%f) : (tensor<8xf32>) -> tensor<8xf32>
  %x = call @callee_ro(%f) : (tensor<8xf32>) -> f32
  %y = call @callee_ro(%g) : (tensor<8xf32>) -> f32
  %s = arith.addf %x, %y : f32
  return %s : f32
}

// -----

func.func @dealloc_tensor(%n: index) -> f32 {
  %a = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %w = tensor.insert %v into %a[%c0] : tensor<?xf32>
  %x = tensor.extract %w[%c0] : tensor<?xf32>
  bufferization.dealloc_tensor %w : tensor<?xf32>
  return %x : f32
}

// -----

memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @global_to_tensor() -> tensor<4xf32> {
  %m = memref.get_global @table : memref<4xf32>
  %t = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.exp ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

memref.global "private" constant @ctab : memref<2xcomplex<f32>> = dense<[(1.0, 2.0), (3.0, 4.0)]>

func.func @complex_global() -> f32 {
  %m = memref.get_global @ctab : memref<2xcomplex<f32>>
  %c1 = arith.constant 1 : index
  %z = memref.load %m[%c1] : memref<2xcomplex<f32>>
  %re = complex.re %z : complex<f32>
  return %re : f32
}

// -----

func.func @unranked_result(%t: tensor<4xf32>) -> tensor<*xf32> {
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}

// -----

func.func @unranked_arg(%u: tensor<*xf32>) -> index {
  %r = tensor.rank %u : tensor<*xf32>
  return %r : index
}

// -----

func.func @empty_loop_result(%n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %f) -> (tensor<?xf32>) {
    %x = arith.index_cast %i : index to i32
    %y = arith.sitofp %x : i32 to f32
    %u = tensor.insert %y into %t[%i] : tensor<?xf32>
    scf.yield %u : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
