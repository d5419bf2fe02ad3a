// Programs without frees in many shapes; the tests deallocate them with
// upstream's passes and run the result.
func.func private @ext(memref<2xf32>) -> memref<2xf32>
func.func private @priv(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = arith.select %c, %a, %m : memref<2xf32>
  return %r : memref<2xf32>
}
func.func @diamond(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^f
^t:
  cf.br ^j(%a : memref<2xf32>)
^f:
  cf.br ^j(%arg : memref<2xf32>)
^j(%r: memref<2xf32>):
  return %r : memref<2xf32>
}
func.func @selects(%c: i1, %d: i1, %x: memref<2xf32>, %y: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %x : memref<2xf32>
  %t = arith.select %d, %b, %y : memref<2xf32>
  %u = arith.select %c, %s, %t : memref<2xf32>
  %v = memref.load %u[%c0] : memref<2xf32>
  %w = memref.load %t[%c0] : memref<2xf32>
  %r = arith.addf %v, %w : f32
  return %r : f32
}
func.func @loop_iter(%n: index, %c: i1) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> memref<2xf32> {
    %new = memref.alloc() : memref<2xf32>
    %s = arith.select %c, %new, %x : memref<2xf32>
    scf.yield %s : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @while_iter(%n: index) -> f32 {
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
    %j = arith.addi %i, %c1 : index
    scf.yield %new, %j : memref<2xf32>, index
  }
  %v = memref.load %r#0[%c0] : memref<2xf32>
  return %v : f32
}
func.func @nested_if(%c: i1, %d: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    %i = scf.if %d -> memref<2xf32> {
      %b = memref.alloc() : memref<2xf32>
      scf.yield %b : memref<2xf32>
    } else {
      scf.yield %a : memref<2xf32>
    }
    scf.yield %i : memref<2xf32>
  } else {
    scf.yield %arg : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @calls(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %a = call @priv(%c, %arg) : (i1, memref<2xf32>) -> memref<2xf32>
  %e = call @ext(%a) : (memref<2xf32>) -> memref<2xf32>
  %s = arith.select %c, %e, %a : memref<2xf32>
  return %s : memref<2xf32>
}
func.func @return_twice(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %a, %s : memref<2xf32>, memref<2xf32>
}
func.func @views(%c: i1, %n: index) -> memref<?xf32, strided<[1], offset: ?>> {
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() : memref<64xi8>
  %c0 = arith.constant 0 : index
  %v = memref.view %b[%c0][%n] : memref<64xi8> to memref<?xf32>
  %s = arith.select %c, %a, %v : memref<?xf32>
  %sv = memref.subview %s[%c0] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return %sv : memref<?xf32, strided<[1], offset: ?>>
}
func.func @regions(%k: index, %c: i1) -> memref<2xf32> {
  %r = scf.index_switch %k -> memref<2xf32>
  case 0 {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  default {
    %e = scf.execute_region -> memref<2xf32> {
      %a = memref.alloc() : memref<2xf32>
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      scf.yield %a : memref<2xf32>
    ^bb2:
      %b = memref.alloc() : memref<2xf32>
      scf.yield %b : memref<2xf32>
    }
    scf.yield %e : memref<2xf32>
  }
  return %r : memref<2xf32>
}
memref.global "private" constant @g : memref<2xf32> = dense<1.0>
func.func @globals_and_stack(%c: i1) -> memref<2xf32> {
  %g = memref.get_global @g : memref<2xf32>
  %s = memref.alloca() : memref<2xf32>
  %a = memref.alloc() : memref<2xf32>
  memref.copy %g, %s : memref<2xf32> to memref<2xf32>
  memref.copy %s, %a : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %a, %g : memref<2xf32>
  return %r : memref<2xf32>
}
// Regression: a loop body binding values must not invalidate the loop's
// bounds (dealloc-run crashed on this nest before).
func.func @nested_loops(%n: index, %c: i1, %arg: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%c2) : memref<?xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %arg) -> (memref<?xf32>, memref<?xf32>) {
    %inner = scf.for %j = %c0 to %i step %c1 iter_args(%z = %x) -> memref<?xf32> {
      %b = memref.alloc(%c2) : memref<?xf32>
      memref.copy %z, %b : memref<?xf32> to memref<?xf32>
      %s = arith.select %c, %b, %z : memref<?xf32>
      scf.yield %s : memref<?xf32>
    }
    %t = arith.select %c, %y, %inner : memref<?xf32>
    scf.yield %inner, %t : memref<?xf32>, memref<?xf32>
  }
  return %r#0, %r#1 : memref<?xf32>, memref<?xf32>
}
func.func @while_before(%n: index, %m: memref<2xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res:2 = scf.while (%i = %c0, %buf = %m) : (index, memref<2xi32>) -> (index, memref<2xi32>) {
    %new = memref.alloc() : memref<2xi32>
    memref.copy %buf, %new : memref<2xi32> to memref<2xi32>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %new : index, memref<2xi32>
  } do {
  ^bb0(%i: index, %b: memref<2xi32>):
    %ip = arith.addi %i, %c1 : index
    scf.yield %ip, %b : index, memref<2xi32>
  }
  %v = memref.load %res#1[%c0] : memref<2xi32>
  return %v : i32
}
