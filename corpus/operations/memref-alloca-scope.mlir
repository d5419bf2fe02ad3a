// memref.alloca_scope: stack buffers of its body are released when the body
// returns; heap buffers are not affected. dealloc-run and dealloc-verify
// agree on each function; the pipelines' outputs of @heap_in_scope are SAFE.
// SPEC: [op.memref.alloca_scope]
// SPEC: [op.memref.alloca]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY
// RUN: mlir-opt --buffer-deallocation-pipeline %s | dealloc-verify - --function heap_in_scope | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s | dealloc-verify - --function heap_in_scope | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s | dealloc-run - --function heap_in_scope | FileCheck %s --check-prefix=PIPE

// A stack buffer returned by the scope is dangling after it.
// EXEC-LABEL: @escape: USE_AFTER_FREE (1 input)
// EXEC:        released (its allocation scope ended) at loc({{.*}}:[[@LINE+7]]:5)
// EXEC-NEXT:    used at loc({{.*}}:[[@LINE+9]]:8)
// VERIFY-LABEL: @escape: USE_AFTER_FREE on input ""
// VERIFY:        replayed by dealloc-run
func.func @escape() -> f32 {
  %m = memref.alloca_scope -> memref<4xf32> {
    %a = memref.alloca() : memref<4xf32>
    memref.alloca_scope.return %a : memref<4xf32>
  }
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}

// A scope per iteration: each iteration's stack buffer is released at the
// end of the iteration, none is used after.
// EXEC-LABEL: @per_iteration: SAFE (3 inputs)
// VERIFY-LABEL: @per_iteration: SAFE{{$}}
func.func @per_iteration(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> f32 {
    %s = memref.alloca_scope -> f32 {
      %a = memref.alloca() : memref<4xf32>
      memref.store %acc, %a[%c0] : memref<4xf32>
      %v = memref.load %a[%c0] : memref<4xf32>
      %w = arith.addf %v, %v : f32
      memref.alloca_scope.return %w : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}

// The stack buffer of an earlier scope, kept in a heap buffer's place: a
// later iteration reads the released buffer through the value carried out
// of the scope.
// EXEC-LABEL: @carried_out: USE_AFTER_FREE (3 inputs)
// EXEC-NEXT:    input: 2,b0
// VERIFY-LABEL: @carried_out: USE_AFTER_FREE on input 2,b0
// VERIFY:        replayed by dealloc-run
func.func @carried_out(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %x = memref.load %prev[%c0] : memref<4xf32>
    %s = memref.alloca_scope -> memref<4xf32> {
      %a = memref.alloca() : memref<4xf32>
      memref.store %x, %a[%c0] : memref<4xf32>
      memref.alloca_scope.return %a : memref<4xf32>
    }
    scf.yield %s : memref<4xf32>
  }
  %f = arith.constant 0.0 : f32
  return %f : f32
}

// Freeing a stack buffer is invalid, in a scope as outside one.
// EXEC-LABEL: @free_stack: INVALID_FREE (2 inputs)
// VERIFY-LABEL: @free_stack: INVALID_FREE on input true
func.func @free_stack(%c: i1) {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
    scf.if %c {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// A heap buffer made in a scope outlives it: nothing frees it here, the
// pipelines free it after its last use.
// EXEC-LABEL: @heap_in_scope: LEAK (1 input)
// VERIFY-LABEL: @heap_in_scope: LEAK on input ""
// PIPE: @heap_in_scope: SAFE
func.func @heap_in_scope() -> f32 {
  %m = memref.alloca_scope -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    %t = memref.alloca() : memref<4xf32>
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    memref.store %one, %t[%c0] : memref<4xf32>
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %a[%c0] : memref<4xf32>
    memref.alloca_scope.return %a : memref<4xf32>
  }
  %c0 = arith.constant 0 : index
  %w = memref.load %m[%c0] : memref<4xf32>
  return %w : f32
}
