// affine.for, affine.if, affine.load, affine.store and affine.yield in both
// tools (the reference pass on them: corpus/ownership/new-ops.mlir).
// SPEC: [op.affine.for] [op.affine.if] [op.affine.access]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// Bounds: the largest lower and the smallest upper bound.
// INTERP-LABEL: @for_frees_each: SAFE
// VERIFY-LABEL: @for_frees_each: SAFE
func.func @for_frees_each(%n: index) -> f32 {
  %f = arith.constant 1.0 : f32
  %r = affine.for %i = max affine_map<()[s0] -> (0, s0 - 5)>()[%n] to min affine_map<(d0) -> (d0, 8)>(%n) iter_args(%acc = %f) -> f32 {
    %a = memref.alloc() : memref<2xf32>
    affine.store %acc, %a[%i mod 2] : memref<2xf32>
    %v = affine.load %a[%i mod 2] : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
    affine.yield %v : f32
  }
  return %r : f32
}

// INTERP-LABEL: @for_leaks: LEAK
// VERIFY-LABEL: @for_leaks: LEAK
func.func @for_leaks(%n: index) {
  affine.for %i = 0 to %n step 2 {
    %a = memref.alloc() : memref<2xf32>
  }
  return
}

// A memref carried through the iterations: each frees the last one's.
// INTERP-LABEL: @for_carries: SAFE
// VERIFY-LABEL: @for_carries: SAFE
func.func @for_carries(%n: index) {
  %a = memref.alloc() : memref<2xf32>
  %r = affine.for %i = 0 to %n iter_args(%m = %a) -> memref<2xf32> {
    memref.dealloc %m : memref<2xf32>
    %b = memref.alloc() : memref<2xf32>
    affine.yield %b : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

// The set holds for k >= 1: the buffer is freed only then.
// INTERP-LABEL: @if_frees_sometimes: LEAK
// VERIFY-LABEL: @if_frees_sometimes: LEAK
func.func @if_frees_sometimes(%k: index) {
  %a = memref.alloc() : memref<2xf32>
  affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%k) {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// INTERP-LABEL: @if_results: SAFE
// VERIFY-LABEL: @if_results: SAFE
func.func @if_results(%k: index) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = affine.if affine_set<(d0) : (d0 == 0)>(%k) -> memref<2xf32> {
    memref.dealloc %b : memref<2xf32>
    affine.yield %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
    affine.yield %b : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}

// INTERP-LABEL: @store_after_free: USE_AFTER_FREE
// VERIFY-LABEL: @store_after_free: USE_AFTER_FREE
func.func @store_after_free(%f: f32) {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  affine.store %f, %a[1] : memref<2xf32>
  return
}

// An index outside the view is undefined behaviour ([safety.oob]): the
// inputs that reach it (k = 1, 2) are excluded ([safety.defined]).
// INTERP-LABEL: @load_out_of_bounds: SAFE (3 inputs, 2 excluded: undefined behaviour)
// VERIFY-LABEL: @load_out_of_bounds: SAFE (on defined inputs
func.func @load_out_of_bounds(%k: index) -> f32 {
  %a = memref.alloca() : memref<2xf32>
  %v = affine.load %a[%k + 1] : memref<2xf32>
  return %v : f32
}
