// A gather at the tensor level (bench/realistic/boundaries/linalg.mlir
// @gather), bufferized and deallocated by corpus/operations/linalg-body-load.mlir.
func.func @gather(%idx: tensor<8xindex>, %table: memref<32xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%idx : tensor<8xindex>) outs(%e : tensor<8xf32>) {
  ^bb0(%k: index, %o: f32):
    %v = memref.load %table[%k] : memref<32xf32>
    linalg.yield %v : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
