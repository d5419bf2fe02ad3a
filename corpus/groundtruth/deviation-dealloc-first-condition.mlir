// bufferization.dealloc of two views of one allocation with differing
// conditions. Spec [dealloc.free.condition]: freed iff the disjunction of the
// conditions holds. Upstream's generic lowering (dealloc_helper) lets only
// the first aliasing operand decide, so (c, d) = (false, true) leaks in real
// execution while dealloc-run says SAFE: spec/deviations.md
// [dev.dealloc.alias.first-condition]. Expected disagreement, nothing else.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @views LEAK SAFE
// DEVIATION: @views(false,true) run=SAFE valgrind=LEAK [dev.dealloc.alias.first-condition]

func.func @views(%c: i1, %d: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  %s = memref.subview %0[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %s : memref<2xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  %base0, %off0, %size0, %stride0 = memref.extract_strided_metadata %0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base0, %base : memref<f32>, memref<f32>) if (%c, %d)
  return
}
