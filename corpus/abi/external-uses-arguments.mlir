// A declaration-only callee may read and write its memref arguments during
// the call ([abi.external]): passing a freed buffer is a use after free,
// and afterwards the arguments' buffers may hold any (initialized) values.
// SPEC: [abi.external], [heap.use]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

func.func private @consume(memref<2xf32>)
func.func private @fill(memref<2xi32>)
func.func private @consume_view(memref<2xf32, strided<[1], offset: ?>>)

// INTERP-LABEL: @pass_freed: USE_AFTER_FREE
// INTERP:         reason: [heap.use] 'func.call' accesses freed buffer
// VERIFY-LABEL: @pass_freed: USE_AFTER_FREE
func.func @pass_freed() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  call @consume(%a) : (memref<2xf32>) -> ()
  return
}

// A subview of a freed buffer is a use of the buffer too.
// INTERP-LABEL: @pass_freed_view: USE_AFTER_FREE
// VERIFY-LABEL: @pass_freed_view: USE_AFTER_FREE
func.func @pass_freed_view() {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %c = memref.cast %s : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32, strided<[1], offset: ?>>
  memref.dealloc %a : memref<4xf32>
  call @consume_view(%c) : (memref<2xf32, strided<[1], offset: ?>>) -> ()
  return
}

// Passing a live buffer is fine.
// INTERP-LABEL: @pass_live: SAFE
// VERIFY-LABEL: @pass_live: SAFE
func.func @pass_live() {
  %a = memref.alloc() : memref<2xf32>
  call @consume(%a) : (memref<2xf32>) -> ()
  memref.dealloc %a : memref<2xf32>
  return
}

// The callee may have written the buffer: a free decided by its contents
// after the call leaks on some write. dealloc-run runs the execution in which
// the callee writes nothing (and the store's 1 stays), so it sees no leak;
// verify considers every write and finds the leak, which the interpreter's
// execution does not replay: UNKNOWN, never SAFE.
// INTERP-LABEL: @free_decided_by_callee: SAFE
// VERIFY-LABEL: @free_decided_by_callee: UNKNOWN
func.func @free_decided_by_callee() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %flag = memref.alloc() : memref<2xi32>
  memref.store %one, %flag[%c0] : memref<2xi32>
  call @fill(%flag) : (memref<2xi32>) -> ()
  %v = memref.load %flag[%c0] : memref<2xi32>
  %b = memref.alloc() : memref<2xf32>
  %free = arith.cmpi eq, %v, %one : i32
  scf.if %free {
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %flag : memref<2xi32>
  return
}
