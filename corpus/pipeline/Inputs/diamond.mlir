// A buffer that exists on one path of a diamond: freed at the join iff it
// was allocated (the PSA thread's condBranch example, with memref ops as uses).
func.func @diamond(%c: i1, %arg: memref<2xf32>, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<2xf32>)
^bb2:
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%m: memref<2xf32>):
  %v = memref.load %m[%c0] : memref<2xf32>
  return %v : f32
}

// Two buffers, one of which is returned through a select: needs run-time
// alias checks and the generic lowering.
func.func @select_return(%c: i1, %f: f32) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  memref.store %f, %b[%c0] : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %s : memref<2xf32>
}
