// dealloc-verify on unranked memref arguments: one check per rank 0..2,
// answers combined ([input.unranked]); SAFE only where no op can tell a
// larger rank apart, counterexamples replayed with the rank in the input.
// SPEC: [input.unranked] [verify.inputs] [verify.replay]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: not dealloc-verify --equiv %s %t.up.mlir 2>/dev/null | FileCheck %s --check-prefix=EQUIV

func.func private @printMemrefF32(memref<*xf32>)

// Printing reads the buffer at any rank.
// CHECK-LABEL: @print: SAFE
// EQUIV-LABEL: @print: EQUIVALENT
func.func @print(%u: memref<*xf32>) {
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Rank 3 leaks; ranks 0..2 stop at the cast. Not SAFE, and not "no
// defined input" either.
// CHECK-LABEL: @cast_rank3_leak: UNKNOWN (no defined input at ranks 0..2 of the unranked arguments,
// CHECK-SAME: but memref.cast may tell a larger rank apart ([input.unranked]) at {{.*}}unranked-arguments.mlir:[[# @LINE + 3]]:8)
// EQUIV-LABEL: @cast_rank3_leak: UNKNOWN (no defined input at ranks 0..2 of the unranked arguments, but memref.cast may
func.func @cast_rank3_leak(%u: memref<*xf32>) {
  %m = memref.cast %u : memref<*xf32> to memref<?x?x?xf32>
  %a = memref.alloc() : memref<2xf32>
  return
}

// The extent decides; the counterexample's input is rank 1, extent 5.
// CHECK-LABEL: @extent_leak: LEAK on input b0[5] (
// CHECK: replayed by dealloc-run: LEAK
// Upstream's pass frees %a on both branches.
// EQUIV-LABEL: @extent_leak: DIFFERENT on input b0[5] (A: LEAK
func.func @extent_leak(%u: memref<*xf32>) {
  %m = memref.cast %u : memref<*xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  %c5 = arith.constant 5 : index
  %five = arith.cmpi eq, %n, %c5 : index
  scf.if %five {
  } else {
    memref.dealloc %a : memref<?xf32>
  }
  return
}

// Whether the access is in bounds depends on the buffer's size, which a
// larger rank makes larger than ranks 0..2 can: not SAFE.
// CHECK-LABEL: @reinterpret: UNKNOWN (SAFE at ranks 0..2 of the unranked arguments, but memref.reinterpret_cast may tell a larger rank apart ([input.unranked]) at
// EQUIV-LABEL: @reinterpret: UNKNOWN (EQUIVALENT at ranks 0..2 of the unranked arguments, but memref.reinterpret_cast may
func.func @reinterpret(%u: memref<*xf32>) -> f32 {
  %m = memref.reinterpret_cast %u to offset: [0], sizes: [1], strides: [1] : memref<*xf32> to memref<1xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<1xf32>
  return %x : f32
}

// A clone is followed: printed and returned (the caller's), or leaked.
// CHECK-LABEL: @clone_return: SAFE
// EQUIV-LABEL: @clone_return: EQUIVALENT
func.func @clone_return(%u: memref<*xf32>) -> memref<*xf32> {
  %c = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  return %c : memref<*xf32>
}

// CHECK-LABEL: @clone_leak: LEAK on input b0[] (
// EQUIV-LABEL: @clone_leak: DIFFERENT on input b0[] (A: LEAK
// CHECK: replayed by dealloc-run: LEAK
func.func @clone_leak(%u: memref<*xf32>) {
  %c = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  return
}

// A static shape: only rank 2 with extents 4x4 is defined.
// CHECK-LABEL: @static_cast: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// EQUIV-LABEL: @static_cast: EQUIVALENT (on defined inputs
func.func @static_cast(%u: memref<*xf32>) -> f32 {
  %m = memref.cast %u : memref<*xf32> to memref<4x4xf32>
  %c3 = arith.constant 3 : index
  %x = memref.load %m[%c3, %c3] : memref<4x4xf32>
  return %x : f32
}

// Two unranked arguments may share one buffer (then of one rank and shape,
// [input.memref.alias]): the leak needs them to.
// CHECK-LABEL: @shared_leak: LEAK on input b0[],b0[] (
// CHECK: replayed by dealloc-run: LEAK
// EQUIV-LABEL: @shared_leak: DIFFERENT on input b0[],b0[] (A: LEAK
func.func @shared_leak(%u: memref<*xf32>, %v: memref<*xf32>) {
  %p = memref.extract_aligned_pointer_as_index %u : memref<*xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %v : memref<*xf32> -> index
  %same = arith.cmpi eq, %p, %q : index
  %a = memref.alloc() : memref<2xf32>
  scf.if %same {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Dimension 2 exists only from rank 3 on: at every checked rank the dim is
// undefined, so the leak behind it is reached at no checked rank. Not SAFE.
// CHECK-LABEL: @dim_beyond_checked: UNKNOWN (no defined input at ranks 0..2 of the unranked arguments, but memref.dim may tell a larger rank apart ([input.unranked])
func.func @dim_beyond_checked(%u: memref<*xf32>) -> index {
  %c2 = arith.constant 2 : index
  %d = memref.dim %u, %c2 : memref<*xf32>
  %a = memref.alloc() : memref<2xf32>
  return %d : index
}

// Dimension 0 exists at ranks 1 and 2 as at every larger rank; its extent
// is only returned.
// CHECK-LABEL: @dim_returned: SAFE
func.func @dim_returned(%u: memref<*xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = memref.dim %u, %c0 : memref<*xf32>
  return %d : index
}
