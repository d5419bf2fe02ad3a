// memref.atomic_rmw and memref.generic_atomic_rmw: a load and a store of
// one element; the result is the value read.
// SPEC: [op.memref.atomic_rmw]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// The value read is the old one: 3 + 4 stored, 3 returned; a mismatch
// frees the buffer twice.
// INTERP-LABEL: @rmw_returns_old: SAFE
// VERIFY-LABEL: @rmw_returns_old: SAFE
func.func @rmw_returns_old() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c7 = arith.constant 7 : i32
  %a = memref.alloc() : memref<2xi32>
  memref.store %c3, %a[%c0] : memref<2xi32>
  %old = memref.atomic_rmw addi %c4, %a[%c0] : (i32, memref<2xi32>) -> i32
  %new = memref.load %a[%c0] : memref<2xi32>
  %ok1 = arith.cmpi eq, %old, %c3 : i32
  %ok2 = arith.cmpi eq, %new, %c7 : i32
  %ok = arith.andi %ok1, %ok2 : i1
  memref.dealloc %a : memref<2xi32>
  scf.if %ok {
  } else {
    memref.dealloc %a : memref<2xi32>
  }
  return
}

// maxs keeps the larger value; the stored value decides the free.
// INTERP-LABEL: @rmw_max_decides: DOUBLE_FREE
// VERIFY-LABEL: @rmw_max_decides: DOUBLE_FREE
func.func @rmw_max_decides(%x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %a = memref.alloc() : memref<2xi32>
  memref.store %c1, %a[%c0] : memref<2xi32>
  %old = memref.atomic_rmw maxs %x, %a[%c0] : (i32, memref<2xi32>) -> i32
  %new = memref.load %a[%c0] : memref<2xi32>
  %big = arith.cmpi sgt, %new, %c1 : i32
  memref.dealloc %a : memref<2xi32>
  scf.if %big {
    memref.dealloc %a : memref<2xi32>
  }
  return
}

// The body runs on the value read; the result is that value.
// INTERP-LABEL: @generic_body: SAFE
// VERIFY-LABEL: @generic_body: SAFE
func.func @generic_body() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %a = memref.alloc() : memref<1xi32>
  memref.store %c5, %a[%c0] : memref<1xi32>
  %old = memref.generic_atomic_rmw %a[%c0] : memref<1xi32> {
  ^bb0(%cur: i32):
    %d = arith.addi %cur, %cur : i32
    memref.atomic_yield %d : i32
  }
  %new = memref.load %a[%c0] : memref<1xi32>
  %ok1 = arith.cmpi eq, %old, %c5 : i32
  %ok2 = arith.cmpi eq, %new, %c10 : i32
  %ok = arith.andi %ok1, %ok2 : i1
  scf.if %ok {
    memref.dealloc %a : memref<1xi32>
  }
  return
}

// INTERP-LABEL: @rmw_after_free: USE_AFTER_FREE
// VERIFY-LABEL: @rmw_after_free: USE_AFTER_FREE
func.func @rmw_after_free(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %old = memref.atomic_rmw addf %v, %a[%c0] : (f32, memref<2xf32>) -> f32
  return %old : f32
}
