// Upstream pipeline: memref.atomic_rmw on a local buffer
// ([op.memref.atomic_rmw]), lowered to atomicrmw; the value read decides
// which buffer is returned. (Upstream's pass rejects
// memref.generic_atomic_rmw, [dev.own.memref-free-region]; the reference
// pipeline's output of it is in reference-generic-atomic.mlir.)
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @updated SAFE

func.func @updated(%x: i32, %out: memref<2xi32>) -> memref<2xi32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi32>
  memref.copy %out, %a : memref<2xi32> to memref<2xi32>
  %old = memref.atomic_rmw maxs %x, %a[%c0] : (i32, memref<2xi32>) -> i32
  %b = memref.alloc() : memref<2xi32>
  memref.copy %a, %b : memref<2xi32> to memref<2xi32>
  %big = arith.cmpi sgt, %old, %x : i32
  %r = arith.select %big, %a, %b : memref<2xi32>
  return %r : memref<2xi32>
}
