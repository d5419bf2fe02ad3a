// A result may be any view of the returned buffer; the caller owns and frees
// the whole buffer; aliasing is buffer identity, not overlap.
// SPEC: [abi.results.view]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: mlir-opt %S/Inputs/returned-views-pipeline.mlir --buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s --check-prefix=PIPE

// The callee returns a subview with an offset; upstream returns it as is.
// CHECK-LABEL: @make_view: SAFE (1 input)
func.func @make_view() -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}

// The caller frees the whole buffer through the base of the view.
// CHECK-LABEL: @free_through_base: SAFE (1 input)
func.func @free_through_base() {
  %v = call @make_view() : () -> memref<2xf32, strided<[1], offset: 2>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %v : memref<2xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return
}

// Not freeing it leaks the whole 4-element buffer; upstream's pipeline,
// run on the same functions without the hand-written free
// (Inputs/returned-views-pipeline.mlir), returns the view as is and frees it
// in the caller (PIPE).
// CHECK-LABEL: @forget_view: LEAK (1 input)
// CHECK:         reason: [heap.leak] buffer #1 (memref.alloc) is live and not returned
// PIPE-LABEL:  @make_view: SAFE (1 input)
// PIPE-LABEL:  @forget_view: SAFE (1 input)
func.func @forget_view() {
  %v = call @make_view() : () -> memref<2xf32, strided<[1], offset: 2>>
  %c0 = arith.constant 0 : index
  %x = memref.load %v[%c0] : memref<2xf32, strided<[1], offset: 2>>
  return
}

// Two disjoint halves of one buffer are aliases: returning both violates
// [abi.results.distinct] although they do not overlap. Upstream returns
// them as they are (PIPE; [dev.abi.results-alias]).
// CHECK-LABEL: @two_halves: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.distinct] result 1 of @two_halves views buffer #1, which an earlier result also views
// PIPE-LABEL:  @two_halves: ABI_VIOLATION (1 input)
func.func @two_halves() -> (memref<2xf32, strided<[1]>>, memref<2xf32, strided<[1], offset: 2>>) {
  %a = memref.alloc() : memref<4xf32>
  %lo = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %hi = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %lo, %hi : memref<2xf32, strided<[1]>>, memref<2xf32, strided<[1], offset: 2>>
}
