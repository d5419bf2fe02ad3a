func.func @f(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<3xf32>
  return
}
