// Blind set (issue 27): views and buffer kinds written without looking at the
// corpus: subview, expand/collapse_shape, reinterpret_cast, cast (to dynamic
// and unranked), view, transpose, realloc, alloca and alloca_scope,
// get_global, bufferization.clone, extract_strided_metadata. Each part between
// the separator lines is one program for bench/decisiveness.py; here the file
// is one module through both pipelines, and each function's answer from
// dealloc-run, dealloc-verify and --equiv is pinned.
// SPEC: [pipeline.input] [equiv.match]
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC-UP
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY-UP
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC-REF
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY-REF
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// EXEC-UP-LABEL: @subview_return: SAFE
// EXEC-REF-LABEL: @subview_return: SAFE
// VERIFY-UP-LABEL: @subview_return: SAFE
// VERIFY-REF-LABEL: @subview_return: SAFE
// EQUIV-LABEL: @subview_return: EQUIVALENT
func.func @subview_return(%n: index) -> memref<4xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  return %s : memref<4xf32, strided<[1], offset: 2>>
}

// -----
// EXEC-UP-LABEL: @subview_dynamic: SAFE
// EXEC-REF-LABEL: @subview_dynamic: SAFE
// VERIFY-UP-LABEL: @subview_dynamic: SAFE
// VERIFY-REF-LABEL: @subview_dynamic: SAFE
// EQUIV-LABEL: @subview_dynamic: EQUIVALENT
func.func @subview_dynamic(%off: index, %sz: index) -> f32 {
  %a = memref.alloc() : memref<64xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %s = memref.subview %a[%off] [%sz] [1] : memref<64xf32> to memref<?xf32, strided<[1], offset: ?>>
  %c0 = arith.constant 0 : index
  %v = memref.load %s[%c0] : memref<?xf32, strided<[1], offset: ?>>
  return %v : f32
}

// -----
// EXEC-UP-LABEL: @expand_collapse: SAFE
// EXEC-REF-LABEL: @expand_collapse: SAFE
// VERIFY-UP-LABEL: @expand_collapse: SAFE
// VERIFY-REF-LABEL: @expand_collapse: SAFE
// EQUIV-LABEL: @expand_collapse: EQUIVALENT
func.func @expand_collapse() -> memref<12xf32> {
  %a = memref.alloc() : memref<3x4xf32>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [3, 2, 2] : memref<3x4xf32> into memref<3x2x2xf32>
  %c = memref.collapse_shape %e [[0, 1, 2]] : memref<3x2x2xf32> into memref<12xf32>
  return %c : memref<12xf32>
}

// -----
// EXEC-UP-LABEL: @reinterpret: SAFE
// EXEC-REF-LABEL: @reinterpret: SAFE
// VERIFY-UP-LABEL: @reinterpret: SAFE
// VERIFY-REF-LABEL: @reinterpret: SAFE
// EQUIV-LABEL: @reinterpret: EQUIVALENT
func.func @reinterpret(%arg: memref<16xf32>) -> memref<4x4xf32> {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %arg, %a : memref<16xf32> to memref<16xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
  return %r : memref<4x4xf32>
}

// -----
// EXEC-UP-LABEL: @cast_dynamic: SAFE
// EXEC-REF-LABEL: @cast_dynamic: SAFE
// VERIFY-UP-LABEL: @cast_dynamic: SAFE
// VERIFY-REF-LABEL: @cast_dynamic: SAFE
// EQUIV-LABEL: @cast_dynamic: EQUIVALENT
func.func @cast_dynamic(%c: i1) -> memref<?xf32> {
  %a = memref.alloc() : memref<10xf32>
  %d = memref.cast %a : memref<10xf32> to memref<?xf32>
  return %d : memref<?xf32>
}

// -----
func.func private @print(memref<*xf32>)

// EXEC-UP-LABEL: @unranked_roundtrip: SAFE
// EXEC-REF-LABEL: @unranked_roundtrip: SAFE
// VERIFY-UP-LABEL: @unranked_roundtrip: SAFE
// VERIFY-REF-LABEL: @unranked_roundtrip: SAFE
// EQUIV-LABEL: @unranked_roundtrip: EQUIVALENT
func.func @unranked_roundtrip() {
  %a = memref.alloc() : memref<2x3xf32>
  %f = arith.constant 0.0 : f32
  linalg.fill ins(%f : f32) outs(%a : memref<2x3xf32>)
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  call @print(%u) : (memref<*xf32>) -> ()
  %b = memref.cast %u : memref<*xf32> to memref<2x3xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0, %c0] : memref<2x3xf32>
  return
}

// -----
// EXEC-UP-LABEL: @view_of_bytes: SAFE
// EXEC-REF-LABEL: @view_of_bytes: SAFE
// VERIFY-UP-LABEL: @view_of_bytes: SAFE
// VERIFY-REF-LABEL: @view_of_bytes: SAFE
// EQUIV-LABEL: @view_of_bytes: EQUIVALENT
func.func @view_of_bytes(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %bytes = memref.alloc() : memref<256xi8>
  %v = memref.view %bytes[%c0][%n] : memref<256xi8> to memref<?xf32>
  return %v : memref<?xf32>
}

// -----
// EXEC-UP-LABEL: @realloc_grow: SAFE
// EXEC-REF-LABEL: @realloc_grow: SAFE
// VERIFY-UP-LABEL: @realloc_grow: SAFE
// VERIFY-REF-LABEL: @realloc_grow: SAFE
// EQUIV-LABEL: @realloc_grow: EQUIVALENT
func.func @realloc_grow(%n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %b = memref.realloc %a(%n) : memref<4xf32> to memref<?xf32>
  return %b : memref<?xf32>
}

// -----
// EXEC-UP-LABEL: @realloc_in_branch: SAFE
// EXEC-REF-LABEL: @realloc_in_branch: SAFE
// VERIFY-UP-LABEL: @realloc_in_branch: SAFE
// VERIFY-REF-LABEL: @realloc_in_branch: SAFE
// EQUIV-LABEL: @realloc_in_branch: EQUIVALENT
func.func @realloc_in_branch(%c: i1) -> memref<8xi32> {
  %a = memref.alloc() : memref<4xi32>
  %r = scf.if %c -> memref<8xi32> {
    %b = memref.realloc %a : memref<4xi32> to memref<8xi32>
    scf.yield %b : memref<8xi32>
  } else {
    %d = memref.alloc() : memref<8xi32>
    %sv = memref.subview %d[0] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1]>>
    memref.copy %a, %sv : memref<4xi32> to memref<4xi32, strided<[1]>>
    scf.yield %d : memref<8xi32>
  }
  return %r : memref<8xi32>
}

// -----
// EXEC-UP-LABEL: @alloca_scope_inner: SAFE
// EXEC-REF-LABEL: @alloca_scope_inner: SAFE
// VERIFY-UP-LABEL: @alloca_scope_inner: SAFE
// VERIFY-REF-LABEL: @alloca_scope_inner: SAFE
// EQUIV-LABEL: @alloca_scope_inner: EQUIVALENT
func.func @alloca_scope_inner(%n: index) -> f32 {
  %r = memref.alloca_scope -> f32 {
    %t = memref.alloca() : memref<4xf32>
    %h = memref.alloc() : memref<4xf32>
    %f = arith.constant 2.0 : f32
    %c0 = arith.constant 0 : index
    memref.store %f, %t[%c0] : memref<4xf32>
    memref.copy %t, %h : memref<4xf32> to memref<4xf32>
    %v = memref.load %h[%c0] : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  return %r : f32
}

// -----
memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>

// EXEC-UP-LABEL: @global_or_alloc: SAFE
// EXEC-REF-LABEL: @global_or_alloc: SAFE
// VERIFY-UP-LABEL: @global_or_alloc: SAFE
// VERIFY-REF-LABEL: @global_or_alloc: SAFE
// EQUIV-LABEL: @global_or_alloc: EQUIVALENT
func.func @global_or_alloc(%c: i1) -> memref<4xi32> {
  %g = memref.get_global @table : memref<4xi32>
  %a = memref.alloc() : memref<4xi32>
  memref.copy %g, %a : memref<4xi32> to memref<4xi32>
  %s = arith.select %c, %g, %a : memref<4xi32>
  return %s : memref<4xi32>
}

// -----
// EXEC-UP-LABEL: @clone_explicit: SAFE
// EXEC-REF-LABEL: @clone_explicit: SAFE
// VERIFY-UP-LABEL: @clone_explicit: SAFE
// VERIFY-REF-LABEL: @clone_explicit: SAFE
// EQUIV-LABEL: @clone_explicit: EQUIVALENT
func.func @clone_explicit(%arg: memref<3xf32>) -> memref<3xf32> {
  %c = bufferization.clone %arg : memref<3xf32> to memref<3xf32>
  return %c : memref<3xf32>
}

// -----
// EXEC-UP-LABEL: @subview_of_subview_in_loop: SAFE
// EXEC-REF-LABEL: @subview_of_subview_in_loop: SAFE
// VERIFY-UP-LABEL: @subview_of_subview_in_loop: SAFE
// VERIFY-REF-LABEL: @subview_of_subview_in_loop: SAFE
// EQUIV-LABEL: @subview_of_subview_in_loop: EQUIVALENT
func.func @subview_of_subview_in_loop(%n: index) -> memref<2x2xf32, strided<[8, 1], offset: ?>> {
  %a = memref.alloc() : memref<8x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %s = memref.subview %a[1, 1] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 9>>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %s) -> memref<4x4xf32, strided<[8, 1], offset: 9>> {
    scf.yield %acc : memref<4x4xf32, strided<[8, 1], offset: 9>>
  }
  %t = memref.subview %r[%n, 0] [2, 2] [1, 1] : memref<4x4xf32, strided<[8, 1], offset: 9>> to memref<2x2xf32, strided<[8, 1], offset: ?>>
  return %t : memref<2x2xf32, strided<[8, 1], offset: ?>>
}

// -----
// EXEC-UP-LABEL: @transpose_view: SAFE
// EXEC-REF-LABEL: @transpose_view: SAFE
// VERIFY-UP-LABEL: @transpose_view: SAFE
// VERIFY-REF-LABEL: @transpose_view: SAFE
// EQUIV-LABEL: @transpose_view: EQUIVALENT
func.func @transpose_view() -> memref<3x2xf32, strided<[1, 3]>> {
  %a = memref.alloc() : memref<2x3xf32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  return %t : memref<3x2xf32, strided<[1, 3]>>
}

// -----
// EXEC-UP-LABEL: @dyn_shape_2d: SAFE
// EXEC-REF-LABEL: @dyn_shape_2d: SAFE
// VERIFY-UP-LABEL: @dyn_shape_2d: SAFE
// VERIFY-REF-LABEL: @dyn_shape_2d: SAFE
// EQUIV-LABEL: @dyn_shape_2d: EQUIVALENT
func.func @dyn_shape_2d(%m: index, %n: index) -> memref<?x?xf32> {
  %a = memref.alloc(%m, %n) : memref<?x?xf32>
  %b = memref.alloc(%n, %m) : memref<?x?xf32>
  %f = arith.constant 0.0 : f32
  linalg.fill ins(%f : f32) outs(%b : memref<?x?xf32>)
  linalg.transpose ins(%b : memref<?x?xf32>) outs(%a : memref<?x?xf32>) permutation = [1, 0]
  return %a : memref<?x?xf32>
}

// -----
// EXEC-UP-LABEL: @memspace_and_align: SAFE
// EXEC-REF-LABEL: @memspace_and_align: SAFE
// VERIFY-UP-LABEL: @memspace_and_align: SAFE
// VERIFY-REF-LABEL: @memspace_and_align: SAFE
// EQUIV-LABEL: @memspace_and_align: EQUIVALENT
func.func @memspace_and_align(%n: index) -> index {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  memref.assume_alignment %a, 64 : memref<?xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %b, %off, %sz, %st = memref.extract_strided_metadata %a : memref<?xf32> -> memref<f32>, index, index, index
  %r = arith.addi %p, %sz : index
  return %r : index
}

// -----
// EXEC-UP-LABEL: @copy_between_views: SAFE
// EXEC-REF-LABEL: @copy_between_views: SAFE
// VERIFY-UP-LABEL: @copy_between_views: SAFE
// VERIFY-REF-LABEL: @copy_between_views: SAFE
// EQUIV-LABEL: @copy_between_views: EQUIVALENT
func.func @copy_between_views(%n: index) -> memref<4x4xf32> {
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<8x8xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%b : memref<8x8xf32>)
  %s = memref.subview %b[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  memref.copy %s, %a : memref<4x4xf32, strided<[8, 1], offset: 18>> to memref<4x4xf32>
  return %a : memref<4x4xf32>
}
