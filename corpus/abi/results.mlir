// Results of public functions: live heap buffers, not an argument's, not
// shared between results; the caller owns them.
// SPEC: [abi.results.heap] [abi.results.no_arg_alias] [abi.results.distinct] [abi.results.owned]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @return_freed: ABI_VIOLATION (1 input)
// CHECK-NEXT:    input:
// CHECK-NEXT:    reason: [abi.results.heap] result 0 of @return_freed views freed buffer #1
// CHECK-NEXT:    trace:
// CHECK-NEXT:      allocated buffer #1
// CHECK-NEXT:      freed at
// CHECK-NEXT:      returned at
func.func @return_freed() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return %a : memref<2xf32>
}

// CHECK-LABEL: @return_arg: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.heap] result 0 of @return_arg views arg buffer #1
func.func @return_arg(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}

// An internal public callee returning a view of its (heap) argument.
// CHECK-LABEL: @caller_of_identity: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.no_arg_alias] result 0 of @identity views buffer #1, which an argument also views
func.func @identity(%m: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 2>> {
  %v = memref.subview %m[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}
func.func @caller_of_identity() {
  %a = memref.alloc() : memref<4xf32>
  %v = call @identity(%a) : (memref<4xf32>) -> memref<2xf32, strided<[1], offset: 2>>
  memref.dealloc %a : memref<4xf32>
  return
}

// The PSA case: returning one buffer twice. Spec: a copy must be made.
// CHECK-LABEL: @return_twice: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.distinct] result 1 of @return_twice views buffer #1, which an earlier result also views
func.func @return_twice() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  return %a, %a : memref<2xf32>, memref<2xf32>
}

// With a copy it is fine, and the caller owns both results (no leak).
// CHECK-LABEL: @return_copy: SAFE (1 input)
func.func @return_copy() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  return %a, %b : memref<2xf32>, memref<2xf32>
}

// The caller owns a public callee's result and must free it.
// CHECK-LABEL: @caller_frees_result: SAFE (1 input)
// CHECK-LABEL: @caller_forgets_result: LEAK (1 input)
func.func @make() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}
func.func @caller_frees_result() {
  %r = call @make() : () -> memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  return
}
func.func @caller_forgets_result() {
  %r = call @make() : () -> memref<2xf32>
  return
}
