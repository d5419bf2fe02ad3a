// equiv.mlir's @early with the first free moved after the second allocation.
func.func @early() {
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 1} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}
