// dealloc-verify over defined inputs with loops proved by induction
// ([safety.defined], [verify.induction]): undefined behaviour in a loop's
// abstract iteration ends that run (its input is excluded) instead of
// failing the proof, so the answer is SAFE for every trip count; the sites
// are listed with witness inputs of the exact encoding, replayed by
// dealloc-run. A violation before the undefined behaviour on the same run
// stays the answer. --strict-ub keeps the strict reading: UNKNOWN.
// SPEC: [safety.defined] [safety.defined.limits]
// SPEC: [verify.induction]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=STRICT
// RUN: dealloc-verify --unroll 9 --function oob_beyond_bound %s 2>/dev/null | FileCheck %s --check-prefix=UNROLL

// An scf.for whose load is out of bounds from the second iteration on: the
// abstract iteration's runs end there; the site is listed with a witness of
// the exact encoding.
// CHECK-LABEL: @for_oob: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}}defined-loops.mlir:[[@LINE+12]]:10 ('memref.load'): out-of-bounds access, on input 2,b0; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (1 site, [safety.defined])
// JSON: {"excluded":[{"input":"2,b0","kind":"out-of-bounds","loc":"{{.*}}defined-loops.mlir:[[@LINE+10]]:10","message":"out-of-bounds access","op":"memref.load","replayed":true,{{.*}}}],"excluded_complete":true,"function":"for_oob",{{.*}}"verdict":"SAFE"}
// STRICT-LABEL: @for_oob: UNKNOWN (input 2,b0 reaches out-of-bounds access, where a run stops without a verdict
// STRICT-NEXT: note: stop at {{.*}} ('memref.load'): out-of-bounds access, on input 2,b0; replayed by dealloc-run
func.func @for_oob(%n: index, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<2xf32>
    %j = arith.addi %i, %c1 : index
    %v = memref.load %m[%j] : memref<2xf32>
    memref.store %v, %t[%c0] : memref<2xf32>
    memref.dealloc %t : memref<2xf32>
  }
  return
}

// A loop carrying a buffer it allocates and frees the previous one; the
// load is out of bounds in the third iteration.
// CHECK-LABEL: @for_carried_oob: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}}defined-loops.mlir:[[@LINE+9]]:10 ('memref.load'): out-of-bounds access, on input 3,b0; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (1 site, [safety.defined])
// STRICT-LABEL: @for_carried_oob: UNKNOWN (input 3,b0 reaches out-of-bounds access
func.func @for_carried_oob(%n: index, %m: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    %v = memref.load %m[%i] : memref<2xf32>
    memref.store %v, %a[%c0] : memref<2xf32>
    memref.dealloc %x : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// The use after free happens only for n >= 2, and every such run then
// reaches the out-of-bounds load in the loop's second iteration: the
// violation comes first and stays, under both readings.
// CHECK-LABEL: @uaf_then_loop_ub: USE_AFTER_FREE on input 2,b0
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
// STRICT-LABEL: @uaf_then_loop_ub: USE_AFTER_FREE on input 2,b0
func.func @uaf_then_loop_ub(%n: index, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %big = arith.cmpi sge, %n, %c2 : index
  scf.if %big {
    memref.store %f, %a[%c0] : memref<2xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %m[%j] : memref<2xf32>
  }
  return
}

// The same inside the body: the write of a freed buffer happens in the
// iteration that then reads out of bounds. The abstract iteration reaches
// the violation before the undefined behaviour: no proof.
// CHECK-LABEL: @uaf_then_ub_in_body: USE_AFTER_FREE on input 2,b0
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
// STRICT-LABEL: @uaf_then_ub_in_body: USE_AFTER_FREE on input 2,b0
func.func @uaf_then_ub_in_body(%n: index, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c1 : index
    %last = arith.cmpi eq, %j, %c2 : index
    scf.if %last {
      memref.store %f, %a[%c0] : memref<2xf32>
    }
    %v = memref.load %m[%j] : memref<2xf32>
  }
  return
}

// Upstream's output of corpus/operations/bufferized-tensors.mlir
// @while_insert (One-Shot Bufferize, then --buffer-deallocation-pipeline):
// the scf.while reads element 1 of its argument, out of bounds for sizes
// below 2.
// CHECK-LABEL: @while_insert: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-DAG: note: excluded: out-of-bounds at {{.*}}defined-loops.mlir:{{[0-9]+}}:3 ('memref.copy'): out-of-bounds access (outside the buffer's bytes), on input 0,b0[0]; replayed by dealloc-run
// CHECK-DAG: note: excluded: out-of-bounds at {{.*}}defined-loops.mlir:[[@LINE+15]]:10 ('memref.load'): out-of-bounds access, on input 1,b0[0]; replayed by dealloc-run
// The loop writes initialized values only: the contents after it are
// initialized too (no uninitialized value decides the cf.assert).
// CHECK: note: the list of excluded sites is complete (2 sites, [safety.defined])
// JSON: {"excluded":[{{.*}}"replayed":true{{.*}}"replayed":true{{.*}}],"excluded_complete":true,"function":"while_insert",{{.*}}"verdict":"SAFE"}
// STRICT-LABEL: @while_insert: UNKNOWN (input 0,b0[0] reaches out-of-bounds access
func.func @while_insert(%arg0: index, %arg1: memref<?xf32, strided<[?], offset: ?>>) -> (memref<?xf32, strided<[?], offset: ?>>, memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.000000e+00 : f32
  %0 = scf.while (%arg2 = %c0) : (index) -> index {
    %6 = arith.cmpi slt, %arg2, %arg0 : index
    scf.condition(%6) %arg2 : index
  } do {
  ^bb0(%arg2: index):
    %6 = memref.load %arg1[%c1] : memref<?xf32, strided<[?], offset: ?>>
    %7 = arith.addf %6, %cst : f32
    memref.store %7, %arg1[%c1] : memref<?xf32, strided<[?], offset: ?>>
    %8 = arith.addi %arg2, %c1 : index
    scf.yield %8 : index
  }
  %subview = memref.subview %arg1[1] [1] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
  memref.copy %subview, %alloc : memref<1xf32, strided<[?], offset: ?>> to memref<1xf32>
  %1 = memref.load %alloc[%c0] : memref<1xf32>
  %2 = arith.index_cast %arg0 : index to i32
  %3 = arith.sitofp %2 : i32 to f32
  %4 = arith.cmpf oeq, %1, %3 : f32
  cf.assert %4, "n increments of element 1"
  %5 = bufferization.clone %arg1 : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  return %5, %alloc : memref<?xf32, strided<[?], offset: ?>>, memref<1xf32>
}

// The same, broken by hand: the buffer the second iteration allocates is
// not freed, a leak on the defined input 2,b0[2].
// CHECK-LABEL: @while_insert_leak: LEAK on input 2,b0[2]
// CHECK: replayed by dealloc-run: LEAK [heap.leak]
// STRICT-LABEL: @while_insert_leak: LEAK on input 2,b0[2]
func.func @while_insert_leak(%arg0: index, %arg1: memref<?xf32, strided<[?], offset: ?>>) -> (memref<?xf32, strided<[?], offset: ?>>, memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 1.000000e+00 : f32
  %0 = scf.while (%arg2 = %c0) : (index) -> index {
    %6 = arith.cmpi slt, %arg2, %arg0 : index
    scf.condition(%6) %arg2 : index
  } do {
  ^bb0(%arg2: index):
    %6 = memref.load %arg1[%c1] : memref<?xf32, strided<[?], offset: ?>>
    %7 = arith.addf %6, %cst : f32
    memref.store %7, %arg1[%c1] : memref<?xf32, strided<[?], offset: ?>>
    %tmp = memref.alloc() : memref<2xf32>
    %8 = arith.addi %arg2, %c1 : index
    %keep = arith.cmpi eq, %8, %c2 : index
    scf.if %keep {
    } else {
      memref.dealloc %tmp : memref<2xf32>
    }
    scf.yield %8 : index
  }
  %subview = memref.subview %arg1[1] [1] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
  memref.copy %subview, %alloc : memref<1xf32, strided<[?], offset: ?>> to memref<1xf32>
  %1 = memref.load %alloc[%c0] : memref<1xf32>
  %2 = arith.index_cast %arg0 : index to i32
  %3 = arith.sitofp %2 : i32 to f32
  %4 = arith.cmpf oeq, %1, %3 : f32
  cf.assert %4, "n increments of element 1"
  %5 = bufferization.clone %arg1 : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  return %5, %alloc : memref<?xf32, strided<[?], offset: ?>>, memref<1xf32>
}

// The load is out of bounds from the ninth iteration on: the abstract
// iteration may reach it, no run of up to 4 iterations does. The site is
// named in the cut, with no witness (--unroll 9 finds one, UNROLL).
// CHECK-LABEL: @oob_beyond_bound: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded sites: reachable in the abstract encoding of a loop proved by induction, no witness input with loops unrolled 4 times: out-of-bounds at {{.*}}defined-loops.mlir:[[@LINE+10]]:10 ([safety.defined])
// JSON: {"excluded":[],"excluded_complete":false,"excluded_cut":"reachable in the abstract encoding of a loop proved by induction, no witness input with loops unrolled 4 times: out-of-bounds at {{.*}}","function":"oob_beyond_bound",{{.*}}"verdict":"SAFE"}
// UNROLL: @oob_beyond_bound: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// UNROLL-NEXT: note: excluded: out-of-bounds at {{.*}}defined-loops.mlir:[[@LINE+7]]:10 ('memref.load'): out-of-bounds access, on input 9,b0; replayed by dealloc-run
// UNROLL-NEXT: note: the list of excluded sites is complete (1 site, [safety.defined])
// STRICT-LABEL: @oob_beyond_bound: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5,b0 iterates more
func.func @oob_beyond_bound(%n: index, %m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<8xf32>
  }
  return
}

// The double free happens only for n > 8, and every such run has reached
// the out-of-bounds load in the loop before it. The abstract encoding's
// exit header does not know which runs stopped inside the loop, so it
// reaches the double free: no SAFE from it; the exact check's bounded
// answer stands (not promised by [verify.induction]).
// CHECK-LABEL: @violation_only_after_loop_ub: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5,b0 iterates more
// STRICT-LABEL: @violation_only_after_loop_ub: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5,b0 iterates more
func.func @violation_only_after_loop_ub(%n: index, %m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<8xf32>
  }
  %big = arith.cmpi sgt, %n, %c8 : index
  scf.if %big {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}
