// [verify.induction] first gives each memref iter_arg a summary slot of its
// own (its view has few candidates), and if two iter_args can view one
// buffer of the loop, proves the loop again with the slots shared.
// SPEC: [verify.induction]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC

// Buffers move from one iter_arg to the next; the oldest is freed.
// CHECK-LABEL: @rotate: SAFE
// EXEC-LABEL: @rotate: SAFE
func.func @rotate(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %c) -> (memref<2xf32>, memref<2xf32>, memref<2xf32>) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %z, %new : memref<2xf32> to memref<2xf32>
    memref.dealloc %x : memref<2xf32>
    scf.yield %y, %z, %new : memref<2xf32>, memref<2xf32>, memref<2xf32>
  }
  memref.dealloc %r#0 : memref<2xf32>
  memref.dealloc %r#1 : memref<2xf32>
  memref.dealloc %r#2 : memref<2xf32>
  return
}

// Two iter_args view the same buffer of the loop: no slot of its own for
// each, the shared slots prove it.
// CHECK-LABEL: @shared: SAFE
// EXEC-LABEL: @shared: SAFE
func.func @shared(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %a) -> (memref<2xf32>, memref<2xf32>) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %y, %new : memref<2xf32> to memref<2xf32>
    memref.dealloc %x : memref<2xf32>
    scf.yield %new, %new : memref<2xf32>, memref<2xf32>
  }
  memref.dealloc %r#1 : memref<2xf32>
  return
}

// The oldest buffer is not freed: no proof, and the exact check finds the
// leak on the second iteration.
// CHECK-LABEL: @rotate_leak: LEAK
// EXEC-LABEL: @rotate_leak: LEAK
func.func @rotate_leak(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xf32>, memref<2xf32>) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %y, %new : memref<2xf32> to memref<2xf32>
    scf.yield %y, %new : memref<2xf32>, memref<2xf32>
  }
  memref.dealloc %r#0 : memref<2xf32>
  memref.dealloc %r#1 : memref<2xf32>
  return
}
