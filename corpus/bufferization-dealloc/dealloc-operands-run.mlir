// Operands under the reference semantics: any view denotes its buffer
// (a memref.view at a byte shift frees the whole allocation); operands with
// a false condition are not used, even if they are dangling, on the stack or
// an argument; an op without memrefs frees nothing and yields false.
// SPEC: [dealloc.operands]
// SPEC: [dealloc.operands.dangling]
// SPEC: [dealloc.empty]
// SPEC: [dealloc.eval.atomic]
// RUN: dealloc-run %s | FileCheck %s
// RUN: dealloc-run --reuse-addresses %s | FileCheck %s

// CHECK-LABEL: @free_through_view: SAFE (1 input){{$}}
func.func @free_through_view(%f: f32) {
  %i = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<16xi8>
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  memref.store %f, %v[%i] : memref<2xf32>
  bufferization.dealloc (%v : memref<2xf32>) if (%t)
  return
}

// CHECK-LABEL: @false_conditions_unused: SAFE (2 inputs){{$}}
func.func @false_conditions_unused(%arg: memref<2xf32>, %c: i1) {
  %false = arith.constant false
  %d = memref.alloc() : memref<2xf32>
  memref.dealloc %d : memref<2xf32>
  %s = memref.alloca() : memref<2xf32>
  %x = bufferization.dealloc (%d, %s, %arg : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%false, %false, %false) retain (%d : memref<2xf32>)
  %ok = arith.cmpi eq, %x, %false : i1
  cf.assert %ok, "nothing is owned through false conditions"
  return
}

// CHECK-LABEL: @no_memrefs: SAFE (1 input){{$}}
func.func @no_memrefs(%arg: memref<2xf32>) {
  %false = arith.constant false
  %x = bufferization.dealloc retain (%arg : memref<2xf32>)
  %ok = arith.cmpi eq, %x, %false : i1
  cf.assert %ok, "no memrefs: result false"
  bufferization.dealloc
  return
}

// Freeing the first view does not hide the buffer from the second: all
// decisions are taken before the frees, the buffer is freed once, and the
// result for a retained alias of another operand is computed as well.
// CHECK-LABEL: @decisions_before_frees: SAFE (2 inputs){{$}}
func.func @decisions_before_frees(%c: i1, %f: f32) {
  %i = arith.constant 0 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%i] : memref<4xf32>
  memref.store %f, %b[%i] : memref<4xf32>
  %s = memref.subview %a[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %x = bufferization.dealloc (%a, %s, %b : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>, memref<4xf32>) if (%t, %t, %c) retain (%b : memref<4xf32>)
  %ok = arith.cmpi eq, %x, %c : i1
  cf.assert %ok, "result is the condition of the retained buffer's operand"
  memref.dealloc %b : memref<4xf32>
  return
}
