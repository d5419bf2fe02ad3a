// [verify.induction] with stack summary slots does not hide violations:
// broken loops that allocate on the stack are never SAFE. A heap buffer a
// loop no longer frees is a LEAK, a free of an unowned buffer an
// INVALID_FREE (both hand-broken from upstream's output of
// induction-stack.mlir @mixed, replayed); a free of the previous
// iteration's stack buffer is INVALID_FREE. Where the violation needs more
// iterations than --unroll, the loop is not proved (its abstract iteration
// reaches the violation) and the answer is the bounded UNKNOWN; with a
// larger --unroll the violation.
// SPEC: [verify.induction]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --unroll 10 %s --function late_free 2>/dev/null | FileCheck %s --check-prefix=DEEPF
// RUN: not dealloc-verify --unroll 10 %s --function late_read 2>/dev/null | FileCheck %s --check-prefix=DEEPR
// RUN: not dealloc-verify --unroll 9 %s --function late_escape 2>/dev/null | FileCheck %s --check-prefix=DEEPE
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @mixed_leak: LEAK on input 2,true,b0
// CHECK:         replayed by dealloc-run
// EXEC-LABEL: @mixed_leak: LEAK
func.func @mixed_leak(%arg0: index, %arg1: i1, %arg2: memref<4xf32>) -> f32 {
    %false = arith.constant false
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %arg2, %arg5 = %false) -> (memref<4xf32>, i1) {
      %2 = memref.load %arg4[%c0] : memref<4xf32>
      %3 = scf.if %arg1 -> (memref<4xf32>) {
        %alloc = memref.alloc() : memref<4xf32>
        scf.yield %alloc : memref<4xf32>
      } else {
        %alloca = memref.alloca() : memref<4xf32>
        scf.yield %alloca : memref<4xf32>
      }
      memref.store %2, %3[%c0] : memref<4xf32>
      %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %arg4 : memref<4xf32> -> memref<f32>, index, index, index
      %intptr = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
      %intptr_4 = memref.extract_aligned_pointer_as_index %3 : memref<4xf32> -> index
      %4 = arith.cmpi ne, %intptr, %intptr_4 : index
      %5 = arith.andi %4, %arg5 : i1
      scf.if %false {
        memref.dealloc %base_buffer_0 : memref<f32>
      }
      %6 = arith.cmpi eq, %intptr, %intptr_4 : index
      %7 = arith.andi %6, %arg5 : i1
      %8 = arith.ori %7, %arg1 : i1
      scf.yield %3, %8 : memref<4xf32>, i1
    }
    %1 = memref.load %0#0[%c0] : memref<4xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<4xf32> -> memref<f32>, index, index, index
    scf.if %0#1 {
      memref.dealloc %base_buffer : memref<f32>
    }
    return %1 : f32
  }

// CHECK-LABEL: @mixed_bad_free: INVALID_FREE on input 1,false,b0
// CHECK:         replayed by dealloc-run
// EXEC-LABEL: @mixed_bad_free: INVALID_FREE
func.func @mixed_bad_free(%arg0: index, %arg1: i1, %arg2: memref<4xf32>) -> f32 {
    %false = arith.constant false
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %arg2, %arg5 = %false) -> (memref<4xf32>, i1) {
      %2 = memref.load %arg4[%c0] : memref<4xf32>
      %3 = scf.if %arg1 -> (memref<4xf32>) {
        %alloc = memref.alloc() : memref<4xf32>
        scf.yield %alloc : memref<4xf32>
      } else {
        %alloca = memref.alloca() : memref<4xf32>
        scf.yield %alloca : memref<4xf32>
      }
      memref.store %2, %3[%c0] : memref<4xf32>
      %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %arg4 : memref<4xf32> -> memref<f32>, index, index, index
      %intptr = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
      %intptr_4 = memref.extract_aligned_pointer_as_index %3 : memref<4xf32> -> index
      %4 = arith.cmpi ne, %intptr, %intptr_4 : index
      %5 = arith.andi %4, %arg5 : i1
      scf.if %4 {
        memref.dealloc %base_buffer_0 : memref<f32>
      }
      %6 = arith.cmpi eq, %intptr, %intptr_4 : index
      %7 = arith.andi %6, %arg5 : i1
      %8 = arith.ori %7, %arg1 : i1
      scf.yield %3, %8 : memref<4xf32>, i1
    }
    %1 = memref.load %0#0[%c0] : memref<4xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<4xf32> -> memref<f32>, index, index, index
    scf.if %0#1 {
      memref.dealloc %base_buffer : memref<f32>
    }
    return %1 : f32
  }

// CHECK-LABEL: @freed: INVALID_FREE on input 3,b0 (free of a buffer that is not a heap buffer (memref.alloca)
// CHECK:         replayed by dealloc-run
// The carried stack buffer of the previous iteration is freed.
func.func @freed(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %x = memref.load %prev[%c0] : memref<4xf32>
    %a = memref.alloca() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    %z = arith.cmpi sgt, %i, %c1 : index
    scf.if %z {
      memref.dealloc %prev : memref<4xf32>
    }
    scf.yield %a : memref<4xf32>
  }
  %f = memref.load %r[%c0] : memref<4xf32>
  return %f : f32
}


// CHECK-LABEL: @late_free: UNKNOWN (bounded: no violation with loops unrolled 4 times
// DEEPF-LABEL: @late_free: INVALID_FREE on input 8,b0
// DEEPF:         replayed by dealloc-run
func.func @late_free(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %x = memref.load %prev[%c0] : memref<4xf32>
    %a = memref.alloca() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    %late = arith.cmpi sgt, %i, %c6 : index
    scf.if %late {
      memref.dealloc %prev : memref<4xf32>
    }
    scf.yield %a : memref<4xf32>
  }
  %f = memref.load %r[%c0] : memref<4xf32>
  return %f : f32
}

// CHECK-LABEL: @late_read: UNKNOWN (bounded: no violation with loops unrolled 4 times
// DEEPR-LABEL: @late_read: USE_AFTER_FREE on input 8,b0
// DEEPR:         replayed by dealloc-run
func.func @late_read(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %late = arith.cmpi sgt, %i, %c6 : index
    %a = scf.if %late -> memref<4xf32> {
      %s = memref.alloca_scope -> memref<4xf32> {
        %t = memref.alloca() : memref<4xf32>
        memref.alloca_scope.return %t : memref<4xf32>
      }
      scf.yield %s : memref<4xf32>
    } else {
      %t = memref.alloca() : memref<4xf32>
      scf.yield %t : memref<4xf32>
    }
    %x = memref.load %prev[%c0] : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  %f = arith.constant 0.0 : f32
  return %f : f32
}

// A stack buffer of a late iteration escapes the scope around the loop:
// the exit header's stack summary slot is released with the scope.
// CHECK-LABEL: @late_escape: UNKNOWN (bounded: no violation with loops unrolled 4 times
// DEEPE-LABEL: @late_escape: USE_AFTER_FREE on input 8,b0
// DEEPE:         replayed by dealloc-run
func.func @late_escape(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloca_scope -> memref<4xf32> {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
      %a = memref.alloca() : memref<4xf32>
      %late = arith.cmpi sgt, %i, %c6 : index
      %y = arith.select %late, %a, %prev : memref<4xf32>
      scf.yield %y : memref<4xf32>
    }
    memref.alloca_scope.return %r : memref<4xf32>
  }
  %f = memref.load %m[%c0] : memref<4xf32>
  return %f : f32
}
