// arith: constants, integer/float ops, casts, select (on memrefs too), and
// undefined behaviour. Each function frees its buffer only if every computed
// value is right, so a wrong semantics shows up as a LEAK.
// SPEC: [op.arith.constant] [op.arith.ops] [op.arith.cast] [op.arith.select] [op.arith.ub]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s

// CHECK-LABEL: @integer_ops: SAFE (1 input)
func.func @integer_ops() {
  %m1 = arith.constant -1 : i8
  %c3 = arith.constant 3 : i8
  %c7 = arith.constant 7 : i8
  %e14 = arith.constant 14 : i8
  %e0 = arith.constant 0 : i8
  %w = arith.addi %m1, %c3 : i8
  %x = arith.muli %w, %c7 : i8
  %y = arith.divsi %m1, %c3 : i8
  %z = arith.remui %m1, %c7 : i8
  %u = arith.shrui %m1, %c7 : i8
  %f = arith.floordivsi %m1, %c3 : i8
  %k1 = arith.cmpi eq, %x, %e14 : i8
  %k2 = arith.cmpi eq, %y, %e0 : i8
  %k3 = arith.cmpi eq, %z, %c3 : i8
  %k4 = arith.cmpi ugt, %m1, %c7 : i8
  %k5 = arith.cmpi slt, %f, %e0 : i8
  %one = arith.trunci %u : i8 to i1
  %a1 = arith.andi %k1, %k2 : i1
  %a2 = arith.andi %k3, %k4 : i1
  %a3 = arith.andi %k5, %one : i1
  %a4 = arith.andi %a1, %a2 : i1
  %ok = arith.andi %a4, %a3 : i1
  %buf = memref.alloc() : memref<2xf32>
  scf.if %ok {
    memref.dealloc %buf : memref<2xf32>
  }
  return
}

// CHECK-LABEL: @casts_and_floats: SAFE (1 input)
func.func @casts_and_floats() {
  %m1 = arith.constant -1 : i32
  %big = arith.index_cast %m1 : i32 to index
  %ubig = arith.index_castui %m1 : i32 to index
  %zero = arith.constant 0 : index
  %k1 = arith.cmpi slt, %big, %zero : index
  %k2 = arith.cmpi sgt, %ubig, %zero : index
  %h = arith.constant 1.5 : f32
  %two = arith.constant 2.0 : f32
  %p = arith.mulf %h, %two : f32
  %i = arith.fptosi %p : f32 to i32
  %three = arith.constant 3 : i32
  %k3 = arith.cmpi eq, %i, %three : i32
  %d = arith.extf %p : f32 to f64
  %back = arith.sitofp %i : i32 to f64
  %k4 = arith.cmpf oeq, %d, %back : f64
  %a1 = arith.andi %k1, %k2 : i1
  %a2 = arith.andi %k3, %k4 : i1
  %ok = arith.andi %a1, %a2 : i1
  %buf = memref.alloc() : memref<2xf32>
  scf.if %ok {
    memref.dealloc %buf : memref<2xf32>
  }
  return
}

// select on memrefs picks the view; the other buffer is freed separately.
// CHECK-LABEL: @select_memref: SAFE (2 inputs)
func.func @select_memref(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %o = arith.select %c, %b, %a : memref<2xf32>
  memref.dealloc %s : memref<2xf32>
  memref.dealloc %o : memref<2xf32>
  return
}

// Division by zero is undefined behaviour: UNKNOWN, never SAFE.
// CHECK-LABEL: @div_by_zero: UNKNOWN (3 inputs): division by zero
func.func @div_by_zero(%n: index) -> index {
  %c6 = arith.constant 6 : index
  %q = arith.divui %c6, %n : index
  return %q : index
}
