// Version B of equiv-loop-pairs.mlir's hand-written pairs: @late_free and
// @while_late free the previous iteration's buffer in another interval in
// one iteration only (the 7th, the 6th), after the unroll bound;
// @same_by_hand frees the same buffers in the same intervals through
// other control flow.
func.func @late_free(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> memref<2xf32> {
    %late = arith.cmpi eq, %i, %c6 : index
    scf.if %late {
    } else {
      memref.dealloc %x : memref<2xf32>
    }
    %b = memref.alloc() : memref<2xf32>
    scf.if %late {
      memref.dealloc %x : memref<2xf32>
    }
    scf.yield %b : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @while_late(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%x = %a0, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %x, %i : memref<2xf32>, index
  } do {
  ^bb0(%y: memref<2xf32>, %j: index):
    %early = arith.cmpi eq, %j, %c5 : index
    scf.if %early {
      memref.dealloc %y : memref<2xf32>
    }
    %b = memref.alloc() : memref<2xf32>
    %later = arith.cmpi ne, %j, %c5 : index
    scf.if %later {
      memref.dealloc %y : memref<2xf32>
    }
    %k = arith.addi %j, %c1 : index
    scf.yield %b, %k : memref<2xf32>, index
  }
  memref.dealloc %r#0 : memref<2xf32>
  return
}

func.func @same_by_hand(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a0 = memref.alloc() : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0, %own = %true) -> (memref<2xf32>, i1) {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    scf.if %own {
      memref.dealloc %x : memref<2xf32>
    }
    %t = memref.alloc() : memref<4xf32>
    scf.if %c {
      memref.dealloc %t : memref<4xf32>
    } else {
      memref.dealloc %t : memref<4xf32>
    }
    scf.yield %b, %true : memref<2xf32>, i1
  }
  memref.dealloc %r#0 : memref<2xf32>
  return
}
