// [verify.encoding.ids]: a merged memref value with more than eight
// candidates has one named bit-vector identity, and its identity flags are
// equalities of it with the candidates. In a chain of N scf.if that each
// pass on a fresh buffer or the incoming one, that is N definitions where a
// named merge per (value, candidate) made about N^2/2: upstream's output of
// if-chain 100 has 525 constraints (5,455 before), the reference
// pipeline's 533 (5,656), both still SAFE. prune.test checks the
// violations the pruning keeps on these identities; here a read through a
// merged value of eleven candidates after one of them was freed is found
// where the value views that one (and only there), and replays.
// SPEC: [verify.encoding.ids]
// RUN: %python %S/../../bench/shapes.py if-chain 100 --dealloc > %t.up.mlir
// RUN: dealloc-verify --solver-stats %t.up.mlir 2>&1 | FileCheck %s --check-prefix=UP
// UP: stats: @entry: {{.*}}SAFE in {{.*}} (102 violation conditions, 0 stop conditions, 525 constraints
// UP: @entry: SAFE
// RUN: %python %S/../../bench/shapes.py if-chain 100 > %t.src.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.src.mlir > %t.ref.mlir
// RUN: dealloc-verify --solver-stats %t.ref.mlir 2>&1 | FileCheck %s --check-prefix=REF
// REF: stats: @entry: {{.*}}SAFE in {{.*}} (103 violation conditions, 0 stop conditions, 533 constraints
// REF: @entry: SAFE
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// CHECK-LABEL: @read_before_free: SAFE
// CHECK-LABEL: @use_after_free: USE_AFTER_FREE on input false,false,true,false,false,false,false,false,false,false
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
func.func @read_before_free(%p1: i1, %p2: i1, %p3: i1, %p4: i1, %p5: i1, %p6: i1, %p7: i1, %p8: i1, %p9: i1, %p10: i1) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.000000e+00 : f32
  %b0 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b0[%c0] : memref<4xf32>
  %b1 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b1[%c0] : memref<4xf32>
  %b2 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b2[%c0] : memref<4xf32>
  %b3 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b3[%c0] : memref<4xf32>
  %b4 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b4[%c0] : memref<4xf32>
  %b5 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b5[%c0] : memref<4xf32>
  %b6 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b6[%c0] : memref<4xf32>
  %b7 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b7[%c0] : memref<4xf32>
  %b8 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b8[%c0] : memref<4xf32>
  %b9 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b9[%c0] : memref<4xf32>
  %b10 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b10[%c0] : memref<4xf32>
  %m1 = scf.if %p1 -> (memref<4xf32>) {
    scf.yield %b1 : memref<4xf32>
  } else {
    scf.yield %b0 : memref<4xf32>
  }
  %m2 = scf.if %p2 -> (memref<4xf32>) {
    scf.yield %b2 : memref<4xf32>
  } else {
    scf.yield %m1 : memref<4xf32>
  }
  %m3 = scf.if %p3 -> (memref<4xf32>) {
    scf.yield %b3 : memref<4xf32>
  } else {
    scf.yield %m2 : memref<4xf32>
  }
  %m4 = scf.if %p4 -> (memref<4xf32>) {
    scf.yield %b4 : memref<4xf32>
  } else {
    scf.yield %m3 : memref<4xf32>
  }
  %m5 = scf.if %p5 -> (memref<4xf32>) {
    scf.yield %b5 : memref<4xf32>
  } else {
    scf.yield %m4 : memref<4xf32>
  }
  %m6 = scf.if %p6 -> (memref<4xf32>) {
    scf.yield %b6 : memref<4xf32>
  } else {
    scf.yield %m5 : memref<4xf32>
  }
  %m7 = scf.if %p7 -> (memref<4xf32>) {
    scf.yield %b7 : memref<4xf32>
  } else {
    scf.yield %m6 : memref<4xf32>
  }
  %m8 = scf.if %p8 -> (memref<4xf32>) {
    scf.yield %b8 : memref<4xf32>
  } else {
    scf.yield %m7 : memref<4xf32>
  }
  %m9 = scf.if %p9 -> (memref<4xf32>) {
    scf.yield %b9 : memref<4xf32>
  } else {
    scf.yield %m8 : memref<4xf32>
  }
  %m10 = scf.if %p10 -> (memref<4xf32>) {
    scf.yield %b10 : memref<4xf32>
  } else {
    scf.yield %m9 : memref<4xf32>
  }
  %v = memref.load %m10[%c0] : memref<4xf32>
  memref.dealloc %b3 : memref<4xf32>
  memref.dealloc %b0 : memref<4xf32>
  memref.dealloc %b1 : memref<4xf32>
  memref.dealloc %b2 : memref<4xf32>
  memref.dealloc %b4 : memref<4xf32>
  memref.dealloc %b5 : memref<4xf32>
  memref.dealloc %b6 : memref<4xf32>
  memref.dealloc %b7 : memref<4xf32>
  memref.dealloc %b8 : memref<4xf32>
  memref.dealloc %b9 : memref<4xf32>
  memref.dealloc %b10 : memref<4xf32>
  return
}

// The same read after the free.
func.func @use_after_free(%p1: i1, %p2: i1, %p3: i1, %p4: i1, %p5: i1, %p6: i1, %p7: i1, %p8: i1, %p9: i1, %p10: i1) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.000000e+00 : f32
  %b0 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b0[%c0] : memref<4xf32>
  %b1 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b1[%c0] : memref<4xf32>
  %b2 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b2[%c0] : memref<4xf32>
  %b3 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b3[%c0] : memref<4xf32>
  %b4 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b4[%c0] : memref<4xf32>
  %b5 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b5[%c0] : memref<4xf32>
  %b6 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b6[%c0] : memref<4xf32>
  %b7 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b7[%c0] : memref<4xf32>
  %b8 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b8[%c0] : memref<4xf32>
  %b9 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b9[%c0] : memref<4xf32>
  %b10 = memref.alloc() : memref<4xf32>
  memref.store %cst, %b10[%c0] : memref<4xf32>
  %m1 = scf.if %p1 -> (memref<4xf32>) {
    scf.yield %b1 : memref<4xf32>
  } else {
    scf.yield %b0 : memref<4xf32>
  }
  %m2 = scf.if %p2 -> (memref<4xf32>) {
    scf.yield %b2 : memref<4xf32>
  } else {
    scf.yield %m1 : memref<4xf32>
  }
  %m3 = scf.if %p3 -> (memref<4xf32>) {
    scf.yield %b3 : memref<4xf32>
  } else {
    scf.yield %m2 : memref<4xf32>
  }
  %m4 = scf.if %p4 -> (memref<4xf32>) {
    scf.yield %b4 : memref<4xf32>
  } else {
    scf.yield %m3 : memref<4xf32>
  }
  %m5 = scf.if %p5 -> (memref<4xf32>) {
    scf.yield %b5 : memref<4xf32>
  } else {
    scf.yield %m4 : memref<4xf32>
  }
  %m6 = scf.if %p6 -> (memref<4xf32>) {
    scf.yield %b6 : memref<4xf32>
  } else {
    scf.yield %m5 : memref<4xf32>
  }
  %m7 = scf.if %p7 -> (memref<4xf32>) {
    scf.yield %b7 : memref<4xf32>
  } else {
    scf.yield %m6 : memref<4xf32>
  }
  %m8 = scf.if %p8 -> (memref<4xf32>) {
    scf.yield %b8 : memref<4xf32>
  } else {
    scf.yield %m7 : memref<4xf32>
  }
  %m9 = scf.if %p9 -> (memref<4xf32>) {
    scf.yield %b9 : memref<4xf32>
  } else {
    scf.yield %m8 : memref<4xf32>
  }
  %m10 = scf.if %p10 -> (memref<4xf32>) {
    scf.yield %b10 : memref<4xf32>
  } else {
    scf.yield %m9 : memref<4xf32>
  }
  memref.dealloc %b3 : memref<4xf32>
  %v = memref.load %m10[%c0] : memref<4xf32>
  memref.dealloc %b0 : memref<4xf32>
  memref.dealloc %b1 : memref<4xf32>
  memref.dealloc %b2 : memref<4xf32>
  memref.dealloc %b4 : memref<4xf32>
  memref.dealloc %b5 : memref<4xf32>
  memref.dealloc %b6 : memref<4xf32>
  memref.dealloc %b7 : memref<4xf32>
  memref.dealloc %b8 : memref<4xf32>
  memref.dealloc %b9 : memref<4xf32>
  memref.dealloc %b10 : memref<4xf32>
  return
}
