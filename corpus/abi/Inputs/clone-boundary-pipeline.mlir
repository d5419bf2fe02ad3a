// Input of ../clone-boundary.mlir: public functions that return buffers they
// do not own, so the deallocation pipeline must return copies.
memref.global "private" constant @cst : memref<2xf32> = dense<1.0>
func.func @return_arg(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}
func.func @return_global() -> memref<2xf32> {
  %g = memref.get_global @cst : memref<2xf32>
  return %g : memref<2xf32>
}
