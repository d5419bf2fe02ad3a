// Version A of equiv-loop-pairs.mlir's hand-written pairs (not a test by itself).
func.func @late_free(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> memref<2xf32> {
    memref.dealloc %x : memref<2xf32>
    %b = memref.alloc() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @while_late(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%x = %a0, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %x, %i : memref<2xf32>, index
  } do {
  ^bb0(%y: memref<2xf32>, %j: index):
    %b = memref.alloc() : memref<2xf32>
    memref.dealloc %y : memref<2xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %b, %k : memref<2xf32>, index
  }
  memref.dealloc %r#0 : memref<2xf32>
  return
}

func.func @same_by_hand(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    memref.dealloc %x : memref<2xf32>
    %t = memref.alloc() : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    scf.yield %b : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}
