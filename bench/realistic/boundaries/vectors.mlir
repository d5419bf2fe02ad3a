// Tensor programs that pass vector values across function boundaries.

func.func @read_vec(%t: tensor<16xf32>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%i], %pad : tensor<16xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @write_vec(%t: tensor<16xf32>, %v: vector<4xf32>) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %r = vector.transfer_write %v, %t[%c4] {in_bounds = [true]} : vector<4xf32>, tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

func.func @axpy_vec(%a: f32, %x: vector<8xf32>, %y: vector<8xf32>) -> vector<8xf32> {
  %b = vector.broadcast %a : f32 to vector<8xf32>
  %r = vector.fma %b, %x, %y : vector<8xf32>
  return %r : vector<8xf32>
}

// -----

func.func @read_2d(%t: tensor<8x8xf32>) -> vector<5x6xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<8x8xf32>, vector<5x6xf32>
  return %v : vector<5x6xf32>
}

// -----

func.func @vec_to_tensor(%v: vector<5xf32>) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<5xf32>
  %r = vector.transfer_write %v, %e[%c0] {in_bounds = [true]} : vector<5xf32>, tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

func.func @helper_scale(%v: vector<4xf32>) -> vector<4xf32> {
  %c = arith.constant dense<2.0> : vector<4xf32>
  %r = arith.mulf %v, %c : vector<4xf32>
  return %r : vector<4xf32>
}

func.func @caller_scale(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<4xf32>, vector<4xf32>
  %w = call @helper_scale(%v) : (vector<4xf32>) -> vector<4xf32>
  %r = vector.transfer_write %w, %t[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @int_vec(%x: vector<8xi32>, %y: vector<8xi32>) -> vector<8xi32> {
  %s = arith.addi %x, %y : vector<8xi32>
  %m = arith.maxsi %s, %x : vector<8xi32>
  return %m : vector<8xi32>
}

// -----

func.func @loop_accumulate(%t: tensor<64xf32>) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %z = arith.constant dense<0.0> : vector<8xf32>
  %r = scf.for %i = %c0 to %c64 step %c8 iter_args(%acc = %z) -> (vector<8xf32>) {
    %v = vector.transfer_read %t[%i], %pad {in_bounds = [true]} : tensor<64xf32>, vector<8xf32>
    %n = arith.addf %acc, %v : vector<8xf32>
    scf.yield %n : vector<8xf32>
  }
  return %r : vector<8xf32>
}

// -----

func.func @select_vec(%c: i1, %a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %r = scf.if %c -> vector<4xf32> {
    scf.yield %a : vector<4xf32>
  } else {
    %n = arith.negf %b : vector<4xf32>
    scf.yield %n : vector<4xf32>
  }
  return %r : vector<4xf32>
}

// -----

func.func @main_returns_vec() -> vector<4xf32> {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.exp ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %r[%c0], %pad {in_bounds = [true]} : tensor<4xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @big_read(%t: tensor<256x256xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<256x256xf32>, vector<256x256xf32>
  %e = vector.extract %v[3, 5] : f32 from vector<256x256xf32>
  return %e : f32
}

// -----

func.func @vec_2d_arith(%a: vector<32x90xf32>, %b: vector<32x90xf32>) -> vector<32x90xf32> {
  %r = arith.subf %a, %b : vector<32x90xf32>
  return %r : vector<32x90xf32>
}

// -----

func.func @masked_read(%t: tensor<?xf32>, %n: index) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %m = vector.create_mask %n : vector<8xi1>
  %v = vector.transfer_read %t[%c0], %pad, %m : tensor<?xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @cf_vec(%c: i1, %a: vector<4xi32>) -> vector<4xi32> {
  cf.cond_br %c, ^bb1(%a : vector<4xi32>), ^bb2
^bb2:
  %z = arith.constant dense<0> : vector<4xi32>
  cf.br ^bb1(%z : vector<4xi32>)
^bb1(%r: vector<4xi32>):
  return %r : vector<4xi32>
}
