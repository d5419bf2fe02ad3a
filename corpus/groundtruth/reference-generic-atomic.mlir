// Reference pipeline: memref.generic_atomic_rmw, whose body holds no memref
// ([limit.regions.memref-free]; upstream's pass rejects it,
// [dev.own.memref-free-region]), lowered to a cmpxchg loop. The value read
// decides which buffer is returned; the other is freed after the update.
// generic-atomic-as-is.mlir is this output with a free removed (LEAK).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --reference %s
// EXPECT: @updated SAFE
// EXPECT: @nested SAFE

func.func @updated(%x: i32, %out: memref<2xi32>) -> memref<2xi32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi32>
  memref.copy %out, %a : memref<2xi32> to memref<2xi32>
  %old = memref.generic_atomic_rmw %a[%c0] : memref<2xi32> {
  ^bb0(%cur: i32):
    %s = arith.addi %cur, %x : i32
    memref.atomic_yield %s : i32
  }
  %b = memref.alloc() : memref<2xi32>
  memref.copy %a, %b : memref<2xi32> to memref<2xi32>
  %big = arith.cmpi sgt, %old, %x : i32
  %r = arith.select %big, %a, %b : memref<2xi32>
  return %r : memref<2xi32>
}

// In a branch, with a scalar conditional in the body: the buffer of the
// branch is freed in it.
func.func @nested(%c: i1, %d: i1, %x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> i32 {
    %a = memref.alloc() : memref<4xi32>
    memref.store %x, %a[%c1] : memref<4xi32>
    %old = memref.generic_atomic_rmw %a[%c1] : memref<4xi32> {
    ^bb0(%cur: i32):
      %n = arith.select %d, %cur, %x : i32
      %s = arith.muli %n, %x : i32
      memref.atomic_yield %s : i32
    }
    %new = memref.load %a[%c1] : memref<4xi32>
    %sum = arith.addi %old, %new : i32
    scf.yield %sum : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}
