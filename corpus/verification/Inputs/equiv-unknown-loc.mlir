func.func @g() {
  %a = memref.alloc() : memref<2xf32> loc(unknown)
  memref.dealloc %a : memref<2xf32>
  return
}
