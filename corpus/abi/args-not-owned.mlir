// A callee never frees its arguments' buffers: caller-provided buffers of the
// entry function and heap buffers lent to an active public call.
// SPEC: [abi.args.not_owned]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @free_entry_arg: INVALID_FREE (1 input)
// CHECK-NEXT:    input: b0
// CHECK-NEXT:    reason: [abi.args.not_owned] 'memref.dealloc' frees buffer #1, the buffer of an argument of a public function
func.func @free_entry_arg(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}

// A public callee freeing the heap buffer its caller lent it; the caller then
// frees it too, but the ABI names the callee.
// CHECK-LABEL: @lend_to_public: INVALID_FREE (1 input)
// CHECK:         allocated buffer #1 at
// CHECK-NEXT:    freed without ownership at loc({{.*}}:[[@LINE+2]]:3)
func.func @public_consumer(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}
func.func @lend_to_public() {
  %a = memref.alloc() : memref<2xf32>
  call @public_consumer(%a) : (memref<2xf32>) -> ()
  return
}

// A private helper called from a public function may not free that public
// function's argument either (the borrow lasts for the public call).
// CHECK-LABEL: @through_private_helper: INVALID_FREE
func.func private @helper(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}
func.func @through_private_helper(%m: memref<2xf32>) {
  call @helper(%m) : (memref<2xf32>) -> ()
  return
}
