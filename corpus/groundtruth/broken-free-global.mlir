// Broken variant "free a global". The LLVM lowering of memref.get_global
// puts the sentinel 0xdeadbeef in the allocated pointer; valgrind reports
// "not stack'd, malloc'd or (recently) free'd" (docs/groundtruth.md).
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f INVALID_FREE

memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>

func.func @f(%out: memref<2xf32>) {
  %0 = memref.get_global @table : memref<2xf32>
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}
