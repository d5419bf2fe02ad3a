// Buffers are allocation records with an identity, a kind and a state; only
// heap buffers can be freed or leak.
// SPEC: [buffer.record] [buffer.kind]
// RUN: not dealloc-run %s | FileCheck %s

// The identity survives the free: a second free through another view is
// recognised as the same buffer.
// CHECK-LABEL: @identity_survives_free: DOUBLE_FREE (1 input)
// CHECK-NEXT:    input:
// CHECK-NEXT:    reason: [heap.free.twice]
// CHECK-NEXT:    trace:
// CHECK-NEXT:      allocated buffer #1 at loc({{.*}}:[[@LINE+4]]:8)
// CHECK-NEXT:      freed at loc({{.*}}:[[@LINE+5]]:3)
// CHECK-NEXT:      freed again at loc({{.*}}:[[@LINE+5]]:3)
func.func @identity_survives_free() {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %v : memref<2xf32, strided<[1], offset: 1>>
  return
}

// Kinds: heap (alloc, clone, realloc, external results) is freeable.
// CHECK-LABEL: @heap_kinds: SAFE (1 input)
func.func private @ext() -> memref<2xf32>
func.func @heap_kinds() {
  %a = memref.alloc() : memref<2xf32>
  %c = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %r = memref.realloc %c : memref<2xf32> to memref<4xf32>
  %e = call @ext() : () -> memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %e : memref<2xf32>
  return
}

// Stack and global buffers are not.
// CHECK-LABEL: @stack_kind: INVALID_FREE
// CHECK:         allocated stack buffer #1
func.func @stack_kind() {
  %a = memref.alloca() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

memref.global "private" @g : memref<2xf32> = dense<0.0>
// CHECK-LABEL: @global_kind: INVALID_FREE
// CHECK:         buffer #1 is the global defined at
func.func @global_kind() {
  %a = memref.get_global @g : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// Caller-provided (arg) buffers are not freeable either.
// CHECK-LABEL: @arg_kind: INVALID_FREE
// CHECK:         reason: [abi.args.not_owned]
// CHECK:         buffer #1 is a caller-provided argument buffer
func.func @arg_kind(%a: memref<2xf32>) {
  memref.dealloc %a : memref<2xf32>
  return
}
