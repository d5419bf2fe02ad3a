// [verify.induction] asks no termination argument of an scf.while: the proof
// covers every iteration of every run, so a loop whose counter lives in
// memory (as One-Shot Bufferize leaves a tensor scf.while) is proved for
// every trip count, through both pipelines (loops that never end:
// induction-while-forever.mlir; broken variants: induction-while-broken.mlir).
// SPEC: [verify.induction]
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-verify %t.up.mlir 2>/dev/null | FileCheck %s
// RUN: dealloc-verify %t.ref.mlir 2>/dev/null | FileCheck %s
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// The counter is the buffer's only cell: nothing the loop carries grows.
// CHECK-LABEL: @count_in_memory: SAFE
// EXEC-LABEL: @count_in_memory: SAFE
// EQUIV-LABEL: @count_in_memory: EQUIVALENT
func.func @count_in_memory(%m: memref<1xi32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  scf.while : () -> () {
    %v = memref.load %m[%c0] : memref<1xi32>
    %c = arith.cmpi slt, %v, %n : i32
    scf.condition(%c)
  } do {
    %v = memref.load %m[%c0] : memref<1xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %m[%c0] : memref<1xi32>
    scf.yield
  }
  return
}

// -----
// The same with a scratch buffer per iteration, freed by the pipelines. The
// pair of loops is not related for --equiv: whether both versions iterate
// equally often depends on the argument's contents, which the relations of
// [equiv.loops] do not compare, so up to the unroll bound only.
// CHECK-LABEL: @count_scratch: SAFE
// EXEC-LABEL: @count_scratch: SAFE
// EQUIV-LABEL: @count_scratch: UNKNOWN (no difference found, but input {{.*}} reaches loop bound 4 reached ([verify.bound])
func.func @count_scratch(%m: memref<1xi32>, %n: i32) -> memref<2xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %out = memref.alloc() : memref<2xi32>
  memref.store %n, %out[%c1] : memref<2xi32>
  scf.while : () -> () {
    %v = memref.load %m[%c0] : memref<1xi32>
    %c = arith.cmpi slt, %v, %n : i32
    scf.condition(%c)
  } do {
    %t = memref.alloc() : memref<1xi32>
    %v = memref.load %m[%c0] : memref<1xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %t[%c0] : memref<1xi32>
    memref.copy %t, %m : memref<1xi32> to memref<1xi32>
    memref.store %w, %out[%c0] : memref<2xi32>
    scf.yield
  }
  return %out : memref<2xi32>
}
