// Inputs a deallocation pass rejects, with upstream MLIR 22's diagnostics.
// The reference pass and upstream's pass give the same errors.
// RUN: dealloc-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect --reference-buffer-deallocation
// RUN: mlir-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect --ownership-based-buffer-deallocation

// SPEC: [limit.loops]
// expected-error @+1 {{Only structured control-flow loops are supported.}}
func.func @unstructured_loop(%c: i1) {
  cf.br ^bb1
^bb1:
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}

// -----

// SPEC: [limit.unknown-effects]
func.func @unknown_effects_on_memref() {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  "test.foo"(%a) : (memref<2xf32>) -> ()
  return
}

// -----

// SPEC: [limit.unknown-effects]
// Even an op without memref operands is rejected if its effects are unknown.
func.func @unknown_effects_no_memref() {
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  "test.foo"() : () -> ()
  return
}

// -----

// SPEC: [limit.free]
func.func @existing_free() {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

// SPEC: [limit.free] [own.realloc]
// memref.realloc frees its operand; run expand-realloc first.
func.func @realloc(%n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  %b = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  return %b : memref<?xf32>
}

// -----

// SPEC: [limit.existing-dealloc]
func.func @existing_bufferization_dealloc(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{No deallocation operations must be present when running this pass!}}
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  return
}

// -----

// SPEC: [limit.regions]
// The body uses a memref (the size of %m), so [limit.regions.memref-free]
// does not apply.
func.func @region_without_interface(%i: index, %m: memref<?xf32>) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %x = memref.generic_atomic_rmw %a[%i] : memref<2xf32> {
  ^bb0(%cur: f32):
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %y = arith.index_cast %n : index to i32
    %f = arith.sitofp %y : i32 to f32
    memref.atomic_yield %f : f32
  }
  return
}

// -----

// SPEC: [limit.regions]
// A memref used in a nested region of the body counts too.
func.func @region_with_nested_memref(%i: index, %c: i1, %m: memref<?xf32>) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %x = memref.generic_atomic_rmw %a[%i] : memref<2xf32> {
  ^bb0(%cur: f32):
    %y = scf.if %c -> f32 {
      %c0 = arith.constant 0 : index
      %n = memref.dim %m, %c0 : memref<?xf32>
      %k = arith.index_cast %n : index to i32
      %f = arith.sitofp %k : i32 to f32
      scf.yield %f : f32
    } else {
      scf.yield %cur : f32
    }
    memref.atomic_yield %y : f32
  }
  return
}

// -----

// SPEC: [limit.successors]
func.func @switch(%i: i32) {
  // expected-error @+1 {{BranchOpInterface operations with multiple successors are not supported yet}}
  cf.switch %i : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  return
^bb2:
  return
}

// -----

// SPEC: [limit.successors]
// A cf.switch that forwards a memref gets upstream's other message for the
// same limitation.
func.func @switch_forwarding_memref(%i: i32) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{Terminators with more than one successor are not supported!}}
  cf.switch %i : i32, [
    default: ^bb1(%a : memref<2xf32>),
    42: ^bb2
  ]
^bb1(%x: memref<2xf32>):
  return
^bb2:
  return
}

// -----

// SPEC: [limit.terminators]
// scf.reduce.return implements neither branch interface; with a memref operand
// it is rejected (upstream's own message for this op).
func.func @reduce_memref(%lb: index, %ub: index, %s: index, %m: memref<2xf32>) {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%m) -> memref<2xf32> {
    scf.reduce(%m : memref<2xf32>) {
    ^bb0(%x: memref<2xf32>, %y: memref<2xf32>):
      // expected-error @+1 {{only supported when operand is not a MemRef}}
      scf.reduce.return %x : memref<2xf32>
    }
  }
  return
}

// -----

// SPEC: [limit.free] [limit.unknown-effects]
// An op inside a region is checked before the op that holds the region:
// both passes report the nested free, not the holder's unknown effects.
func.func @nested_violation_first(%m: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %x = "test.op"(%a) ({
    // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
    memref.dealloc %m : memref<2xf32>
    "test.yield"() : () -> ()
  }) : (memref<2xf32>) -> f32
  return
}
