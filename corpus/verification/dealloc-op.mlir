// bufferization.dealloc is encoded exactly: aliasing operands with differing
// conditions free their buffer once iff any condition holds, retained
// buffers are never freed, results are the disjunction over aliases.
// SPEC: [verify.encoding]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// Two views of one buffer, only the second condition true: freed once.
// CHECK-LABEL: @alias_second_condition: SAFE
func.func @alias_second_condition(%c: i1) {
  %f = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  bufferization.dealloc (%a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>) if (%f, %c)
  %nc = arith.xori %c, %c : i1
  %t = arith.constant true
  %keep = arith.xori %c, %t : i1
  scf.if %keep {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// The result says whether the retained buffer is still owned.
// CHECK-LABEL: @retained_result: SAFE
func.func @retained_result(%c: i1, %d: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %t = arith.constant true
  %r = arith.select %d, %a, %b : memref<2xf32>
  %own = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%t, %t) retain (%r : memref<2xf32>)
  %out = scf.if %own -> memref<2xf32> {
    scf.yield %r : memref<2xf32>
  } else {
    %x = bufferization.clone %r : memref<2xf32> to memref<2xf32>
    scf.yield %x : memref<2xf32>
  }
  return %out : memref<2xf32>
}

// Dropping the retained operand frees the returned buffer.
// CHECK-LABEL: @retain_dropped: ABI_VIOLATION on input false (
// CHECK: replayed by dealloc-run: ABI_VIOLATION
func.func @retain_dropped(%d: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %t = arith.constant true
  %r = arith.select %d, %a, %b : memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%t) retain (%r : memref<2xf32>)
  bufferization.dealloc (%b : memref<2xf32>) if (%t)
  return %r : memref<2xf32>
}

// A false condition on a freed buffer is not a use ([dealloc.operands.dangling]).
// CHECK-LABEL: @dangling_false: SAFE
func.func @dangling_false(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %f = arith.constant false
  bufferization.dealloc (%a : memref<2xf32>) if (%f)
  return
}

// CHECK-LABEL: @dealloc_twice: DOUBLE_FREE on input true (
func.func @dealloc_twice(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %t = arith.constant true
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  bufferization.dealloc (%a : memref<2xf32>) if (%t)
  return
}
