// Two programs for decisiveness-files.test: one both tools decide, one
// with an op no tool models (the test plugin's dealloc_test.pure_opaque,
// which both pipelines keep).
func.func @decided(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %s : memref<2xf32>
}

// -----

func.func @not_modelled(%x: f32) -> memref<2xf32> {
  %y = dealloc_test.pure_opaque %x : f32
  %r = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  memref.store %y, %r[%c0] : memref<2xf32>
  return %r : memref<2xf32>
}
