// Which violation upstream MLIR 22's ownership pass reports when a function
// violates several limitations (spec/limitations.md [limit.order.walk], [limit.order.op]): loops on the
// whole function first; then blocks in post-order (blocks nested in a
// block's ops before the block, the blocks of a region after the blocks
// that dominate them, not in textual order); the ops of a block in order.
// -verify-diagnostics fails on any other or any further error.
// The reference pass checks in the same order and reports the same errors
// (spec/limitations.md).
// SPEC: [limit.free] [limit.unknown-effects] [limit.loops] [limit.regions] [limit.reject] [limit.order.walk] [limit.order.op]
// RUN: mlir-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect --ownership-based-buffer-deallocation
// RUN: dealloc-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect --reference-buffer-deallocation

// A free nested in a later op of the block is reported, not the unknown
// effects of an earlier op.
func.func @nested_in_later_op(%m: memref<2xf32>, %c: i1) {
  "test.foo"() : () -> ()
  scf.if %c {
    // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// -----

// ^bb2 dominates ^bb1, so it is checked first although it comes later in
// the text.
func.func @dominance_order(%m: memref<2xf32>) {
  cf.br ^bb2
^bb1:
  "test.foo"() : () -> ()
  return
^bb2:
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %m : memref<2xf32>
  cf.br ^bb1
}

// -----

// A CFG loop in a nested region is reported at the function before any op
// is checked.
// expected-error @+1 {{Only structured control-flow loops are supported.}}
func.func @loop_first(%c: i1) {
  "test.foo"() : () -> ()
  scf.execute_region {
    cf.br ^bb1
  ^bb1:
    cf.cond_br %c, ^bb1, ^bb2
  ^bb2:
    scf.yield
  }
  return
}

// -----

// One op breaking two limitations: unknown effects ([limit.unknown-effects])
// is checked before regions ([limit.regions]).
func.func @one_op_effects_before_regions() {
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  %r = "test.region_op"() ({}) : () -> memref<2xf32>
  return
}

