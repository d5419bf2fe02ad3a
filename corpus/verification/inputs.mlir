// Inputs are all values of the argument types: the leak that only input 7
// reaches is found, which dealloc-run's enumeration (0, 1, 2) misses.
// Dynamic extents and aliasing of memref arguments are symbolic too.
// SPEC: [verify.inputs]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: dealloc-run --function only_seven %s | FileCheck %s --check-prefix=ENUM

// CHECK-LABEL: @only_seven: LEAK on input 7 (
// CHECK: replayed by dealloc-run: LEAK
// ENUM: @only_seven: SAFE
func.func @only_seven(%n: index) {
  %a = memref.alloc() : memref<2xf32>
  %c7 = arith.constant 7 : index
  %is7 = arith.cmpi eq, %n, %c7 : index
  %not7 = arith.cmpi ne, %n, %c7 : index
  scf.if %not7 {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Frees the second argument's buffer unless both views share one.
// CHECK-LABEL: @aliasing_args: INVALID_FREE on input b0,b1 (
func.func @aliasing_args(%a: memref<2xf32>, %b: memref<2xf32>) {
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %ne = arith.cmpi ne, %pa, %pb : index
  scf.if %ne {
    memref.dealloc %b : memref<2xf32>
  }
  return
}

// A buffer as large as the argument's dynamic extent 5 leaks.
// CHECK-LABEL: @extent: LEAK on input b0[5] (
// CHECK: replayed by dealloc-run: LEAK
func.func @extent(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %big = arith.cmpi eq, %n, %c5 : index
  %a = memref.alloc(%n) : memref<?xf32>
  scf.if %big {
  } else {
    memref.dealloc %a : memref<?xf32>
  }
  return
}
