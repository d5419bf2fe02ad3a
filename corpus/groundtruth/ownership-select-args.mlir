// Upstream --ownership-based-buffer-deallocation alone: the output keeps a
// bufferization.dealloc of four base buffers (two arguments with condition
// false; the allocation and the result, which alias when %c is true, both
// with condition true) retaining the result. Lowered by upstream's generic
// dealloc_helper. Checks the spec of bufferization.dealloc with aliasing
// operands against upstream's lowering.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --ownership %s
// EXPECT: @f SAFE

func.func @f(%c: i1, %a: memref<2xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %0, %b : memref<2xf32>
  return %r : memref<2xf32>
}
