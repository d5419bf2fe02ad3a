// The reference lowering of bufferization.dealloc (--reference-lower-deallocations)
// computes the spec's definition literally, comparing aligned pointers.
// RUN: dealloc-opt %s -split-input-file --reference-lower-deallocations | FileCheck %s
// RUN: dealloc-opt %s --reference-lower-deallocations | dealloc-run - | FileCheck %s --check-prefix=EXEC

// SPEC: [dealloc.free.condition] [dealloc.free.once] [dealloc.operands.dangling] [own.pipeline]
// Two operands view one buffer; exactly one condition is true. The buffer is
// freed once, by the first operand whose condition is true. (Upstream's
// lowering frees nothing when only the second condition is true; see
// [dev.dealloc.alias.first-condition].) The operands are arguments of a
// private function, so the aliasing is decided at run time.
// CHECK-LABEL: func private @free_two
//       CHECK: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %arg0
//       CHECK: %[[P1:.*]] = memref.extract_aligned_pointer_as_index %arg1
//       CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[P0]], %[[P1]] : index
//       CHECK: %[[FIRST:.*]] = arith.andi %arg2, %[[EQ]] : i1
//       CHECK: %[[NOT:.*]] = arith.xori %[[FIRST]], %true{{.*}} : i1
//       CHECK: %[[F1:.*]] = arith.andi %arg3, %[[NOT]] : i1
//       CHECK: scf.if %arg2 {
//  CHECK-NEXT:   memref.dealloc %arg0
//       CHECK: scf.if %[[F1]] {
//  CHECK-NEXT:   memref.dealloc %arg1
func.func private @free_two(%m0: memref<4xf32>, %m1: memref<2xf32, strided<[1]>>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<2xf32, strided<[1]>>) if (%c0, %c1)
  return
}

// Statically visible views are compared by the pointer of their source: the
// comparison folds away.
// CHECK-LABEL: func @alias_one_true
//   CHECK-NOT: arith.cmpi
//       CHECK: scf.if %arg0 {
// EXEC: @alias_one_true: SAFE
func.func @alias_one_true(%c: i1) {
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  call @free_two(%a, %s, %c, %nc) : (memref<4xf32>, memref<2xf32, strided<[1]>>, i1, i1) -> ()
  %b0, %o0, %sz0, %st0 = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  %b1, %o1, %sz1, %st1 = memref.extract_strided_metadata %s : memref<2xf32, strided<[1]>> -> memref<f32>, index, index, index
  %a2 = memref.alloc() : memref<4xf32>
  %b2, %o2, %sz2, %st2 = memref.extract_strided_metadata %a2 : memref<4xf32> -> memref<f32>, index, index, index
  %s2 = memref.subview %a2[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %b3, %o3, %sz3, %st3 = memref.extract_strided_metadata %s2 : memref<2xf32, strided<[1]>> -> memref<f32>, index, index, index
  bufferization.dealloc (%b2, %b3 : memref<f32>, memref<f32>) if (%c, %nc)
  return
}

// -----

// SPEC: [dealloc.retain] [dealloc.results]
// A retained view protects its buffer; the result says whether the op had
// ownership of it, and the program frees through it later.
// CHECK-LABEL: func private @keep
//       CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %arg0
//       CHECK: %[[Q:.*]] = memref.extract_aligned_pointer_as_index %arg1
//       CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[P]], %[[Q]] : index
//       CHECK: %[[R:.*]] = arith.andi %arg2, %[[EQ]] : i1
//       CHECK: %[[EQ2:.*]] = arith.cmpi eq, %[[P]], %[[Q]] : index
//       CHECK: %[[KEPT:.*]] = arith.xori %[[EQ2]], %true{{.*}} : i1
//       CHECK: %[[FREE:.*]] = arith.andi %arg2, %[[KEPT]] : i1
//       CHECK: scf.if %[[FREE]] {
//       CHECK: return %[[R]]
func.func private @keep(%m: memref<4xf32>, %v: memref<2xf32, strided<[1]>>, %c: i1) -> i1 {
  %r = bufferization.dealloc (%m : memref<4xf32>) if (%c) retain (%v : memref<2xf32, strided<[1]>>)
  return %r : i1
}

// EXEC: @retain_view: SAFE
func.func @retain_view(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %r = call @keep(%a, %s, %c) : (memref<4xf32>, memref<2xf32, strided<[1]>>, i1) -> i1
  scf.if %r {
    memref.dealloc %a : memref<4xf32>
  }
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// -----

// SPEC: [dealloc.free.once] [dealloc.empty]
// The same buffer twice with true conditions: freed once. A dealloc without
// memrefs frees nothing and returns false.
// CHECK-LABEL: func @twice
//       CHECK: scf.if %true {
//  CHECK-NEXT:   memref.dealloc %[[B:.*]] : memref<f32>
//   CHECK-NOT: memref.dealloc %[[B]]
//       CHECK: return
// EXEC: @twice: SAFE
func.func @twice(%m: memref<2xf32>) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %b0, %o0, %sz0, %st0 = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%b0, %b0 : memref<f32>, memref<f32>) if (%true, %true)
  %r = bufferization.dealloc retain (%m : memref<2xf32>)
  scf.if %r {
    memref.dealloc %m : memref<2xf32>
  }
  return
}
