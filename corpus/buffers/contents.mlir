// Buffer contents are bytes, initialized or not; loads read back what stores
// wrote through any view; uninitialized values flow but never decide.
// SPEC: [buffer.contents] [buffer.contents.uninit] [op.uninit.flow] [op.uninit.control]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s

// An i32 stored through a memref.view of an i8 buffer decides a branch that
// frees the buffer only if the value read back is exactly 7.
// CHECK-LABEL: @bytes_roundtrip: SAFE (1 input)
func.func @bytes_roundtrip() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %seven = arith.constant 7 : i32
  %raw = memref.alloc() : memref<16xi8>
  %v = memref.view %raw[%c4][] : memref<16xi8> to memref<2xi32>
  memref.store %seven, %v[%c0] : memref<2xi32>
  %b = memref.load %raw[%c4] : memref<16xi8>
  %x = memref.load %v[%c0] : memref<2xi32>
  %b7 = arith.extui %b : i8 to i32
  %ok1 = arith.cmpi eq, %b7, %seven : i32
  %ok2 = arith.cmpi eq, %x, %seven : i32
  %ok = arith.andi %ok1, %ok2 : i1
  scf.if %ok {
    memref.dealloc %raw : memref<16xi8>
  }
  return
}

// Uninitialized values may be copied, stored and computed with.
// CHECK-LABEL: @uninit_flows: SAFE (1 input)
func.func @uninit_flows() -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi32>
  %x = memref.load %a[%c0] : memref<2xi32>
  %y = arith.addi %x, %x : i32
  %b = memref.alloc() : memref<2xi32>
  memref.store %y, %b[%c0] : memref<2xi32>
  memref.copy %a, %b : memref<2xi32> to memref<2xi32>
  memref.dealloc %a : memref<2xi32>
  memref.dealloc %b : memref<2xi32>
  return %y : i32
}

// ... but never decide control flow.
// CHECK-LABEL: @uninit_decides: UNKNOWN (1 input): uninitialized value decides control flow
func.func @uninit_decides() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %c = memref.load %a[%c0] : memref<2xi1>
  scf.if %c {
    memref.dealloc %a : memref<2xi1>
  }
  return
}

// An uninitialized dealloc condition is UNKNOWN as well, never a guess.
// CHECK-LABEL: @uninit_dealloc_condition: UNKNOWN (1 input): uninitialized value decides control flow
func.func @uninit_dealloc_condition() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %c = memref.load %a[%c0] : memref<2xi1>
  bufferization.dealloc (%a : memref<2xi1>) if (%c)
  return
}

// Arguments are zero-filled, globals hold their initializer.
// CHECK-LABEL: @initialized_sources: SAFE (1 input)
memref.global "private" constant @one : memref<1xi32> = dense<1>
func.func @initialized_sources(%arg: memref<2xi1>) {
  %c0 = arith.constant 0 : index
  %c = memref.load %arg[%c0] : memref<2xi1>
  %g = memref.get_global @one : memref<1xi32>
  %x = memref.load %g[%c0] : memref<1xi32>
  %one = arith.constant 1 : i32
  %is1 = arith.cmpi eq, %x, %one : i32
  %a = memref.alloc() : memref<2xf32>
  %free = arith.xori %c, %is1 : i1
  cf.cond_br %free, ^f, ^k
^f:
  memref.dealloc %a : memref<2xf32>
  return
^k:
  return
}
