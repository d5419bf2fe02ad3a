// Allocation and free ops of the memref dialect.
// SPEC: [op.memref.alloc] [op.memref.alloca] [op.memref.dealloc] [op.memref.realloc] [op.memref.get_global]
// RUN: not dealloc-run %s | FileCheck %s

// Dynamic sizes come from operands; the buffer holds every element.
// CHECK-LABEL: @alloc_dynamic: SAFE (3 inputs)
func.func @alloc_dynamic(%n: index) {
  %c1 = arith.constant 1 : index
  %n1 = arith.addi %n, %c1 : index
  %a = memref.alloc(%n1) : memref<?x3xi64>
  %last = arith.subi %n1, %c1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 5 : i64
  memref.store %v, %a[%last, %c2] : memref<?x3xi64>
  memref.dealloc %a : memref<?x3xi64>
  return
}

// alloca: usable until its function returns, never freed by the program.
// CHECK-LABEL: @alloca_local: SAFE (1 input)
func.func @alloca_local() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloca() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %x = memref.load %a[%c0] : memref<2xf32>
  return %x : f32
}

// A private callee returning its alloca: the caller's access is a use after
// the stack buffer was released.
// CHECK-LABEL: @alloca_escapes: USE_AFTER_FREE
// CHECK:         allocated stack buffer #1
// CHECK-NEXT:    released (its allocation scope ended) at
// CHECK-NEXT:    used at
func.func private @local() -> memref<2xf32> {
  %a = memref.alloca() : memref<2xf32>
  return %a : memref<2xf32>
}
func.func @alloca_escapes() -> f32 {
  %c0 = arith.constant 0 : index
  %a = call @local() : () -> memref<2xf32>
  %x = memref.load %a[%c0] : memref<2xf32>
  return %x : f32
}

// dealloc frees a live heap buffer once.
// CHECK-LABEL: @dealloc_once: DOUBLE_FREE
func.func @dealloc_once() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// realloc: a new buffer with the old contents; the old one is freed.
// CHECK-LABEL: @realloc_copies: SAFE (1 input)
func.func @realloc_copies() {
  %c1 = arith.constant 1 : index
  %v = arith.constant 9 : i32
  %a = memref.alloc() : memref<2xi32>
  memref.store %v, %a[%c1] : memref<2xi32>
  %b = memref.realloc %a : memref<2xi32> to memref<4xi32>
  %x = memref.load %b[%c1] : memref<4xi32>
  %ok = arith.cmpi eq, %x, %v : i32
  scf.if %ok {
    memref.dealloc %b : memref<4xi32>
  }
  return
}

// CHECK-LABEL: @realloc_then_use_old: USE_AFTER_FREE
func.func @realloc_then_use_old() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi32>
  %b = memref.realloc %a : memref<2xi32> to memref<4xi32>
  %x = memref.load %a[%c0] : memref<2xi32>
  memref.dealloc %b : memref<4xi32>
  return
}

// CHECK-LABEL: @realloc_freed: DOUBLE_FREE
func.func @realloc_freed() {
  %a = memref.alloc() : memref<2xi32>
  memref.dealloc %a : memref<2xi32>
  %b = memref.realloc %a : memref<2xi32> to memref<4xi32>
  memref.dealloc %b : memref<4xi32>
  return
}

// get_global: one buffer per symbol; writes are visible to later get_global.
// CHECK-LABEL: @global_shared: SAFE (1 input)
memref.global "private" @counter : memref<1xi32> = dense<0>
func.func @global_shared() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 4 : i32
  %g1 = memref.get_global @counter : memref<1xi32>
  memref.store %v, %g1[%c0] : memref<1xi32>
  %g2 = memref.get_global @counter : memref<1xi32>
  %x = memref.load %g2[%c0] : memref<1xi32>
  %a = memref.alloc() : memref<2xf32>
  %ok = arith.cmpi eq, %x, %v : i32
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
