// dot-equiv.mlir's functions, changed: @moved frees %a after the second
// allocation, @removed does not free %b, @same is unchanged.
func.func @same() {
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @moved() {
  %a = memref.alloc() {dealloc.site = 10} : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 11} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @removed(%c: i1) {
  %a = memref.alloc() {dealloc.site = 20} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 21} : memref<2xf32>
  scf.if %c {
    memref.dealloc %b : memref<2xf32>
  }
  return
}
