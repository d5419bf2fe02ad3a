// memref.realloc copies min(old, new) bytes from the source's first element
// into the new buffer ([op.memref.realloc]); dealloc-verify encodes the copy
// exactly when its size has a static bound (the old buffer's or the new
// one's), so a condition stored before the realloc and loaded after it
// decides frees as in dealloc-run. With the new contents unconstrained, each
// of the four SAFE functions had a spurious DOUBLE_FREE or LEAK that dealloc-run
// did not reproduce (UNKNOWN).
// SPEC: [op.memref.realloc] [verify.encoding.contents]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=RUN-AGREES
// Byte contents (a module with memref.view): the same copy, byte by byte.
// RUN: dealloc-verify %S/Inputs/realloc-contents-bytes.mlir | FileCheck %s --check-prefix=BYTES
// A copy without a static bound keeps unconstrained contents: no false SAFE.
// RUN: not dealloc-verify %S/Inputs/realloc-contents-unbounded.mlir 2>/dev/null | FileCheck %s --check-prefix=UNBOUNDED

// CHECK: @grow_static: SAFE
// CHECK-NEXT: @dynamic_source: SAFE
// CHECK-NEXT: @dynamic_result: SAFE
// CHECK-NEXT: @shrink_drops: SAFE
// CHECK-NEXT: @stale_after_realloc: DOUBLE_FREE on input true (
// RUN-AGREES: @grow_static: SAFE
// RUN-AGREES-NEXT: @dynamic_source: SAFE
// RUN-AGREES-NEXT: @dynamic_result: SAFE
// RUN-AGREES-NEXT: @shrink_drops: SAFE
// RUN-AGREES-NEXT: @stale_after_realloc: DOUBLE_FREE
// BYTES: @grow_static_i32: SAFE
// BYTES-NEXT: @shrink_i32: SAFE
// UNBOUNDED: @unbounded: UNKNOWN (counterexample {{LEAK|DOUBLE_FREE}} {{.*}} did not reproduce: dealloc-run says SAFE

func.func @grow_static(%c: i1) {
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %b = memref.alloc() : memref<4xf32>
  memref.store %c, %a[%i0] : memref<2xi1>
  %r = memref.realloc %a : memref<2xi1> to memref<4xi1>
  %f = memref.load %r[%i0] : memref<4xi1>
  scf.if %f {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %r : memref<4xi1>
  return
}
func.func @dynamic_source(%c: i1, %k: i8) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %kx = arith.index_castui %k : i8 to index
  %n = arith.addi %kx, %i1 : index
  %a = memref.alloc(%n) : memref<?xi1>
  %b = memref.alloc() : memref<4xf32>
  memref.store %c, %a[%i0] : memref<?xi1>
  %r = memref.realloc %a : memref<?xi1> to memref<3xi1>
  %f = memref.load %r[%i0] : memref<3xi1>
  scf.if %f {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %r : memref<3xi1>
  return
}
func.func @dynamic_result(%c: i1, %k: i8) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %kx = arith.index_castui %k : i8 to index
  %n = arith.addi %kx, %i1 : index
  %a = memref.alloc() : memref<2xi1>
  %b = memref.alloc() : memref<4xf32>
  memref.store %c, %a[%i0] : memref<2xi1>
  %r = memref.realloc %a(%n) : memref<2xi1> to memref<?xi1>
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
// Element 1 of the old buffer decides; a shrink to one element drops it.
func.func @shrink_drops(%c: i1) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<2xi1>
  %b = memref.alloc() : memref<4xf32>
  memref.store %t, %a[%i0] : memref<2xi1>
  memref.store %c, %a[%i1] : memref<2xi1>
  %r = memref.realloc %a : memref<2xi1> to memref<1xi1>
  %f = memref.load %r[%i0] : memref<1xi1>
  scf.if %f {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %r : memref<1xi1>
  return
}

// A store into the new buffer after the realloc is seen; the old value of
// element 0 is not: %c decides both frees, so an input frees %b twice.
func.func @stale_after_realloc(%c: i1) {
  %i0 = arith.constant 0 : index
  %f0 = arith.constant false
  %a = memref.alloc() : memref<2xi1>
  %b = memref.alloc() : memref<4xf32>
  memref.store %f0, %a[%i0] : memref<2xi1>
  %r = memref.realloc %a : memref<2xi1> to memref<4xi1>
  memref.store %c, %r[%i0] : memref<4xi1>
  %f = memref.load %r[%i0] : memref<4xi1>
  scf.if %f {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %r : memref<4xi1>
  return
}
