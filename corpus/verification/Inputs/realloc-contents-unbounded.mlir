// realloc-contents.mlir's @dynamic_result with a dynamic source too: the
// copy has no static bound, so the new contents are unconstrained and the
// flag loaded from them may differ from %c - a counterexample dealloc-run
// does not reproduce, answered UNKNOWN rather than SAFE.
func.func @unbounded(%c: i1, %k: i8) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %kx = arith.index_castui %k : i8 to index
  %n = arith.addi %kx, %i1 : index
  %a = memref.alloc(%n) : memref<?xi1>
  %b = memref.alloc() : memref<4xf32>
  memref.store %c, %a[%i0] : memref<?xi1>
  %r = memref.realloc %a(%n) : memref<?xi1> to memref<?xi1>
  %f = memref.load %r[%i0] : memref<?xi1>
  scf.if %f {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %r : memref<?xi1>
  return
}
