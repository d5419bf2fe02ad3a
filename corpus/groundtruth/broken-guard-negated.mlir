// Broken variant "negate a guard": upstream's output for a select between
// two allocations, with the guard of the first free negated (ne -> eq).
// %c = true: %alloc is the result and is freed: ABI_VIOLATION.
// %c = false: %alloc is neither freed nor returned: LEAK.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f ABI_VIOLATION LEAK

func.func @f(%arg0: i1, %arg1: memref<?xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() : memref<2xf32>
  %alloc_0 = memref.alloc() : memref<2xf32>
  %0 = arith.select %arg0, %alloc, %alloc_0 : memref<2xf32>
  %1 = memref.load %arg1[%c0] : memref<?xf32>
  memref.store %1, %0[%c0] : memref<2xf32>
  memref.store %1, %alloc[%c0] : memref<2xf32>
  %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<2xf32> -> index
  %intptr_1 = memref.extract_aligned_pointer_as_index %0 : memref<2xf32> -> index
  %2 = arith.cmpi eq, %intptr, %intptr_1 : index
  scf.if %2 {
    memref.dealloc %alloc : memref<2xf32>
  }
  %intptr_2 = memref.extract_aligned_pointer_as_index %alloc_0 : memref<2xf32> -> index
  %3 = arith.cmpi ne, %intptr_2, %intptr_1 : index
  scf.if %3 {
    memref.dealloc %alloc_0 : memref<2xf32>
  }
  return %0 : memref<2xf32>
}
