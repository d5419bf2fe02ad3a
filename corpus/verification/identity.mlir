// Buffer identities are per-candidate flags: loops that rotate memref
// iter_args (the ownership invariants that made bit-vector identities slow)
// are decided, fully unrolled or by induction ([verify.induction]), without
// a timeout.
// SPEC: [verify.encoding]
// RUN: mlir-opt --buffer-deallocation-pipeline %s | dealloc-verify --timeout 60000 - 2>/dev/null | FileCheck %s
// The input itself leaks every allocation:
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=INPUT

// CHECK-LABEL: @rotate: SAFE
// INPUT-LABEL: @rotate: LEAK
func.func @rotate(%arg: memref<4xf32>, %p: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg, %a : memref<4xf32> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %arg, %b : memref<4xf32> to memref<4xf32>
  %r:2 = scf.for %i = %c0 to %c6 step %c1 iter_args(%x = %a, %y = %b)
      -> (memref<4xf32>, memref<4xf32>) {
    %n = scf.if %p -> memref<4xf32> {
      %m = memref.alloc() : memref<4xf32>
      memref.copy %x, %m : memref<4xf32> to memref<4xf32>
      scf.yield %m : memref<4xf32>
    } else {
      scf.yield %x : memref<4xf32>
    }
    scf.yield %y, %n : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r#1[%c0] : memref<4xf32>
  return %r#0 : memref<4xf32>
}

// Five iter_args, each replaced or kept, with an input-dependent trip
// count: proved for every trip count.
// CHECK-LABEL: @five_iter_args: SAFE
// INPUT-LABEL: @five_iter_args: LEAK
func.func @five_iter_args(%arg: memref<4xf32>, %ub: index, %p: i1)
    -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.000000e+00 : f32
  %m0 = memref.alloc() : memref<4xf32>
  %m1 = memref.alloc() : memref<4xf32>
  %m2 = memref.alloc() : memref<4xf32>
  %m3 = memref.alloc() : memref<4xf32>
  %m4 = memref.alloc() : memref<4xf32>
  %l:5 = scf.for %i = %c0 to %ub step %c1
      iter_args(%i0 = %m0, %i1 = %m1, %i2 = %m2, %i3 = %m3, %i4 = %m4)
      -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>,
          memref<4xf32>) {
    %n0 = memref.alloc() : memref<4xf32>
    memref.copy %i0, %n0 : memref<4xf32> to memref<4xf32>
    %n2 = memref.alloc() : memref<4xf32>
    memref.copy %i2, %n2 : memref<4xf32> to memref<4xf32>
    %s = arith.select %p, %i4, %i3 : memref<4xf32>
    memref.store %cst, %s[%c0] : memref<4xf32>
    scf.yield %n0, %i1, %n2, %i4, %i3 : memref<4xf32>, memref<4xf32>,
        memref<4xf32>, memref<4xf32>, memref<4xf32>
  }
  %v1 = memref.load %l#1[%c1] : memref<4xf32>
  %v2 = memref.load %l#2[%c1] : memref<4xf32>
  %v3 = memref.load %l#3[%c1] : memref<4xf32>
  %v4 = memref.load %l#4[%c1] : memref<4xf32>
  return %l#0 : memref<4xf32>
}
