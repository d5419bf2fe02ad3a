// UPSTREAM BUG (MLIR 22): a memref.view at a non-zero byte shift that may be
// returned. The pipeline decides whether to free %0 by comparing aligned
// pointers (extract_aligned_pointer_as_index), but the view's aligned pointer
// is %0's plus 16 bytes (memref.view advances it; spec: addresses). So for
// %c = true the comparison says "different buffer", %0 is freed, and the
// caller receives a freed buffer: ABI_VIOLATION (the caller's free is a
// double free). Both valgrind and dealloc-run must see it.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @ret ABI_VIOLATION SAFE

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
