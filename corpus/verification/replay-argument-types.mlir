// Every counterexample replays, whatever the arguments' types: verify prints
// its input in dealloc-run's input syntax ([input.text]: the dynamic extents
// of a memref only, a float as a decimal), and dealloc-run reproduces it. A
// leak, a double free and a use-after-free are seeded into functions with
// each kind of argument; the violation depends on the argument, so the
// counterexample's input has to be read back right.
// SPEC: [verify.replay]
// SPEC: [input.text]
// SPEC: [input.vector]
// SPEC: [input.unranked]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --function leak_partly_dynamic --input 'b0[5]' %s | FileCheck %s --check-prefix=EXEC

// EXEC-LABEL: @leak_partly_dynamic: LEAK

// CHECK-LABEL: @leak_partly_dynamic: LEAK on input b0[5] (
// CHECK: replayed by dealloc-run: LEAK
func.func @leak_partly_dynamic(%m: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %n = memref.dim %m, %c0 : memref<?x16xf32>
  %a = memref.alloc(%n) : memref<?x16xf32>
  %five = arith.cmpi eq, %n, %c5 : index
  scf.if %five {
  } else {
    memref.dealloc %a : memref<?x16xf32>
  }
  return
}

// CHECK-LABEL: @double_free_partly_dynamic: DOUBLE_FREE on input b0[3] (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free_partly_dynamic(%m: memref<4x?x2xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %m, %c1 : memref<4x?x2xf32>
  %a = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  %three = arith.cmpi eq, %n, %c3 : index
  scf.if %three {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

// CHECK-LABEL: @use_after_free_static: USE_AFTER_FREE on input b0 (
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
func.func @use_after_free_static(%m: memref<2x16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2x16xf32>
  memref.copy %m, %a : memref<2x16xf32> to memref<2x16xf32>
  memref.dealloc %a : memref<2x16xf32>
  %x = memref.load %a[%c0, %c0] : memref<2x16xf32>
  return %x : f32
}

// CHECK-LABEL: @leak_strided: LEAK on input b0[2x7] (
// CHECK: replayed by dealloc-run: LEAK
func.func @leak_strided(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %n = memref.dim %m, %c1 : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %a = memref.alloc() : memref<4xf32>
  %seven = arith.cmpi eq, %n, %c7 : index
  scf.if %seven {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// CHECK-LABEL: @double_free_index: DOUBLE_FREE on input 9 (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free_index(%i: index) {
  %c9 = arith.constant 9 : index
  %a = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  %nine = arith.cmpi eq, %i, %c9 : index
  scf.if %nine {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

// CHECK-LABEL: @leak_float: LEAK on input 2.5 (
// CHECK: replayed by dealloc-run: LEAK
func.func @leak_float(%x: f32) {
  %c = arith.constant 2.5 : f32
  %a = memref.alloc() : memref<8xf32>
  %eq = arith.cmpf oeq, %x, %c : f32
  scf.if %eq {
  } else {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

// CHECK-LABEL: @use_after_free_mixed: USE_AFTER_FREE on input true,b0[3],-4,b1 (
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
func.func @use_after_free_mixed(%c: i1, %m: memref<?x16xf32>, %k: i32, %s: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %km4 = arith.constant -4 : i32
  %n = memref.dim %m, %c0 : memref<?x16xf32>
  %a = memref.alloc(%n) : memref<?x16xf32>
  memref.dealloc %a : memref<?x16xf32>
  %three = arith.cmpi eq, %n, %c3 : index
  %kk = arith.cmpi eq, %k, %km4 : i32
  %both = arith.andi %three, %kk : i1
  %all = arith.andi %both, %c : i1
  %r = scf.if %all -> f32 {
    %x = memref.load %a[%c0, %c0] : memref<?x16xf32>
    scf.yield %x : f32
  } else {
    %y = memref.load %s[%c0] : memref<16xf32>
    scf.yield %y : f32
  }
  return %r : f32
}

// Vector arguments ([input.vector]): verify takes every lane value and
// prints the counterexample's vector as `<a b ...>`, the lanes it can
// make 0 made 0; dealloc-run reads it back.
// CHECK-LABEL: @leak_vector: LEAK on input <0 0 0 2.5> (
// CHECK: replayed by dealloc-run: LEAK
func.func @leak_vector(%v: vector<4xf32>) {
  %c = arith.constant 2.5 : f32
  %x = vector.extract %v[3] : f32 from vector<4xf32>
  %a = memref.alloc() : memref<8xf32>
  %eq = arith.cmpf oeq, %x, %c : f32
  scf.if %eq {
  } else {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

// CHECK-LABEL: @double_free_vector_i1: DOUBLE_FREE on input <false true false> (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free_vector_i1(%v: vector<3xi1>) {
  %b = vector.extract %v[1] : i1 from vector<3xi1>
  %a = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  scf.if %b {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

// A 2-D vector of indices used as a position: lane [1, 0] is 7.
// CHECK-LABEL: @use_after_free_vector_2d: USE_AFTER_FREE on input true,<0 0 7 0> (
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
func.func @use_after_free_vector_2d(%c: i1, %v: vector<2x2xindex>) -> f32 {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %i = vector.extract %v[1, 0] : index from vector<2x2xindex>
  %a = memref.alloc() : memref<8xf32>
  %m = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  %seven = arith.cmpi eq, %i, %c7 : index
  %both = arith.andi %seven, %c : i1
  %r = scf.if %both -> f32 {
    %x = memref.load %a[%c0] : memref<8xf32>
    scf.yield %x : f32
  } else {
    %y = memref.load %m[%i] : memref<8xf32>
    scf.yield %y : f32
  }
  memref.dealloc %m : memref<8xf32>
  return %r : f32
}

// Safe for every lane value: the lane decides which branch frees.
// CHECK-LABEL: @safe_vector: SAFE
func.func @safe_vector(%v: vector<8xi32>, %m: memref<16xf32>) -> vector<8xi32> {
  %c5 = arith.constant 5 : i32
  %x = vector.extract %v[5] : i32 from vector<8xi32>
  %a = memref.alloc() : memref<4xf32>
  %big = arith.cmpi sgt, %x, %c5 : i32
  scf.if %big {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  %w = arith.addi %v, %v : vector<8xi32>
  return %w : vector<8xi32>
}

// An unranked argument's input is its whole shape: rank 1, extent 4.
// CHECK-LABEL: @double_free_unranked: DOUBLE_FREE on input b0[4] (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free_unranked(%u: memref<*xf32>) {
  %m = memref.cast %u : memref<*xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %c4 = arith.constant 4 : index
  %four = arith.cmpi eq, %n, %c4 : index
  scf.if %four {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
