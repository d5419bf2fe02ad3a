// induction-parallel.mlir's tensor program: a fill tiled by an scf.forall
// over a dynamic count, with tensor.parallel_insert_slice.
func.func @fill_tiles(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %two = arith.constant 2.0 : f32
  %r = scf.forall (%i) in (%n) shared_outs(%o = %a) -> (tensor<?xf32>) {
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<?xf32> to tensor<1xf32>
    %f = linalg.fill ins(%two : f32) outs(%s : tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}
