// A private callee may free a heap buffer its caller passes in (no boundary
// checks on private functions, spec/abi.md): @ok is SAFE. @bad passes its own
// argument through, so the free hits a caller-provided buffer: INVALID_FREE.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @ok SAFE
// EXPECT: @bad INVALID_FREE

func.func private @consume(%m: memref<2xf32>, %out: memref<2xf32>) {
  memref.copy %m, %out : memref<2xf32> to memref<2xf32>
  memref.dealloc %m : memref<2xf32>
  return
}

func.func @ok(%out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  call @consume(%0, %out) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

func.func @bad(%a: memref<2xf32>, %out: memref<2xf32>) {
  call @consume(%a, %out) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}
