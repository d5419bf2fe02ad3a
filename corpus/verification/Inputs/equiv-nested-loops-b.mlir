// Version B of equiv-nested-loops.mlir's hand-written pairs: in one inner
// iteration of one outer iteration, @inner_late_free (outer 1, inner 5),
// @while_late (3, 5) and @affine_late (2, 6) free the previous buffer after
// allocating the next (another interval), @inner_late_leak (2, 6) does not
// free it; @outer_late_free frees the outer loop's buffer after the next
// allocation in outer iteration 6. @same_nested, @while_in_for and
// @affine_nested free the same buffers in the same intervals (through other
// control flow in @same_nested).
func.func @inner_late_free(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> (memref<2xf32>) {
    %oi = arith.cmpi eq, %i, %c1 : index
    %in = scf.for %j = %c0 to %m step %c1 iter_args(%y = %x) -> (memref<2xf32>) {
      %ij = arith.cmpi eq, %j, %c5 : index
      %late = arith.andi %oi, %ij : i1
      scf.if %late {
      } else {
        memref.dealloc %y : memref<2xf32>
      }
      %b = memref.alloc() : memref<2xf32>
      scf.if %late {
        memref.dealloc %y : memref<2xf32>
      }
      scf.yield %b : memref<2xf32>
    }
    scf.yield %in : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @inner_late_leak(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> (memref<2xf32>) {
    %oi = arith.cmpi eq, %i, %c2 : index
    %in = scf.for %j = %c0 to %m step %c1 iter_args(%y = %x) -> (memref<2xf32>) {
      %ij = arith.cmpi eq, %j, %c6 : index
      %late = arith.andi %oi, %ij : i1
      scf.if %late {
      } else {
        memref.dealloc %y : memref<2xf32>
      }
      %b = memref.alloc() : memref<2xf32>
      scf.yield %b : memref<2xf32>
    }
    scf.yield %in : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @outer_late_free(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> (memref<2xf32>) {
    %late = arith.cmpi eq, %i, %c6 : index
    %in = scf.for %j = %c0 to %m step %c1 iter_args(%y = %x) -> (memref<2xf32>) {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
      scf.yield %y : memref<2xf32>
    }
    scf.if %late {
    } else {
      memref.dealloc %in : memref<2xf32>
    }
    %b = memref.alloc() : memref<2xf32>
    scf.if %late {
      memref.dealloc %in : memref<2xf32>
    }
    scf.yield %b : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @while_late(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> (memref<2xf32>) {
    %oi = arith.cmpi eq, %i, %c3 : index
    %w:2 = scf.while (%y = %x, %j = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
      %go = arith.cmpi ult, %j, %m : index
      scf.condition(%go) %y, %j : memref<2xf32>, index
    } do {
    ^bb0(%z: memref<2xf32>, %k: index):
      %ij = arith.cmpi eq, %k, %c5 : index
      %lt = arith.andi %oi, %ij : i1
      scf.if %lt {
      } else {
        memref.dealloc %z : memref<2xf32>
      }
      %b = memref.alloc() : memref<2xf32>
      scf.if %lt {
        memref.dealloc %z : memref<2xf32>
      }
      %k1 = arith.addi %k, %c1 : index
      scf.yield %b, %k1 : memref<2xf32>, index
    }
    scf.yield %w#0 : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @affine_late(%n: index, %m: index) {
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = affine.for %i = 0 to %n iter_args(%x = %a0) -> (memref<2xf32>) {
    %oi = arith.cmpi eq, %i, %c2 : index
    %in = affine.for %j = 0 to %m iter_args(%y = %x) -> (memref<2xf32>) {
      %ij = arith.cmpi eq, %j, %c6 : index
      %lt = arith.andi %oi, %ij : i1
      scf.if %lt {
      } else {
        memref.dealloc %y : memref<2xf32>
      }
      %b = memref.alloc() : memref<2xf32>
      scf.if %lt {
        memref.dealloc %y : memref<2xf32>
      }
      affine.yield %b : memref<2xf32>
    }
    affine.yield %in : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @same_nested(%n: index, %m: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> (memref<2xf32>) {
    %in = scf.for %j = %c0 to %m step %c1 iter_args(%y = %x) -> (memref<2xf32>) {
      %b = memref.alloc() : memref<2xf32>
      memref.copy %y, %b : memref<2xf32> to memref<2xf32>
      scf.if %c {
        memref.dealloc %y : memref<2xf32>
      } else {
        memref.dealloc %y : memref<2xf32>
      }
      scf.yield %b : memref<2xf32>
    }
    scf.yield %in : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @while_in_for(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0) -> (memref<2xf32>) {
    %oi = arith.cmpi eq, %i, %c3 : index
    %w:2 = scf.while (%y = %x, %j = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
      %go = arith.cmpi ult, %j, %m : index
      scf.condition(%go) %y, %j : memref<2xf32>, index
    } do {
    ^bb0(%z: memref<2xf32>, %k: index):
      memref.dealloc %z : memref<2xf32>
      %b = memref.alloc() : memref<2xf32>
      %k1 = arith.addi %k, %c1 : index
      scf.yield %b, %k1 : memref<2xf32>, index
    }
    scf.yield %w#0 : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @affine_nested(%n: index, %m: index) {
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %a0 = memref.alloc() : memref<2xf32>
  %r = affine.for %i = 0 to %n iter_args(%x = %a0) -> (memref<2xf32>) {
    %oi = arith.cmpi eq, %i, %c2 : index
    %in = affine.for %j = 0 to %m iter_args(%y = %x) -> (memref<2xf32>) {
      memref.dealloc %y : memref<2xf32>
      %b = memref.alloc() : memref<2xf32>
      affine.yield %b : memref<2xf32>
    }
    affine.yield %in : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}
