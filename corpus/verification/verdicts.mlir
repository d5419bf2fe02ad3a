// One function per verdict; SAFE holds for every input, violations come with
// a replayed input. When several kinds are reachable, the first kind of the
// verdict table is reported.
// SPEC: [verify.verdict]
// SPEC: [verify.order]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// CHECK-LABEL: @safe: SAFE
func.func @safe(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// CHECK-LABEL: @leak: LEAK on input false (
// CHECK: replayed by dealloc-run: LEAK
func.func @leak(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// CHECK-LABEL: @double_free: DOUBLE_FREE on input true (
// CHECK: freed at
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}

// CHECK-LABEL: @use_after_free: USE_AFTER_FREE on input 0 (
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
func.func @use_after_free(%i: index) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<2xf32>
  return %v : f32
}

// Freeing a caller's buffer cites the ABI, as dealloc-run does.
// CHECK-LABEL: @free_arg: INVALID_FREE on input b0 (free of the buffer of argument 0, which the caller owns ([abi.args.not_owned]))
// CHECK: replayed by dealloc-run: INVALID_FREE
func.func @free_arg(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}

// CHECK-LABEL: @free_alloca: INVALID_FREE on input "" (free of a buffer that is not a heap buffer (memref.alloca) ([heap.free.invalid]))
func.func @free_alloca() {
  %a = memref.alloca() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

memref.global "private" constant @g : memref<2xf32> = dense<0.0>
// CHECK-LABEL: @free_global: INVALID_FREE
func.func @free_global() {
  %a = memref.get_global @g : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// CHECK-LABEL: @return_arg: ABI_VIOLATION on input b0 (
// CHECK: replayed by dealloc-run: ABI_VIOLATION
func.func @return_arg(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}

// Results aliasing each other ([abi.results.owned]).
// CHECK-LABEL: @return_twice: ABI_VIOLATION on input true (
func.func @return_twice(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = arith.select %c, %a, %b : memref<2xf32>
  scf.if %c {
    memref.dealloc %b : memref<2xf32>
  }
  return %a, %r : memref<2xf32>, memref<2xf32>
}

// Input true double-frees, input false leaks: LEAK comes first in the table.
// CHECK-LABEL: @order: LEAK on input false (
func.func @order(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A function with several returns: the violation is reported at the return
// the counterexample's run takes (not at the function).
// CHECK-LABEL: @leak_at_second_return: LEAK on input false (
// CHECK: LEAK at {{.*}}verdicts.mlir:[[@LINE+8]]:3: buffer allocated by memref.alloc is not freed
func.func @leak_at_second_return(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<2xf32>
  return
^bb2:
  return
}
