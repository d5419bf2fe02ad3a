// Which violation the reference pass reports when a function violates
// several limitations: the same as upstream MLIR 22's pass, in upstream's
// order (spec/limitations.md, the intro): loops on the whole function first;
// then blocks in post-order (the blocks nested in a block's ops before the
// block, the blocks of a region in a DFS from its entry, after the blocks that
// dominate them, not in textual order); the ops of a block in order. Both
// passes run on the same file; -verify-diagnostics fails on any other or
// any further error.
// SPEC: [limit.free] [limit.unknown-effects] [limit.loops] [limit.existing-dealloc] [limit.order.walk] [limit.order.op]
// RUN: dealloc-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect --reference-buffer-deallocation
// RUN: mlir-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect --ownership-based-buffer-deallocation

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

// A violation two regions deep comes before one in the holding op's block.
func.func @nested_twice(%m: memref<2xf32>, %c: i1) {
  %b = memref.alloc() : memref<2xf32>
  %v:4 = memref.extract_strided_metadata %b : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%v#0 : memref<f32>) if (%c)
  scf.if %c {
    scf.execute_region {
      // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
      memref.dealloc %m : memref<2xf32>
      scf.yield
    }
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

// Ops of one block in order: the first of two violations.
func.func @same_block(%m: memref<2xf32>) {
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  "test.foo"() : () -> ()
  memref.dealloc %m : memref<2xf32>
  return
}
