// tensor.pad, insert_slice, extract_slice, reshapes; static and partly dynamic shapes.

func.func @pad_const(%a: tensor<4x4xf32>) -> tensor<6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %r = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}

// -----

func.func @pad_dynamic(%a: tensor<?x16xf32>, %h: index) -> tensor<?x16xf32> {
  %zero = arith.constant 0.0 : f32
  %r = tensor.pad %a low[0, 0] high[%h, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x16xf32> to tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

// -----

func.func @extract_tile(%a: tensor<16x16xf32>, %i: index) -> tensor<4x4xf32> {
  %s = tensor.extract_slice %a[%i, 0] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

func.func @insert_tile(%a: tensor<16x16xf32>, %t: tensor<4x4xf32>) -> tensor<16x16xf32> {
  %r = tensor.insert_slice %t into %a[4, 8] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// -----

func.func @tiled_fill(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %c8 step %c2 iter_args(%acc = %a) -> (tensor<8x8xf32>) {
    %tile = tensor.extract_slice %acc[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %f = linalg.fill ins(%one : f32) outs(%tile : tensor<2x8xf32>) -> tensor<2x8xf32>
    %n = tensor.insert_slice %f into %acc[%i, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<8x8xf32>
    scf.yield %n : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// -----

func.func @concat_two(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r1 = tensor.insert_slice %a into %e[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %r2 = tensor.insert_slice %b into %r1[4] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %r2 : tensor<8xf32>
}

// -----

func.func @collapse_expand(%a: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [2, 16] : tensor<32xf32> into tensor<2x16xf32>
  return %e : tensor<2x16xf32>
}

// -----

func.func @dyn_slice(%a: tensor<?x16xf32>, %off: index, %sz: index) -> tensor<?x16xf32> {
  %s = tensor.extract_slice %a[%off, 0] [%sz, 16] [1, 1] : tensor<?x16xf32> to tensor<?x16xf32>
  return %s : tensor<?x16xf32>
}

// -----

func.func @slice_modify_copy(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 9.0 : f32
  %s = tensor.extract_slice %a[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %m = tensor.insert %v into %s[%c0] : tensor<4xf32>
  %r = tensor.insert_slice %m into %a[2] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %a, %r : tensor<8xf32>, tensor<8xf32>
}

// -----

func.func @generate(%n: index) -> tensor<?x3xindex> {
  %r = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    tensor.yield %s : index
  } : tensor<?x3xindex>
  return %r : tensor<?x3xindex>
}

// -----

func.func @from_elements(%a: f32, %b: f32) -> tensor<2xf32> {
  %t = tensor.from_elements %a, %b : tensor<2xf32>
  return %t : tensor<2xf32>
}

// -----

func.func @pad_then_conv(%img: tensor<4x4xf32>, %k: tensor<3x3xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %img low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.conv_2d ins(%p, %k : tensor<6x6xf32>, tensor<3x3xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @cast_dyn(%a: tensor<8x16xf32>) -> tensor<?x16xf32> {
  %c = tensor.cast %a : tensor<8x16xf32> to tensor<?x16xf32>
  return %c : tensor<?x16xf32>
}

// -----

func.func @insert_scalar_loop(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<?xf32>) {
    %x = tensor.extract %t[%i] : tensor<?xf32>
    %y = arith.mulf %x, %x : f32
    %u = tensor.insert %y into %t[%i] : tensor<?xf32>
    scf.yield %u : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
