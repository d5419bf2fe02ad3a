// Broken variant "drop an entry from a retain list": upstream's simplified
// output for a select between an allocation and an argument, with the
// returned value removed from the retain list. For %c = true the result IS
// %alloc, which is now freed before being returned: ABI_VIOLATION.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f ABI_VIOLATION SAFE

func.func @f(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) -> memref<2xf32> {
  %true = arith.constant true
  %alloc = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %alloc : memref<2xf32> to memref<2xf32>
  %0 = arith.select %arg0, %alloc, %arg2 : memref<2xf32>
  %1 = scf.if %arg0 -> (memref<2xf32>) {
    scf.yield %0 : memref<2xf32>
  } else {
    %3 = bufferization.clone %0 : memref<2xf32> to memref<2xf32>
    scf.yield %3 : memref<2xf32>
  }
  bufferization.dealloc (%alloc : memref<2xf32>) if (%true)
  return %1 : memref<2xf32>
}
