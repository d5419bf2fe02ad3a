// Upstream --ownership-based-buffer-deallocation alone on a loop that swaps
// buffers: bufferization.dealloc inside the loop body and after it.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --ownership %s
// EXPECT: @f SAFE

func.func @f(%n: index, %c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<2xf32>) {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %x, %0 : memref<2xf32> to memref<2xf32>
    %y = arith.select %c, %0, %x : memref<2xf32>
    scf.yield %y : memref<2xf32>
  }
  return %r : memref<2xf32>
}
