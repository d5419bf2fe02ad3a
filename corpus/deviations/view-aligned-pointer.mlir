// The root cause of the view-pointer deviation, executed: the aligned pointer
// that upstream's alias checks compare is unchanged by subview, cast,
// reinterpret_cast, expand_shape and collapse_shape, but memref.view advances
// it by its byte shift. Prints (pointer - pointer of the allocation) for
// each view.
// SPEC: [dev.dealloc.lower.view-pointer]
// RUN: mlir-opt %s -expand-strided-metadata -lower-affine -finalize-memref-to-llvm -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s
// subview, cast, reinterpret_cast, expand_shape, collapse_shape:
// CHECK:      0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// memref.view at byte shift 8:
// CHECK-NEXT: 8

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_delta(%p: index, %base: index) {
  %d = arith.subi %p, %base : index
  %i = arith.index_cast %d : index to i64
  call @printI64(%i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<16xi8>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<16xi8> -> index
  %s = memref.subview %a[4][4][1] : memref<16xi8> to memref<4xi8, strided<[1], offset: 4>>
  %ps = memref.extract_aligned_pointer_as_index %s : memref<4xi8, strided<[1], offset: 4>> -> index
  call @print_delta(%ps, %pa) : (index, index) -> ()
  %c = memref.cast %a : memref<16xi8> to memref<?xi8>
  %pc = memref.extract_aligned_pointer_as_index %c : memref<?xi8> -> index
  call @print_delta(%pc, %pa) : (index, index) -> ()
  %r = memref.reinterpret_cast %a to offset: [8], sizes: [8], strides: [1] : memref<16xi8> to memref<8xi8, strided<[1], offset: 8>>
  %pr = memref.extract_aligned_pointer_as_index %r : memref<8xi8, strided<[1], offset: 8>> -> index
  call @print_delta(%pr, %pa) : (index, index) -> ()
  %e = memref.expand_shape %a [[0, 1]] output_shape [4, 4] : memref<16xi8> into memref<4x4xi8>
  %pe = memref.extract_aligned_pointer_as_index %e : memref<4x4xi8> -> index
  call @print_delta(%pe, %pa) : (index, index) -> ()
  %k = memref.collapse_shape %e [[0, 1]] : memref<4x4xi8> into memref<16xi8>
  %pk = memref.extract_aligned_pointer_as_index %k : memref<16xi8> -> index
  call @print_delta(%pk, %pa) : (index, index) -> ()
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %pv = memref.extract_aligned_pointer_as_index %v : memref<2xf32> -> index
  call @print_delta(%pv, %pa) : (index, index) -> ()
  memref.dealloc %a : memref<16xi8>
  return
}
