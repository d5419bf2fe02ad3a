// Upstream pipeline: a subview of an allocation returned (the view keeps
// the buffer; the caller frees the allocated pointer). A subview that may
// view an argument would be returned through a bufferization.clone of a
// strided memref, which --convert-bufferization-to-memref cannot lower
// (docs/groundtruth.md, "Upstream findings").
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @of_alloc SAFE

func.func @of_alloc(%a: memref<2xf32>) -> memref<2xf32, strided<[1], offset: 2>> {
  %0 = memref.alloc() : memref<4xf32>
  %s = memref.subview %0[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  memref.copy %a, %s : memref<2xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %s : memref<2xf32, strided<[1], offset: 2>>
}
