// [verify.induction]: candidates about the i1 values a loop uses that are
// defined before it. Upstream's pipeline output of an allocating scf.for
// inside an allocating scf.for, the inner result selected on an i1
// argument, carries each buffer with an ownership flag; which buffer an
// iteration yields, and whether its flag can be true, depends on that
// argument ("while %c is false, the flag is false and the inner loop
// yields the buffer it was handed"). Without these candidates the loops
// had no inductive invariant and the answer was bounded by the unroll
// bound. Broken variants of the same output: induction-live-bools-broken.mlir.
// SPEC: [verify.induction]
// RUN: mlir-opt --buffer-deallocation-pipeline %s | dealloc-verify - 2>/dev/null | FileCheck %s
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s | dealloc-verify - 2>/dev/null | FileCheck %s
// RUN: mlir-opt --buffer-deallocation-pipeline %s | dealloc-run - | FileCheck %s --check-prefix=EXEC

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

// The same with dynamic sizes (the buffers of the loops have two elements).
// CHECK-LABEL: @nested_dynamic: SAFE
// EXEC-LABEL: @nested_dynamic: SAFE
func.func @nested_dynamic(%n: index, %c: i1, %arg: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%c2) : memref<?xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %arg) -> (memref<?xf32>, memref<?xf32>) {
    %inner = scf.for %j = %c0 to %i step %c1 iter_args(%z = %x) -> memref<?xf32> {
      %b = memref.alloc(%c2) : memref<?xf32>
      memref.copy %z, %b : memref<?xf32> to memref<?xf32>
      %s = arith.select %c, %b, %z : memref<?xf32>
      scf.yield %s : memref<?xf32>
    }
    %t = arith.select %c, %y, %inner : memref<?xf32>
    scf.yield %inner, %t : memref<?xf32>, memref<?xf32>
  }
  return %r#0, %r#1 : memref<?xf32>, memref<?xf32>
}
