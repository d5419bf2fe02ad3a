// --reference-split-deallocations splits a dealloc whose operands view
// distinct allocations into one dealloc per allocation; this keeps the
// pipeline linear on blocks with many allocations.
// RUN: dealloc-opt %s -split-input-file --reference-split-deallocations | FileCheck %s
// RUN: dealloc-opt %s --reference-split-deallocations --reference-lower-deallocations | dealloc-run - | FileCheck %s --check-prefix=EXEC

// SPEC: [own.pipeline.split] [dealloc.results]
// %v views %a only: it is retained by %a's part alone, and its result is that
// part's result.
// CHECK-LABEL: func @split
//       CHECK: %[[RA:.*]] = bufferization.dealloc (%[[BA:.*]] : memref<f32>) if (%arg0) retain (%[[V:.*]] : memref<2xf32, strided<[1]>>)
//  CHECK-NEXT: bufferization.dealloc (%[[BB:.*]] : memref<f32>) if (%true)
//  CHECK-NEXT: scf.if %[[RA]]
// EXEC: @split: SAFE
func.func @split(%c: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %ba, %o0, %s0, %t0 = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  %bb, %o1, %s1, %t1 = memref.extract_strided_metadata %b : memref<4xf32> -> memref<f32>, index, index, index
  %r = bufferization.dealloc (%ba, %bb : memref<f32>, memref<f32>) if (%c, %true) retain (%v : memref<2xf32, strided<[1]>>)
  scf.if %r {
    memref.dealloc %a : memref<4xf32>
  }
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// -----

// SPEC: [own.pipeline.split]
// An operand that views no visible allocation (an argument) prevents the split.
// CHECK-LABEL: func @no_split
//       CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%false, %true)
//   CHECK-NOT: bufferization.dealloc
func.func @no_split(%m: memref<4xf32>, %c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %bm, %o0, %s0, %t0 = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
  %ba, %o1, %s1, %t1 = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%bm, %ba : memref<f32>, memref<f32>) if (%false, %true)
  return
}

// -----

// SPEC: [own.pipeline.split] [abi.call.results]
// The memref results of a call to a public function or a declaration are
// fresh buffers, distinct from each other and from the allocation before the
// call: one dealloc each, no run-time alias check.
// CHECK-LABEL: func @split_call_results
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%true)
//  CHECK-NEXT: bufferization.dealloc (%{{.*}} : memref<f32>) if (%true)
//  CHECK-NEXT: bufferization.dealloc (%{{.*}} : memref<f32>) if (%true)
//  CHECK-NEXT: return
// EXEC: @split_call_results: SAFE
func.func private @two_results() -> (memref<4xf32>, memref<4xf32>)
func.func @split_call_results() {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %r:2 = call @two_results() : () -> (memref<4xf32>, memref<4xf32>)
  %ba, %o0, %s0, %t0 = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  %b0, %o1, %s1, %t1 = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %b1, %o2, %s2, %t2 = memref.extract_strided_metadata %r#1 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%ba, %b0, %b1 : memref<f32>, memref<f32>, memref<f32>) if (%true, %true, %true)
  return
}

// -----

// SPEC: [own.pipeline.split] [abi.private]
// A private callee with a body has no boundary checks: its results may alias
// ([abi.private]), so the dealloc is not split.
// CHECK-LABEL: func @no_split_private_call
//       CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%true, %true)
//   CHECK-NOT: bufferization.dealloc
// EXEC: @no_split_private_call: SAFE
func.func private @same_twice() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @no_split_private_call() {
  %true = arith.constant true
  %r:2 = call @same_twice() : () -> (memref<4xf32>, memref<4xf32>)
  %b0, %o1, %s1, %t1 = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %b1, %o2, %s2, %t2 = memref.extract_strided_metadata %r#1 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%b0, %b1 : memref<f32>, memref<f32>) if (%true, %true)
  return
}
