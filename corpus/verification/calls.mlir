// Calls: defined callees are inlined (with the boundary checks of public
// callees), declaration-only callees return fresh heap buffers, recursion is
// not encoded.
// SPEC: [verify.encoding.calls]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

func.func private @ext() -> (memref<2xf32>, index)

// CHECK-LABEL: @external: SAFE
func.func @external() -> memref<2xf32> {
  %m, %n = call @ext() : () -> (memref<2xf32>, index)
  %c0 = arith.constant 0 : index
  %z = arith.cmpi eq, %n, %c0 : index
  scf.if %z {
    memref.dealloc %m : memref<2xf32>
  }
  %r = memref.alloc() : memref<2xf32>
  return %r : memref<2xf32>
}

func.func @frees_arg(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}

// A public callee may not free its argument, even one the caller owns.
// CHECK-LABEL: @calls_public: INVALID_FREE on input "" (
// CHECK: replayed by dealloc-run: INVALID_FREE
func.func @calls_public() {
  %a = memref.alloc() : memref<2xf32>
  call @frees_arg(%a) : (memref<2xf32>) -> ()
  return
}

func.func private @frees_private(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}

// A private callee has no boundary ([abi.private]).
// CHECK-LABEL: @calls_private: SAFE
func.func @calls_private() {
  %a = memref.alloc() : memref<2xf32>
  call @frees_private(%a) : (memref<2xf32>) -> ()
  return
}

func.func private @scratch() {
  %s = memref.alloca() : memref<2xf32>
  return
}

func.func private @stack_view() -> memref<2xf32> {
  %s = memref.alloca() : memref<2xf32>
  return %s : memref<2xf32>
}

// The callee's stack buffer is released when it returns.
// CHECK-LABEL: @dangling_stack: USE_AFTER_FREE on input "" (
func.func @dangling_stack() -> f32 {
  call @scratch() : () -> ()
  %s = call @stack_view() : () -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %s[%c0] : memref<2xf32>
  return %v : f32
}

func.func private @rec(%n: index) {
  call @rec(%n) : (index) -> ()
  return
}

// A call cycle is checked by induction ([verify.encoding.calls.recursive]):
// @rec never returns, so no run breaks its contract (partial correctness).
// CHECK-LABEL: @recursive: SAFE
func.func @recursive(%n: index) {
  call @rec(%n) : (index) -> ()
  return
}
