// expand-realloc (first stage of the pipeline) turns realloc into
// scf.if + alloc + copy + dealloc / reinterpret_cast.
func.func @realloc_grow(%n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  return %r : memref<?xf32>
}
