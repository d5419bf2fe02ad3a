// The calls a contract covers: each callee below is SAFE for the inputs of
// [verify.inputs] (and for unconstrained contents), but misbehaves when its
// arguments are outside that model. A call outside the model is never
// summarised (it stops the check with summaries, or is inlined), so each
// caller gets the verdict of the exact encoding.
// SPEC: [verify.encoding.calls.summary]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s

// Arguments of different types never share a buffer in the model.
// CHECK-LABEL: @same_buffer_two_types: LEAK on input "" (
// CHECK: replayed by dealloc-run: LEAK
func.func @same_buffer_two_types() {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.cast %a : memref<4xf32> to memref<?xf32>
  call @leaks_if_same(%a, %s) : (memref<4xf32>, memref<?xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: @leaks_if_same: SAFE
func.func @leaks_if_same(%a: memref<4xf32>, %b: memref<?xf32>) {
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
  %same = arith.cmpi eq, %p, %q : index
  scf.if %same {
    %x = memref.alloc() : memref<2xf32>
  }
  return
}

// Arguments of one type that share a buffer have equal sizes in the model.
// CHECK-LABEL: @same_buffer_two_sizes: LEAK on input "" (
// CHECK: replayed by dealloc-run: LEAK
func.func @same_buffer_two_sizes() {
  %a = memref.alloc() : memref<4xf32>
  %s2 = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %s3 = memref.subview %a[0] [3] [1] : memref<4xf32> to memref<3xf32, strided<[1]>>
  %d2 = memref.cast %s2 : memref<2xf32, strided<[1]>> to memref<?xf32>
  %d3 = memref.cast %s3 : memref<3xf32, strided<[1]>> to memref<?xf32>
  call @leaks_if_sizes_differ(%d2, %d3) : (memref<?xf32>, memref<?xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: @leaks_if_sizes_differ: SAFE
func.func @leaks_if_sizes_differ(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %p = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
  %same = arith.cmpi eq, %p, %q : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %m = memref.dim %b, %c0 : memref<?xf32>
  %differ = arith.cmpi ne, %n, %m : index
  %bad = arith.andi %same, %differ : i1
  scf.if %bad {
    %x = memref.alloc() : memref<2xf32>
  }
  return
}

memref.global "private" @g : memref<2xf32> = dense<0.0>

// No argument views a global in the model.
// CHECK-LABEL: @passes_global: LEAK on input "" (
// CHECK: replayed by dealloc-run: LEAK
func.func @passes_global() {
  %g = memref.get_global @g : memref<2xf32>
  call @leaks_if_global(%g) : (memref<2xf32>) -> ()
  return
}

// CHECK-LABEL: @leaks_if_global: SAFE
func.func @leaks_if_global(%a: memref<2xf32>) {
  %g = memref.get_global @g : memref<2xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %g : memref<2xf32> -> index
  %same = arith.cmpi eq, %p, %q : index
  scf.if %same {
    %x = memref.alloc() : memref<2xf32>
  }
  return
}

// The callee may write the globals: a caller that relies on a global's
// contents across the call is checked with the call inlined.
// CHECK-LABEL: @global_written: LEAK on input "" (
// CHECK: replayed by dealloc-run: LEAK
func.func @global_written() {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %g = memref.get_global @g : memref<2xf32>
  memref.store %z, %g[%c0] : memref<2xf32>
  %r = call @writes_global() : () -> memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  %v = memref.load %g[%c0] : memref<2xf32>
  %set = arith.cmpf one, %v, %z : f32
  scf.if %set {
    %x = memref.alloc() : memref<2xf32>
  }
  return
}

// CHECK-LABEL: @writes_global: SAFE
func.func @writes_global() -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %g = memref.get_global @g : memref<2xf32>
  memref.store %one, %g[%c0] : memref<2xf32>
  %r = memref.alloc() : memref<2xf32>
  return %r : memref<2xf32>
}

// The callee may write its arguments' buffers.
// CHECK-LABEL: @argument_written: LEAK on input "" (
// CHECK: replayed by dealloc-run: LEAK
func.func @argument_written() {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %z, %a[%c0] : memref<2xf32>
  call @writes_argument(%a) : (memref<2xf32>) -> ()
  %v = memref.load %a[%c0] : memref<2xf32>
  %set = arith.cmpf one, %v, %z : f32
  scf.if %set {
    %x = memref.alloc() : memref<2xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}

// CHECK-LABEL: @writes_argument: SAFE
func.func @writes_argument(%a: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<2xf32>
  return
}

// Dynamic extents are at most 2^20 in the model.
// (A counterexample needs a buffer of more than 2^20 bytes: -1 is 4 GiB,
// which dealloc-run runs, [buffer.contents.lazy].)
// CHECK-LABEL: @large_extent: LEAK on input -1 (
// CHECK: replayed by dealloc-run: LEAK
func.func @large_extent(%k: i32) {
  %n = arith.index_castui %k : i32 to index
  %a = memref.alloc(%n) : memref<?xi8>
  call @leaks_if_large(%a) : (memref<?xi8>) -> ()
  memref.dealloc %a : memref<?xi8>
  return
}

// CHECK-LABEL: @leaks_if_large: SAFE
func.func @leaks_if_large(%a: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %limit = arith.constant 1048576 : index
  %n = memref.dim %a, %c0 : memref<?xi8>
  %large = arith.cmpi ugt, %n, %limit : index
  scf.if %large {
    %x = memref.alloc() : memref<2xf32>
  }
  return
}

// A result's contents and sizes are unconstrained; the caller's use of a
// result's size is checked with the call inlined where it matters.
// CHECK-LABEL: @result_size: SAFE
func.func @result_size(%n: index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %r = call @sized(%n) : (index) -> memref<?xf32>
  %m = memref.dim %r, %c0 : memref<?xf32>
  %small = arith.cmpi ult, %m, %c3 : index
  scf.if %small {
    memref.dealloc %r : memref<?xf32>
  } else {
    memref.dealloc %r : memref<?xf32>
  }
  return
}

// CHECK-LABEL: @sized: SAFE
func.func @sized(%n: index) -> memref<?xf32> {
  %c4 = arith.constant 4 : index
  %m = arith.minui %n, %c4 : index
  %r = memref.alloc(%m) : memref<?xf32>
  return %r : memref<?xf32>
}

// Results are of fresh shape: every element inside the buffer.
// CHECK-LABEL: @reads_result_end: UNKNOWN (input "" reaches out-of-bounds access (outside the buffer's bytes)
func.func @reads_result_end() {
  %c3 = arith.constant 3 : index
  %r = call @too_long() : () -> memref<4xf32>
  %v = memref.load %r[%c3] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}

// CHECK-LABEL: @too_long: SAFE
func.func @too_long() -> memref<4xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
  return %r : memref<4xf32>
}
