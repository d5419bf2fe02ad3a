// Version A of the pairs of equiv-loops.mlir (B: Inputs/equiv-loops-b.mlir).
func.func @moved_after_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %b[%c0] : memref<4xf32>
    memref.store %v, %b[%c1] : memref<4xf32>
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// The loop frees %a in its first iteration (or %a is freed after it).
func.func @freed_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<2xf32>
  %live = scf.for %i = %c0 to %n step %c1 iter_args(%own = %true) -> i1 {
    scf.if %own {
      memref.dealloc %a : memref<2xf32>
    }
    scf.yield %false : i1
  }
  scf.if %live {
    memref.dealloc %a : memref<2xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
