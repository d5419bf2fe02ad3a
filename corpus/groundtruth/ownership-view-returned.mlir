// --ownership-based-buffer-deallocation alone on a public function that may
// return a memref.view (shift 16) of an allocation. The output keeps a
// bufferization.dealloc of the allocation retaining the result. Spec
// ([dealloc.retain]): the view IS the allocation's buffer, so nothing is
// freed: SAFE. Upstream's lowering compares aligned pointers, which differ by
// the shift, frees the allocation, and the caller gets a freed buffer:
// spec/deviations.md [dev.dealloc.lower.view-pointer], the expected
// disagreement below. (Through the whole pipeline the comparison is explicit
// in the IR and both sides agree: pipeline-view-returned.mlir.)
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --ownership %s
// EXPECT: @ret ABI_VIOLATION SAFE
// DEVIATION: @ret(true,b0) run=SAFE valgrind=ABI_VIOLATION [dev.dealloc.lower.view-pointer]

func.func @ret(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<64xi8>
  %c16 = arith.constant 16 : index
  %v = memref.view %0[%c16][] : memref<64xi8> to memref<2xf32>
  memref.copy %a, %v : memref<2xf32> to memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %a, %1 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %v, %1 : memref<2xf32>
  return %r : memref<2xf32>
}
