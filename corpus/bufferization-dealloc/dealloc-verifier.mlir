// The only structural rule the verifier of bufferization.dealloc checks is
// that there is one condition per memref; any view may be an operand.
// SPEC: [dealloc.operands]
// RUN: mlir-opt %s -split-input-file -verify-diagnostics | FileCheck %s

func.func @count_mismatch(%m: memref<4xf32>, %c: i1) {
  // expected-error @+1 {{must have the same number of conditions as memrefs to deallocate}}
  bufferization.dealloc (%m : memref<4xf32>) if (%c, %c)
  return
}

// -----

// A subview (not the originally allocated memref) is accepted as an operand:
// the op is defined on the buffer it views.
// CHECK-LABEL: func.func @subview_operand
// CHECK: bufferization.dealloc (%{{.*}} : memref<2xf32, strided<[1], offset: 1>>) if (%{{.*}})
func.func @subview_operand(%m: memref<4xf32>, %c: i1) {
  %sv = memref.subview %m[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  bufferization.dealloc (%sv : memref<2xf32, strided<[1], offset: 1>>) if (%c)
  return
}

// -----

// A memref.view (which shifts the aligned pointer in the LLVM lowering) is
// accepted as well.
// CHECK-LABEL: func.func @view_operand
// CHECK: bufferization.dealloc (%view : memref<2xf32>) if (%{{.*}})
func.func @view_operand(%c: i1) {
  %a = memref.alloc() : memref<16xi8>
  %c8 = arith.constant 8 : index
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  bufferization.dealloc (%v : memref<2xf32>) if (%c)
  return
}

// -----

// No operands at all, and retained operands only, are valid.
// CHECK-LABEL: func.func @empty_forms
// CHECK: bufferization.dealloc retain (%{{.*}} : memref<4xf32>)
func.func @empty_forms(%m: memref<4xf32>) -> i1 {
  bufferization.dealloc
  %r = bufferization.dealloc retain (%m : memref<4xf32>)
  return %r : i1
}
