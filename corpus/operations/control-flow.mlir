// func/cf/scf ops execute concretely; each function frees exactly what the
// executed path allocated, so a wrong branch or trip count would leak or
// double free.
// SPEC: [op.func.call] [op.cf.br] [op.cf.cond_br] [op.cf.switch] [op.scf.if] [op.scf.for] [op.scf.while] [op.scf.execute_region] [op.scf.index_switch]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @branches: SAFE (2 inputs)
func.func @branches(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t(%a : memref<2xf32>), ^f
^t(%x: memref<2xf32>):
  cf.br ^done(%x : memref<2xf32>)
^f:
  cf.br ^done(%a : memref<2xf32>)
^done(%y: memref<2xf32>):
  memref.dealloc %y : memref<2xf32>
  return
}

// An scf.for allocating per iteration and freeing the previous buffer: the
// carried buffer is freed at the end whatever the trip count (0, 1, 2).
// CHECK-LABEL: @for_carried: SAFE (3 inputs)
func.func @for_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> memref<2xf32> {
    memref.dealloc %x : memref<2xf32>
    %new = memref.alloc() : memref<2xf32>
    scf.yield %new : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

// The free happens in the loop exactly when the trip count is 2.
// CHECK-LABEL: @for_counts: LEAK (1 input)
// CHECK-NEXT:    input: 0
func.func @for_counts(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %last = arith.cmpi eq, %i, %c1 : index
    scf.if %last {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// scf.while: the condition region forwards values to the body and results.
// CHECK-LABEL: @while_loop: SAFE (3 inputs)
func.func @while_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%m = %init, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %m, %i : memref<2xf32>, index
  } do {
  ^bb0(%m: memref<2xf32>, %i: index):
    %new = memref.alloc() : memref<2xf32>
    memref.copy %m, %new : memref<2xf32> to memref<2xf32>
    memref.dealloc %m : memref<2xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %new, %j : memref<2xf32>, index
  }
  memref.dealloc %r#0 : memref<2xf32>
  return
}

// scf.execute_region with several blocks, and scf.index_switch.
// CHECK-LABEL: @regions: SAFE (6 inputs)
func.func @regions(%k: index, %c: i1) {
  %r = scf.index_switch %k -> memref<2xf32>
  case 0 {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  default {
    %e = scf.execute_region -> memref<2xf32> {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      %a = memref.alloc() : memref<2xf32>
      scf.yield %a : memref<2xf32>
    ^bb2:
      %b = memref.alloc() : memref<4xf32>
      %s = memref.subview %b[0] [2] [1] : memref<4xf32> to memref<2xf32>
      scf.yield %s : memref<2xf32>
    }
    scf.yield %e : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

// func.call: the callee's result is owned by the caller (freed here); a
// private callee may free what it is given.
// CHECK-LABEL: @calls: SAFE (2 inputs)
func.func private @make(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}
func.func private @consume(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}
func.func @calls(%c: i1) {
  %a = call @make(%c) : (i1) -> memref<2xf32>
  call @consume(%a) : (memref<2xf32>) -> ()
  return
}

// cf.switch picks the matching case (forwarding its operands) or the default.
// CHECK-LABEL: @switch: DOUBLE_FREE (3 inputs)
// CHECK-NEXT:    input: 2
func.func @switch(%k: i32) {
  %a = memref.alloc() : memref<2xf32>
  cf.switch %k : i32, [
    default: ^d(%a : memref<2xf32>),
    0: ^z,
    2: ^two(%a, %a : memref<2xf32>, memref<2xf32>)
  ]
^d(%x: memref<2xf32>):
  memref.dealloc %x : memref<2xf32>
  return
^z:
  memref.dealloc %a : memref<2xf32>
  return
^two(%p: memref<2xf32>, %q: memref<2xf32>):
  memref.dealloc %p : memref<2xf32>
  memref.dealloc %q : memref<2xf32>
  return
}
