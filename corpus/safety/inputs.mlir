// The input model: i1 combinations, integers 0..2, floats 0.0, fresh
// zero-filled caller buffers (dynamic extents 2) and every aliasing pattern
// among memref arguments of identical type, in a fixed order, with a cap.
// SPEC: [input.order] [input.i1] [input.int] [input.float] [input.memref.fresh] [input.memref.extents] [input.memref.contents] [input.memref.alias] [input.cap]
// RUN: dealloc-run --all-inputs %s --function enumeration | FileCheck %s --check-prefix=ALL
// RUN: dealloc-run --max-inputs 5 %s --function enumeration | FileCheck %s --check-prefix=CAP
// RUN: dealloc-run --max-inputs 5 --json %s --function enumeration | FileCheck %s --check-prefix=CAPJSON
// RUN: not dealloc-run %s | FileCheck %s

// 2 (i1) * 3 (index) * 1 (f32) * B(2)=2 (two memref<?xf32>) * 1 (memref<2xi32>) = 12.
// ALL:      @enumeration(false,0,0,b0,b0,b1): SAFE
// ALL-NEXT: @enumeration(false,0,0,b0,b1,b2): SAFE
// ALL-NEXT: @enumeration(false,1,0,b0,b0,b1): SAFE
// ALL:      @enumeration(true,2,0,b0,b1,b2): SAFE
// ALL-NOT:  @enumeration
// CAP: @enumeration: SAFE (5 inputs, capped at 5 of 12)
// CAPJSON: "capped":true,"function":"enumeration","inputs":5,"total_inputs":12
// CHECK-LABEL: @enumeration: SAFE (12 inputs)
func.func @enumeration(%c: i1, %n: index, %f: f32, %x: memref<?xf32>, %y: memref<?xf32>, %z: memref<2xi32>) {
  return
}

// Aliased arguments share the buffer: a store through one is seen by a load
// through the other. Distinct buffers are zero-filled, so the value read
// tells the patterns apart; the buffer is freed... only when they alias,
// which leaks on the first (aliased, b0,b0) input.
// CHECK-LABEL: @aliasing_visible: LEAK (1 input)
// CHECK-NEXT:    input: b0,b0
func.func @aliasing_visible(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %x[%c0] : memref<?xf32>
  %v = memref.load %y[%c0] : memref<?xf32>
  %aliased = arith.cmpf oeq, %v, %one : f32
  %a = memref.alloc() : memref<2xf32>
  scf.if %aliased {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Dynamic extents are 2; contents zero; floats 0.0; integers 0, 1, 2.
// CHECK-LABEL: @defaults: SAFE (3 inputs)
func.func @defaults(%n: index, %f: f32, %m: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xi64>
  %d1 = memref.dim %m, %c1 : memref<?x?xi64>
  %x = memref.load %m[%c1, %c1] : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %k1 = arith.cmpi eq, %d0, %c2 : index
  %k2 = arith.cmpi eq, %d1, %c2 : index
  %k3 = arith.cmpi eq, %x, %zero : i64
  %fz = arith.constant 0.0 : f32
  %k4 = arith.cmpf oeq, %f, %fz : f32
  %k5 = arith.cmpi ule, %n, %c2 : index
  %a1 = arith.andi %k1, %k2 : i1
  %a2 = arith.andi %k3, %k4 : i1
  %a3 = arith.andi %a1, %a2 : i1
  %ok = arith.andi %a3, %k5 : i1
  %a = memref.alloc() : memref<2xf32>
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
