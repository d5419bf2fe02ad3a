// Two programs for decisiveness-files.test: one both tools decide, one
// with an op no tool models (the index dialect).
func.func @decided(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %s : memref<2xf32>
}

// -----

func.func @not_modelled(%a: index, %b: index) -> memref<?xi8> {
  %s = index.add %a, %b
  %r = memref.alloc(%s) : memref<?xi8>
  return %r : memref<?xi8>
}
