// Version B of the pairs of equiv-loops.mlir (A: Inputs/equiv-loops-a.mlir).
func.func @moved_after_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %b[%c0] : memref<4xf32>
    memref.store %v, %b[%c1] : memref<4xf32>
  }
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// %a is freed after the allocation of %b.
func.func @freed_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
  }
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
