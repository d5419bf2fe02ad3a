// Equivalence over defined inputs with loops proved by induction
// ([equiv.loops], [safety.defined]): an input on which a version reaches
// undefined behaviour inside a proved loop's iteration ends there and is
// excluded; the answer is EQUIVALENT from the abstract encodings, and the
// excluded sites are listed with witness inputs of the exact encodings,
// replayed by dealloc-run. --strict-ub: such a stop leaves the answer
// UNKNOWN, as before.
// SPEC: [equiv.loops]
// SPEC: [safety.defined]
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s
// RUN: dealloc-verify --equiv --json %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=JSON
// RUN: not dealloc-verify --equiv --strict-ub %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=STRICT

// An allocation in the body of a loop whose load is out of bounds from the
// second iteration on.
// CHECK-LABEL: @for_oob: EQUIVALENT (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}}up.mlir:{{[0-9]+}}:{{[0-9]+}} ('memref.load') in A: out-of-bounds access, on input 2,b0; replayed by dealloc-run
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}}ref.mlir:{{[0-9]+}}:{{[0-9]+}} ('memref.load') in B: out-of-bounds access, on input 2,b0; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (2 sites, [safety.defined])
// JSON: {"excluded":[{"input":"2,b0","kind":"out-of-bounds",{{.*}}"replayed":true,{{.*}}"version":"A"},{"input":"2,b0","kind":"out-of-bounds",{{.*}}"replayed":true,{{.*}}"version":"B"}],"excluded_complete":true,"function":"for_oob",{{.*}}"verdict":"EQUIVALENT"}
// STRICT-LABEL: @for_oob: UNKNOWN (no difference found, but input {{.*}} reaches out-of-bounds access at
func.func @for_oob(%n: index, %m: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<2xf32>
    %j = arith.addi %i, %c1 : index
    %v = memref.load %m[%j] : memref<2xf32>
    memref.store %v, %t[%c0] : memref<2xf32>
    memref.copy %t, %r : memref<2xf32> to memref<2xf32>
  }
  return %r : memref<2xf32>
}

// One-Shot Bufferize's output of corpus/operations/bufferized-tensors.mlir
// @while_insert (its loop reads element 1, out of bounds for sizes below 2).
// CHECK-LABEL: @while_insert: EQUIVALENT (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-DAG: note: excluded: out-of-bounds at {{.*}}up.mlir:{{[0-9]+}}:{{[0-9]+}} ('memref.load') in A: out-of-bounds access, on input 1,b0[0]; replayed by dealloc-run
// CHECK-DAG: note: excluded: out-of-bounds at {{.*}}ref.mlir:{{[0-9]+}}:{{[0-9]+}} ('memref.load') in B: out-of-bounds access, on input 1,b0[0]; replayed by dealloc-run
// CHECK-DAG: note: excluded: out-of-bounds at {{.*}}up.mlir:{{[0-9]+}}:{{[0-9]+}} ('memref.copy') in A: out-of-bounds access (outside the buffer's bytes), on input 0,b0[0]; replayed by dealloc-run
// CHECK-DAG: note: excluded: out-of-bounds at {{.*}}ref.mlir:{{[0-9]+}}:{{[0-9]+}} ('memref.copy') in B: out-of-bounds access (outside the buffer's bytes), on input 0,b0[0]; replayed by dealloc-run
// CHECK: note: the list of excluded sites is complete (4 sites, [safety.defined])
// STRICT-LABEL: @while_insert: UNKNOWN (no difference found, but input {{.*}} reaches out-of-bounds access
func.func @while_insert(%arg0: index, %arg1: memref<?xf32, strided<[?], offset: ?>>) -> (memref<?xf32, strided<[?], offset: ?>>, memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.000000e+00 : f32
  %0:2 = scf.while (%arg2 = %c0, %arg3 = %arg1) : (index, memref<?xf32, strided<[?], offset: ?>>) -> (index, memref<?xf32, strided<[?], offset: ?>>) {
    %5 = arith.cmpi slt, %arg2, %arg0 : index
    scf.condition(%5) %arg2, %arg3 : index, memref<?xf32, strided<[?], offset: ?>>
  } do {
  ^bb0(%arg2: index, %arg3: memref<?xf32, strided<[?], offset: ?>>):
    %5 = memref.load %arg3[%c1] : memref<?xf32, strided<[?], offset: ?>>
    %6 = arith.addf %5, %cst : f32
    memref.store %6, %arg3[%c1] : memref<?xf32, strided<[?], offset: ?>>
    %7 = arith.addi %arg2, %c1 : index
    scf.yield %7, %arg3 : index, memref<?xf32, strided<[?], offset: ?>>
  }
  %subview = memref.subview %0#1[%c1] [1] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
  memref.copy %subview, %alloc : memref<1xf32, strided<[?], offset: ?>> to memref<1xf32>
  %1 = memref.load %alloc[%c0] : memref<1xf32>
  %2 = arith.index_cast %arg0 : index to i32
  %3 = arith.sitofp %2 : i32 to f32
  %4 = arith.cmpf oeq, %1, %3 : f32
  cf.assert %4, "n increments of element 1"
  return %0#1, %alloc : memref<?xf32, strided<[?], offset: ?>>, memref<1xf32>
}
