// Loops with an input-dependent trip count proved for every trip count by
// induction over an abstract loop header: SAFE without a bound. Checked on
// the reference pipeline's output, and dealloc-run agrees on its enumerated
// inputs (every SAFE here is SAFE there too).
// SPEC: [verify.induction]
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.mlir
// RUN: dealloc-verify %t.mlir 2>/dev/null | FileCheck %s
// RUN: dealloc-run %t.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-verify --json %t.mlir 2>/dev/null | FileCheck %s --check-prefix=JSON
// --solver-stats says how many loops were proved and what their queries took.
// RUN: dealloc-verify --solver-stats --function swap %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: stats: @swap: calls inlined, induction (1 loops): SAFE
// STATS-SAME: induction queries {{[0-9.]+}} s ({{[1-9][0-9]*}}, {{[0-9]+}} answered by an earlier one)

// Memref iter_args swapped every iteration, a new buffer each time.
// CHECK-LABEL: @swap: SAFE
// EXEC-LABEL: @swap: SAFE
func.func @swap(%n: index, %a: memref<2xf32>, %b: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xf32>, memref<2xf32>) {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %x, %0 : memref<2xf32> to memref<2xf32>
    scf.yield %y, %0 : memref<2xf32>, memref<2xf32>
  }
  return %r#0, %r#1 : memref<2xf32>, memref<2xf32>
}

// A loop-local temporary.
// CHECK-LABEL: @temp: SAFE
// EXEC-LABEL: @temp: SAFE
func.func @temp(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
    memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  }
  return
}

// The carried buffer is replaced under an input condition; the one before
// the loop is owned outside it.
// CHECK-LABEL: @select_iter: SAFE
// EXEC-LABEL: @select_iter: SAFE
func.func @select_iter(%n: index, %c: i1) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> memref<2xf32> {
    %new = memref.alloc() : memref<2xf32>
    %s = arith.select %c, %new, %x : memref<2xf32>
    scf.yield %s : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// A counter and a buffer carried together; the loop starts at the input.
// CHECK-LABEL: @counter: SAFE
// EXEC-LABEL: @counter: SAFE
func.func @counter(%lo: index, %hi: index) -> (memref<4xi32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xi32>
  %r:2 = scf.for %i = %lo to %hi step %c1 iter_args(%x = %init, %k = %c0) -> (memref<4xi32>, index) {
    %new = memref.alloc() : memref<4xi32>
    memref.copy %x, %new : memref<4xi32> to memref<4xi32>
    %k1 = arith.addi %k, %c1 : index
    scf.yield %new, %k1 : memref<4xi32>, index
  }
  return %r#0, %r#1 : memref<4xi32>, index
}

// Nested loops: the inner loop is proved inside the abstract iteration of
// the outer one, under the outer loop's invariants.
// CHECK-LABEL: @nested: SAFE
// EXEC-LABEL: @nested: SAFE
func.func @nested(%n: index, %c: i1, %arg: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %arg) -> (memref<2xf32>, memref<2xf32>) {
    %inner = scf.for %j = %c0 to %i step %c1 iter_args(%z = %x) -> memref<2xf32> {
      %b = memref.alloc() : memref<2xf32>
      memref.copy %z, %b : memref<2xf32> to memref<2xf32>
      %s = arith.select %c, %b, %z : memref<2xf32>
      scf.yield %s : memref<2xf32>
    }
    %t = arith.select %c, %y, %inner : memref<2xf32>
    scf.yield %inner, %t : memref<2xf32>, memref<2xf32>
  }
  return %r#0, %r#1 : memref<2xf32>, memref<2xf32>
}

// scf.while carrying a buffer, replaced in the after region; the counter
// grows every iteration, so every run ends.
// CHECK-LABEL: @while_carry: SAFE
// EXEC-LABEL: @while_carry: SAFE
func.func @while_carry(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%i = %c0, %m = %init) : (index, memref<2xf32>) -> (index, memref<2xf32>) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i, %m : index, memref<2xf32>
  } do {
  ^bb0(%j: index, %b: memref<2xf32>):
    %new = memref.alloc() : memref<2xf32>
    memref.copy %b, %new : memref<2xf32> to memref<2xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %new : index, memref<2xf32>
  }
  return %r#1 : memref<2xf32>
}

// A 1-D scf.parallel is the scf.for whose iter_args are its accumulators
// ([op.scf.parallel]): a scratch buffer per iteration, its element reduced.
// CHECK-LABEL: @parallel_scratch: SAFE
// EXEC-LABEL: @parallel_scratch: SAFE
func.func @parallel_scratch(%n: index) -> i64 {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%c0_i64) -> i64 {
    %tmp = memref.alloc() : memref<1xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %tmp[%c0] : memref<1xi64>
    %x = memref.load %tmp[%c0] : memref<1xi64>
    scf.reduce(%x : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.maxsi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}

// Without reductions, writing through a scratch buffer into an argument.
// CHECK-LABEL: @parallel_store: SAFE
// EXEC-LABEL: @parallel_store: SAFE
func.func @parallel_store(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %tmp = memref.alloc() : memref<2xf32>
    memref.store %f, %tmp[%c1] : memref<2xf32>
    memref.copy %tmp, %out : memref<2xf32> to memref<2xf32>
    scf.reduce
  }
  return
}

// JSON: "function":"swap"
// JSON-NOT: "bound"
// JSON-SAME: "verdict":"SAFE"
// JSON: "function":"parallel_scratch"
// JSON-NOT: "bound"
// JSON-SAME: "verdict":"SAFE"
