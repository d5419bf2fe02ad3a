// Upstream pipeline: scf.if yielding memrefs (fresh, argument, nested).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @fresh_or_arg SAFE
// EXPECT: @nested SAFE

func.func @fresh_or_arg(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %r = scf.if %c -> memref<2xf32> {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
    scf.yield %0 : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

func.func @nested(%c: i1, %d: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    %s = scf.if %d -> memref<2xf32> {
      %1 = memref.alloc() : memref<2xf32>
      memref.copy %0, %1 : memref<2xf32> to memref<2xf32>
      scf.yield %1 : memref<2xf32>
    } else {
      scf.yield %0 : memref<2xf32>
    }
    scf.yield %s : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}
