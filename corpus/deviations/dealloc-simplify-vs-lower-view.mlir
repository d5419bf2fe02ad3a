// The same bufferization.dealloc, two upstream passes, two meanings: the
// simplification pass treats a memref.view as its source's buffer (spec),
// the lowering compares aligned pointers, which a view with a byte shift
// changes.
// SPEC: [dev.dealloc.lower.view-pointer]
// RUN: mlir-opt %s -bufferization-lower-deallocations | FileCheck %s --check-prefix=LOWER
// RUN: mlir-opt %s -buffer-deallocation-simplification | FileCheck %s --check-prefix=SIMPL

// Spec: %v views %a's buffer,
// so the buffer is retained and the result is %c.
// Simplification: the op is removed and the result is %c (spec-conforming).
// Lowering: %a is freed iff ptr(%a) != ptr(%v), which is always true here: the
// retained view's buffer is freed (use after free of %v later) and the
// result is false.
// SIMPL-LABEL: func.func @retained_view
// SIMPL-SAME: (%[[C:.*]]: i1
// SIMPL-NOT: bufferization.dealloc
// SIMPL: return %[[C]] : i1
// LOWER-LABEL: func.func @retained_view
// LOWER: %[[A:.*]] = memref.alloc() : memref<16xi8>
// LOWER: %[[V:.*]] = memref.view %[[A]][%{{.*}}][] : memref<16xi8> to memref<2xf32>
// LOWER: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// LOWER: %[[PV:.*]] = memref.extract_aligned_pointer_as_index %[[V]]
// LOWER: %[[NE:.*]] = arith.cmpi ne, %[[PA]], %[[PV]] : index
// LOWER: %[[F:.*]] = arith.andi %[[NE]], %{{.*}} : i1
// LOWER: scf.if %[[F]] {
// LOWER-NEXT: memref.dealloc %[[A]] : memref<16xi8>
func.func @retained_view(%c: i1, %f: f32) -> i1 {
  %a = memref.alloc() : memref<16xi8>
  %c8 = arith.constant 8 : index
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %i = arith.constant 0 : index
  memref.store %f, %v[%i] : memref<2xf32>
  %r = bufferization.dealloc (%a : memref<16xi8>) if (%c) retain (%v : memref<2xf32>)
  return %r : i1
}
