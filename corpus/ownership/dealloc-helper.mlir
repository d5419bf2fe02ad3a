// The helper lowering of bufferization.dealloc ([own.pipeline.helper]): a
// dealloc with more memref operands than `helper-above` calls a private
// helper function that evaluates the spec's definition with loops. It must
// free what the inline lowering frees ([dealloc.free.condition]: an earlier
// alias with a *false* condition does not block a free, unlike upstream's
// dealloc_helper, [dev.dealloc.alias.first-condition]) and compare the
// pointers of the buffers operands view ([dev.dealloc.lower.view-pointer]).
// RUN: dealloc-opt %s --reference-lower-deallocations=helper-above=1 | FileCheck %s
// RUN: dealloc-opt %s --reference-lower-deallocations=helper-above=0 | dealloc-run - | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-opt %s --reference-lower-deallocations=helper-above=0 | dealloc-verify - | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt %s --bufferization-lower-deallocations | not dealloc-run - | FileCheck %s --check-prefix=UPSTREAM
// RUN: dealloc-opt %s --reference-lower-deallocations --mlir-print-debuginfo -o %t.inline.mlir
// RUN: dealloc-opt %s --reference-lower-deallocations=helper-above=0 --mlir-print-debuginfo -o %t.helper.mlir
// RUN: dealloc-verify --equiv %t.inline.mlir %t.helper.mlir | FileCheck %s --check-prefix=EQUIV
// Default threshold 16: 17 operands use the helper, 16 are inline; helper-only
// leaves the small ones to a later run (the pipeline's order).
// RUN: dealloc-opt %s --reference-lower-deallocations | FileCheck %s --check-prefix=DEFAULT
// RUN: dealloc-opt %s --reference-lower-deallocations=helper-only=1 | FileCheck %s --check-prefix=ONLY

// SPEC: [own.pipeline.helper] [dealloc.free.condition] [dealloc.free.once] [dealloc.eval.atomic]
// Two operands view one buffer; exactly one condition is true.
// CHECK-LABEL: func.func private @free_two
//       CHECK:   %[[P:.*]] = memref.alloc() : memref<2xindex>
//       CHECK:   %[[C:.*]] = memref.alloc() : memref<2xi1>
//       CHECK:   %[[Q:.*]] = memref.alloc() : memref<0xindex>
//       CHECK:   %[[F:.*]] = memref.alloc() : memref<2xi1>
//       CHECK:   %[[R:.*]] = memref.alloc() : memref<0xi1>
//       CHECK:   %[[P0:.*]] = memref.extract_aligned_pointer_as_index %arg0
//       CHECK:   memref.store %[[P0]], %[[P]][
//       CHECK:   memref.store %arg2, %[[C]][
//       CHECK:   call @reference_dealloc_helper_0(
//       CHECK:   %[[F0:.*]] = memref.load %[[F]][
//       CHECK:   scf.if %[[F0]] {
//  CHECK-NEXT:     memref.dealloc %arg0
//       CHECK:   %[[F1:.*]] = memref.load %[[F]][
//       CHECK:   scf.if %[[F1]] {
//  CHECK-NEXT:     memref.dealloc %arg1
//       CHECK:   memref.dealloc %[[P]]
//       CHECK:   memref.dealloc %[[C]]
//       CHECK:   memref.dealloc %[[Q]]
//       CHECK:   memref.dealloc %[[F]]
//       CHECK:   memref.dealloc %[[R]]
// EXEC: @alias_first_false: SAFE
// UPSTREAM: @alias_first_false: LEAK
func.func private @free_two(%m0: memref<4xf32>, %m1: memref<2xf32, strided<[1]>>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<2xf32, strided<[1]>>) if (%c0, %c1)
  return
}
// EQUIV: @alias_first_false: EQUIVALENT
func.func @alias_first_false(%c: i1) {
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  call @free_two(%a, %s, %c, %nc) : (memref<4xf32>, memref<2xf32, strided<[1]>>, i1, i1) -> ()
  return
}

// SPEC: [dealloc.retain] [dealloc.results]
// A retained select of two operands: the buffer it views is kept, the other
// freed; the result says the op owned it.
// EXEC: @retain_select: SAFE
// EQUIV: @retain_select: EQUIVALENT
func.func private @keep(%a: memref<4xf32>, %b: memref<4xf32>, %s: memref<4xf32>) -> i1 {
  %t = arith.constant true
  %r = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%t, %t) retain (%s : memref<4xf32>)
  return %r : i1
}
func.func @retain_select(%d: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %d, %a, %b : memref<4xf32>
  %r = call @keep(%a, %b, %s) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> i1
  cf.assert %r, "the op owned the retained buffer"
  memref.dealloc %s : memref<4xf32>
  return
}

// A memref.view with a byte shift and its allocation, both owned: the buffer
// is freed once (upstream compares the view's shifted pointer and frees it
// twice, [dev.dealloc.lower.view-pointer]).
// EXEC: @view_and_alloc: SAFE
// UPSTREAM: @view_and_alloc: DOUBLE_FREE
// EQUIV: @view_and_alloc: EQUIVALENT
func.func @view_and_alloc() {
  %t = arith.constant true
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<64xi8>
  %v = memref.view %a[%c8][] : memref<64xi8> to memref<4xf32>
  bufferization.dealloc (%a, %v : memref<64xi8>, memref<4xf32>) if (%t, %t)
  return
}

// [dev.psa.helper-private] The helper is private and does not clash with an
// existing symbol of the same name.
// CHECK-LABEL: func.func @reference_dealloc_helper()
// CHECK-LABEL: func.func private @reference_dealloc_helper_0(
//  CHECK-SAME:     %[[P:.*]]: memref<?xindex>, %[[C:.*]]: memref<?xi1>, %[[Q:.*]]: memref<?xindex>, %[[F:.*]]: memref<?xi1>, %[[R:.*]]: memref<?xi1>)
// The results: R[j] = or_l (C[l] and P[l] == Q[j]).
//       CHECK:   scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
//       CHECK:     %[[QJ:.*]] = memref.load %[[Q]][%[[J]]]
//       CHECK:     scf.for %[[L:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %false
//       CHECK:       memref.load %[[P]][%[[L]]]
//       CHECK:       memref.load %[[C]][%[[L]]]
//       CHECK:       arith.cmpi eq
//       CHECK:       arith.andi
//       CHECK:       arith.ori %[[ACC]]
//       CHECK:     memref.store %{{.*}}, %[[R]][%[[J]]]
// The frees: F[i] = C[i] and not (or_{l<i} (C[l] and P[l] == P[i]) or or_j Q[j] == P[i]).
//       CHECK:   scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
//       CHECK:     %[[PI:.*]] = memref.load %[[P]][%[[I]]]
//       CHECK:     %[[CI:.*]] = memref.load %[[C]][%[[I]]]
//       CHECK:     %[[EARLIER:.*]] = scf.for %[[L2:.*]] = %{{.*}} to %[[I]] step {{.*}} iter_args
//       CHECK:       memref.load %[[P]][%[[L2]]]
//       CHECK:       memref.load %[[C]][%[[L2]]]
//       CHECK:     %[[KEPT:.*]] = scf.for
//       CHECK:       memref.load %[[Q]]
//       CHECK:     %[[BLOCKED:.*]] = arith.ori %[[EARLIER]], %[[KEPT]]
//       CHECK:     %[[NOT:.*]] = arith.xori %[[BLOCKED]], %true
//       CHECK:     %[[FREE:.*]] = arith.andi %[[CI]], %[[NOT]]
//       CHECK:     memref.store %[[FREE]], %[[F]][%[[I]]]
func.func @reference_dealloc_helper() {
  return
}

// DEFAULT-LABEL: func.func @seventeen
//       DEFAULT:   call @reference_dealloc_helper_0
// DEFAULT-LABEL: func.func @sixteen
//   DEFAULT-NOT:   call
//       DEFAULT:   return
// ONLY-LABEL: func.func @seventeen
//       ONLY:   call @reference_dealloc_helper_0
// ONLY-LABEL: func.func @sixteen
//       ONLY:   bufferization.dealloc
// EXEC: @seventeen: SAFE
// EXEC: @sixteen: SAFE
func.func @seventeen(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) if (%c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c)
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
func.func @sixteen(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) if (%c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c)
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
