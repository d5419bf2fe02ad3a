// dealloc-run's implementation of bufferization.dealloc and .clone
// (spec/bufferization-dealloc.md), over every i1 combination.
// SPEC: [dealloc.free.condition] [dealloc.free.once] [dealloc.retain] [dealloc.results] [dealloc.invalid] [clone.fresh]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: not dealloc-run --all-inputs %s --function invalid_through_dealloc | FileCheck %s --check-prefix=ALL

// Two views of one buffer: freed once iff c0 or c1; the program frees it
// itself otherwise. Any other semantics leaks or double-frees on some input.
// CHECK-LABEL: @aliasing_operands: SAFE (4 inputs)
func.func @aliasing_operands(%c0: i1, %c1: i1) {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  bufferization.dealloc (%a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>) if (%c0, %c1)
  %either = arith.ori %c0, %c1 : i1
  %true = arith.constant true
  %neither = arith.xori %either, %true : i1
  scf.if %neither {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// A retained view protects its buffer; the result is the OR of the
// conditions of the operands viewing it, and the program frees by it.
// CHECK-LABEL: @retain_and_results: SAFE (4 inputs)
func.func @retain_and_results(%c0: i1, %c1: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r:2 = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%c0, %c1) retain (%v, %b : memref<2xf32, strided<[1], offset: 1>>, memref<4xf32>)
  %true = arith.constant true
  %own_a = arith.xori %r#0, %true : i1
  %nc0 = arith.xori %c0, %true : i1
  %own_b = arith.xori %r#1, %true : i1
  %nc1 = arith.xori %c1, %true : i1
  // r#0 == c0 and r#1 == c1: free each buffer exactly once either way.
  scf.if %r#0 {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %nc0 {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %r#1 {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %nc1 {
    memref.dealloc %b : memref<4xf32>
  }
  return
}

// Freeing an argument's buffer through the op is invalid, but only when its
// condition is true; a freed buffer with a true condition is a double free.
// CHECK-LABEL: @invalid_through_dealloc: INVALID_FREE
// CHECK-NEXT:    input: true,b0
// CHECK-NEXT:    reason: [abi.args.not_owned]
// ALL: @invalid_through_dealloc(false,b0): SAFE
// ALL: @invalid_through_dealloc(true,b0): INVALID_FREE
func.func @invalid_through_dealloc(%c: i1, %arg: memref<2xf32>) {
  bufferization.dealloc (%arg : memref<2xf32>) if (%c)
  return
}

// CHECK-LABEL: @double_through_dealloc: DOUBLE_FREE
// CHECK-NEXT:    input: true
// CHECK-NEXT:    reason: [dealloc.invalid]
func.func @double_through_dealloc(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  return
}

// CHECK-LABEL: @stack_through_dealloc: INVALID_FREE
// CHECK-NEXT:    input: true
// CHECK-NEXT:    reason: [dealloc.invalid]
func.func @stack_through_dealloc(%c: i1) {
  %a = memref.alloca() : memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  return
}

// A clone made and freed in every iteration: only the source is read, the
// clone is fresh each time (the previous iteration's freed clone is not it).
// CHECK-LABEL: @clone_in_loop: SAFE (3 inputs)
func.func @clone_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}

// clone: a fresh heap buffer (distinct address) with the source's contents.
// CHECK-LABEL: @clone_fresh: SAFE (1 input)
func.func @clone_fresh() {
  %c1 = arith.constant 1 : index
  %v = arith.constant 2.5 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %v, %a[%c1] : memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  memref.dealloc %a : memref<2xf32>
  %x = memref.load %b[%c1] : memref<2xf32>
  %same = arith.cmpf oeq, %x, %v : f32
  %distinct = arith.cmpi ne, %pa, %pb : index
  %ok = arith.andi %same, %distinct : i1
  scf.if %ok {
    memref.dealloc %b : memref<2xf32>
  }
  return
}
