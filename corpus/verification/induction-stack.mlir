// [verify.induction] with stack buffers: a loop whose ops allocate on the
// stack gets a stack summary slot per memref iter_arg besides the heap one.
// Stack buffers of earlier iterations stay allocated until their scope
// ends and need not be viewed; a carried memref may view the newest of
// them. Both pipelines' outputs of every function are SAFE for every trip
// count (before: UNKNOWN, bounded at 4 iterations) and EQUIVALENT.
// SPEC: [verify.induction]
// SPEC: [equiv.loops]
// RUN: mlir-opt --buffer-deallocation-pipeline %s > %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s > %t.ref.mlir
// RUN: dealloc-verify %t.up.mlir | FileCheck %s
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// The previous iteration's stack buffer is read, a new one carried (what
// canonicalize leaves of corpus/operations/memref-alloca-scope.mlir
// @carried_out once it inlines the scope).
// CHECK-LABEL: @carried: SAFE
// EQUIV-LABEL: @carried: EQUIVALENT
func.func @carried(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %x = memref.load %prev[%c0] : memref<4xf32>
    %a = memref.alloca() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  %f = memref.load %r[%c0] : memref<4xf32>
  return %f : f32
}

// The carried stack buffer is returned: the pipelines clone it.
// CHECK-LABEL: @returned: SAFE
// EQUIV-LABEL: @returned: EQUIVALENT
func.func @returned(%n: index, %init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %x = memref.load %prev[%c0] : memref<4xf32>
    %a = memref.alloca() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// A heap or a stack buffer by a flag: the ownership flag holds exactly
// while the carried memref views a heap buffer of the loop.
// CHECK-LABEL: @mixed: SAFE
// EQUIV-LABEL: @mixed: EQUIVALENT
func.func @mixed(%n: index, %c: i1, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %x = memref.load %prev[%c0] : memref<4xf32>
    %a = scf.if %c -> memref<4xf32> {
      %h = memref.alloc() : memref<4xf32>
      scf.yield %h : memref<4xf32>
    } else {
      %s = memref.alloca() : memref<4xf32>
      scf.yield %s : memref<4xf32>
    }
    memref.store %x, %a[%c0] : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  %f = memref.load %r[%c0] : memref<4xf32>
  return %f : f32
}

// A stack scratch buffer per iteration beside a carried heap buffer.
// CHECK-LABEL: @scratch: SAFE
// EQUIV-LABEL: @scratch: EQUIVALENT
func.func @scratch(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %t = memref.alloca() : memref<4xf32>
    memref.copy %prev, %t : memref<4xf32> to memref<4xf32>
    %h = memref.alloc() : memref<4xf32>
    memref.copy %t, %h : memref<4xf32> to memref<4xf32>
    scf.yield %h : memref<4xf32>
  }
  %f = memref.load %r[%c0] : memref<4xf32>
  return %f : f32
}

// Two iter_args: the newest stack buffer and the one before it.
// CHECK-LABEL: @swap: SAFE
// EQUIV-LABEL: @swap: EQUIVALENT
func.func @swap(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = memref.alloca() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %init, %q = %a0) -> (memref<4xf32>, memref<4xf32>) {
    %x = memref.load %p[%c0] : memref<4xf32>
    %a = memref.alloca() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    memref.store %x, %q[%c0] : memref<4xf32>
    scf.yield %a, %p : memref<4xf32>, memref<4xf32>
  }
  %f = memref.load %r#1[%c0] : memref<4xf32>
  return %f : f32
}

// The same in an scf.while, and inside a scope around the loop.
// CHECK-LABEL: @in_scope: SAFE
// EQUIV-LABEL: @in_scope: EQUIVALENT
func.func @in_scope(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = memref.alloca_scope -> f32 {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
      %x = memref.load %prev[%c0] : memref<4xf32>
      %a = memref.alloca() : memref<4xf32>
      memref.store %x, %a[%c0] : memref<4xf32>
      scf.yield %a : memref<4xf32>
    }
    %v = memref.load %r[%c0] : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  return %f : f32
}

// CHECK-LABEL: @while_carried: SAFE
// EQUIV-LABEL: @while_carried: EQUIVALENT
func.func @while_carried(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %prev = %init) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %prev : index, memref<4xf32>
  } do {
  ^bb0(%j: index, %p: memref<4xf32>):
    %x = memref.load %p[%c0] : memref<4xf32>
    %a = memref.alloca() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %a : index, memref<4xf32>
  }
  %f = memref.load %r#1[%c0] : memref<4xf32>
  return %f : f32
}
