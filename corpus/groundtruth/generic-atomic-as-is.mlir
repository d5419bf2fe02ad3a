// The reference pipeline's output of @nested in reference-generic-atomic.mlir
// (memref.generic_atomic_rmw, [limit.regions.memref-free]), broken by hand:
// @free_removed lacks the free of the branch's buffer (LEAK when the branch
// runs); @free_before_update frees it before the atomic update, which reads
// and writes the freed element (USE_AFTER_FREE).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY
// VERIFY: @free_removed: LEAK on input true,
// VERIFY: @free_before_update: USE_AFTER_FREE on input true,
// EXPECT: @free_removed SAFE LEAK
// EXPECT: @free_before_update SAFE USE_AFTER_FREE

func.func @free_removed(%arg0: i1, %arg1: i1, %arg2: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %0 = scf.if %arg0 -> (i32) {
    %alloc = memref.alloc() : memref<4xi32>
    memref.store %arg2, %alloc[%c1] : memref<4xi32>
    %1 = memref.generic_atomic_rmw %alloc[%c1] : memref<4xi32> {
    ^bb0(%arg3: i32):
      %4 = arith.select %arg1, %arg3, %arg2 : i32
      %5 = arith.muli %4, %arg2 : i32
      memref.atomic_yield %5 : i32
    }
    %2 = memref.load %alloc[%c1] : memref<4xi32>
    %3 = arith.addi %1, %2 : i32
    scf.yield %3 : i32
  } else {
    scf.yield %arg2 : i32
  }
  return %0 : i32
}

func.func @free_before_update(%arg0: i1, %arg1: i1, %arg2: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %0 = scf.if %arg0 -> (i32) {
    %alloc = memref.alloc() : memref<4xi32>
    memref.store %arg2, %alloc[%c1] : memref<4xi32>
    memref.dealloc %alloc : memref<4xi32>
    %1 = memref.generic_atomic_rmw %alloc[%c1] : memref<4xi32> {
    ^bb0(%arg3: i32):
      %4 = arith.select %arg1, %arg3, %arg2 : i32
      %5 = arith.muli %4, %arg2 : i32
      memref.atomic_yield %5 : i32
    }
    scf.yield %1 : i32
  } else {
    scf.yield %arg2 : i32
  }
  return %0 : i32
}
