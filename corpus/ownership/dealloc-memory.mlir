// Where buffers come from: alloc, alloca, get_global, clone, views, manual
// deallocation.
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC

memref.global "private" constant @g : memref<2xf32> = dense<1.0>

// SPEC: [own.alloc] [own.alloca] [own.global] [own.dealloc.list]
// Only the heap buffers (alloc, clone) are listed; alloca and get_global are
// never owned (`false`) and left out of the list, so no `false` constant is
// left behind either.
// CHECK-LABEL: func @kinds
//   CHECK-NOT: arith.constant false
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[S:.*]] = memref.alloca()
//       CHECK: %[[G:.*]] = memref.get_global @g
//       CHECK: %[[C:.*]] = bufferization.clone %arg0
//       CHECK: %[[BA:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//       CHECK: %[[BC:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[C]]
//       CHECK: bufferization.dealloc (%[[BA]], %[[BC]] : memref<f32>, memref<f32>) if (%true, %true)
//  CHECK-NEXT: return
// EXEC: @kinds: SAFE
func.func @kinds(%m: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %s = memref.alloca() : memref<2xf32>
  %g = memref.get_global @g : memref<2xf32>
  %c = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  memref.copy %g, %s : memref<2xf32> to memref<2xf32>
  memref.copy %s, %a : memref<2xf32> to memref<2xf32>
  memref.copy %c, %a : memref<2xf32> to memref<2xf32>
  return
}

// -----

memref.global "private" constant @g2 : memref<2xf32> = dense<1.0>

// SPEC: [own.global] [own.boundary.owned]
// A global is returned as a copy.
// CHECK-LABEL: func @return_global
//   CHECK-NOT: arith.constant false
//       CHECK: %[[G:.*]] = memref.get_global @g2
//       CHECK: %[[C:.*]] = bufferization.clone %[[G]]
//       CHECK: return %[[C]]
// EXEC: @return_global: SAFE
func.func @return_global() -> memref<2xf32> {
  %g = memref.get_global @g2 : memref<2xf32>
  return %g : memref<2xf32>
}

// -----

// SPEC: [own.view]
// Views take the ownership of their source: a view of an allocation is
// returned without a copy; only the allocation is listed.
// CHECK-LABEL: func @view_kinds
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[V:.*]] = memref.view %[[A]]
//       CHECK: %[[C1:.*]] = memref.cast %[[V]]
//       CHECK: %[[C2:.*]] = memref.cast %[[C1]]
//   CHECK-NOT: bufferization.clone
//       CHECK: bufferization.dealloc (%{{.*}} : memref<i8>) if (%true) retain (%[[C2]] : memref<2xf32>)
//       CHECK: return %[[C2]]
// EXEC: @view_kinds: SAFE
func.func @view_kinds() -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xi8>
  %v = memref.view %a[%c0][] : memref<8xi8> to memref<2xf32>
  %cast = memref.cast %v : memref<2xf32> to memref<?xf32>
  %back = memref.cast %cast : memref<?xf32> to memref<2xf32>
  return %back : memref<2xf32>
}

// -----

// SPEC: [own.manual] [own.live.outer]
// Under manual deallocation an allocation is never owned and a free is kept.
// Inside the region the selected buffer is captured, so not owned: no check.
// CHECK-LABEL: func @manual
//       CHECK: %[[A:.*]] = memref.alloc() {bufferization.manual_deallocation}
//       CHECK: %[[B:.*]] = memref.alloc() : memref<2xf32>
//       CHECK: %[[O:.*]] = arith.select %arg0, %false, %true : i1
//       CHECK: %[[S:.*]] = arith.select %arg0, %[[A]], %[[B]]
//       CHECK: scf.if %arg0 {
//  CHECK-NEXT:   memref.dealloc %[[S]] {bufferization.manual_deallocation}
//  CHECK-NEXT: } else {
//  CHECK-NEXT:   memref.dealloc %[[A]] {bufferization.manual_deallocation}
//  CHECK-NEXT: }
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%true)
// EXEC: @manual: SAFE
func.func @manual(%c: i1) {
  %a = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  scf.if %c {
    memref.dealloc %s {bufferization.manual_deallocation} : memref<2xf32>
  } else {
    memref.dealloc %a {bufferization.manual_deallocation} : memref<2xf32>
  }
  return
}
