// Second version for corpus/verification/equiv-scratch-clone.mlir: the
// clone (site 1) is freed after the allocation of site 2, not before it.
func.func @clone_free_point(%a: memref<2xf32>) {
  %c = bufferization.clone %a {dealloc.site = 1 : i64} : memref<2xf32> to memref<2xf32>
  %b = memref.alloc() {dealloc.site = 2 : i64} : memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}
