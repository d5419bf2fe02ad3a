// Functions whose boundary types take the identity layout; slices force copies.

func.func @return_slice(%a: tensor<8x8xf32>) -> tensor<4x4xf32> {
  %s = tensor.extract_slice %a[2, 2] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

func.func @return_dyn_slice(%a: tensor<?x16xf32>, %o: index, %n: index) -> tensor<?x16xf32> {
  %s = tensor.extract_slice %a[%o, 0] [%n, 16] [1, 1] : tensor<?x16xf32> to tensor<?x16xf32>
  return %s : tensor<?x16xf32>
}

// -----

func.func @strided_slice(%a: tensor<16xf32>) -> tensor<8xf32> {
  %s = tensor.extract_slice %a[0] [8] [2] : tensor<16xf32> to tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

func.func @pass_slice_to_callee(%a: tensor<8x8xf32>) -> f32 {
  %s = tensor.extract_slice %a[0, 4] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %r = call @corner(%s) : (tensor<4x4xf32>) -> f32
  return %r : f32
}

func.func @corner(%t: tensor<4x4xf32>) -> f32 {
  %c3 = arith.constant 3 : index
  %x = tensor.extract %t[%c3, %c3] : tensor<4x4xf32>
  return %x : f32
}

// -----

func.func @update_rows(%a: tensor<?x16xf32>, %row: tensor<16xf32>, %i: index) -> tensor<?x16xf32> {
  %r = tensor.insert_slice %row into %a[%i, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

// -----

func.func @vec_through_slice(%a: tensor<8x8xf32>, %v: vector<4xf32>) -> tensor<8x8xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = vector.transfer_write %v, %a[%c1, %c2] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @tile_loop_dyn(%a: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<?x16xf32>) {
    %row = tensor.extract_slice %t[%i, 0] [1, 16] [1, 1] : tensor<?x16xf32> to tensor<16xf32>
    %f = linalg.fill ins(%z : f32) outs(%row : tensor<16xf32>) -> tensor<16xf32>
    %u = tensor.insert_slice %f into %t[%i, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<?x16xf32>
    scf.yield %u : tensor<?x16xf32>
  }
  return %r : tensor<?x16xf32>
}

// -----

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main_pad_print() {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<2x2xf32> to tensor<4x4xf32>
  %u = tensor.cast %p : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// -----

func.func @forall_identity(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = arith.constant 5.0 : f32
  %r = scf.forall (%i) in (8) shared_outs(%o = %a) -> (tensor<8xf32>) {
    %t = tensor.from_elements %c : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
