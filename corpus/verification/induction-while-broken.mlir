// Hand-broken variants of induction-while-memory.mlir's @count_in_memory
// (the counter in memory, nothing carried grows): dropping the termination
// argument of [verify.induction] proves none of them. Each is a violation,
// replayed, or, where it needs more iterations than --unroll, the bounded
// UNKNOWN (the abstract iteration reaches the violation, so no proof) and
// the violation with a larger --unroll. Never SAFE.
// SPEC: [verify.induction]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --unroll 10 %s --function free_in_loop_and_after 2>/dev/null | FileCheck %s --check-prefix=DEEPF
// RUN: not dealloc-verify --unroll 10 %s --function late_use_after_free 2>/dev/null | FileCheck %s --check-prefix=DEEPU
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC

// Frees %b in the sixth iteration, and again after the loop.
// CHECK-LABEL: @free_in_loop_and_after: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input {{.*}} iterates more
// DEEPF-LABEL: @free_in_loop_and_after: DOUBLE_FREE on input b0,6 (
// DEEPF:         replayed by dealloc-run: DOUBLE_FREE
// EXEC-LABEL: @free_in_loop_and_after: SAFE (3 inputs)
func.func @free_in_loop_and_after(%m: memref<1xi32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %five = arith.constant 5 : i32
  %b = memref.alloc() : memref<4xf32>
  memref.store %zero, %m[%c0] : memref<1xi32>
  scf.while : () -> () {
    %v = memref.load %m[%c0] : memref<1xi32>
    %c = arith.cmpi slt, %v, %n : i32
    scf.condition(%c)
  } do {
    %v = memref.load %m[%c0] : memref<1xi32>
    %last = arith.cmpi eq, %v, %five : i32
    scf.if %last {
      memref.dealloc %b : memref<4xf32>
    }
    %w = arith.addi %v, %one : i32
    memref.store %w, %m[%c0] : memref<1xi32>
    scf.yield
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// A scratch buffer of every iteration never freed.
// CHECK-LABEL: @leak_in_body: LEAK on input b0,1 (
// CHECK:         replayed by dealloc-run: LEAK
// EXEC-LABEL: @leak_in_body: LEAK
func.func @leak_in_body(%m: memref<1xi32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
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
    scf.yield
  }
  return
}

// The sixth iteration frees its scratch buffer before reading it.
// CHECK-LABEL: @late_use_after_free: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input {{.*}} iterates more
// DEEPU-LABEL: @late_use_after_free: USE_AFTER_FREE on input b0,6 (
// DEEPU:         replayed by dealloc-run: USE_AFTER_FREE
// EXEC-LABEL: @late_use_after_free: SAFE (3 inputs)
func.func @late_use_after_free(%m: memref<1xi32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %five = arith.constant 5 : i32
  memref.store %zero, %m[%c0] : memref<1xi32>
  scf.while : () -> () {
    %v = memref.load %m[%c0] : memref<1xi32>
    %c = arith.cmpi slt, %v, %n : i32
    scf.condition(%c)
  } do {
    %t = memref.alloc() : memref<1xi32>
    %v = memref.load %m[%c0] : memref<1xi32>
    memref.store %v, %t[%c0] : memref<1xi32>
    %late = arith.cmpi eq, %v, %five : i32
    scf.if %late {
      memref.dealloc %t : memref<1xi32>
    }
    %u = memref.load %t[%c0] : memref<1xi32>
    %w = arith.addi %u, %one : i32
    memref.store %w, %m[%c0] : memref<1xi32>
    %early = arith.cmpi ne, %v, %five : i32
    scf.if %early {
      memref.dealloc %t : memref<1xi32>
    }
    scf.yield
  }
  return
}
