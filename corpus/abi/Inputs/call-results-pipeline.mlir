// Input of ../call-results.mlir: the PSA thread's @top, calling an external
// function with two memref results.
func.func private @test2_decl() -> (memref<1xf64>, memref<1xf64>)
func.func @top_external() {
  %0:2 = call @test2_decl() : () -> (memref<1xf64>, memref<1xf64>)
  return
}
