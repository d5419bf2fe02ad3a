// A masked read and write of a tensor, as vectorisation of a dynamically
// shaped op leaves it after its masks are lowered to operands
// (corpus/operations/vector-mask.mlir runs both pipelines on it).
func.func @masked_tensor(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %k = arith.minui %n, %d : index
  %mask = vector.create_mask %k : vector<4xi1>
  %v = vector.transfer_read %t[%c0], %pad, %mask : tensor<?xf32>, vector<4xf32>
  %w = arith.addf %v, %v : vector<4xf32>
  %r = vector.transfer_write %w, %t[%c0], %mask : vector<4xf32>, tensor<?xf32>
  return %r : tensor<?xf32>
}
