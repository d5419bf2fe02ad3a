// [op.uninit.control] in dealloc-verify: where an uninitialized value
// ([buffer.contents.uninit]) decides something - a cf.cond_br, cf.assert,
// scf.if, scf.condition condition, a memref index, an allocation size, a
// bufferization.dealloc condition, an arith.select on memrefs, scf.for
// bounds - the run stops with UNKNOWN, as in dealloc-run. The value flows
// through arith ops and memory ([op.uninit.flow]): stores, memref.copy,
// bufferization.clone and memref.realloc's copied prefix carry
// initializedness, a store of an initialized value initializes, passing or
// returning the uninitialized value is no stop, nor is dividing it by zero.
// Poison (a shift by the width or more, fptosi out of range) is the
// uninitialized value. dealloc-run agrees on every function; its enumerated
// inputs miss the poison ones, which the last two RUN lines replay.
// SPEC: [op.uninit.flow] [op.uninit.control] [buffer.contents.uninit] [verify.inputs]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-run --strict-ub %s --function shift_poison --input=32 2>/dev/null | FileCheck %s --check-prefix=SHIFT
// RUN: not dealloc-run --strict-ub %s --function fptosi_out_of_range --input=128.00001525878906 2>/dev/null | FileCheck %s --check-prefix=FPTOSI

// SHIFT: @shift_poison: UNKNOWN (1 input): uninitialized value decides control flow ([op.uninit.control])
// FPTOSI: @fptosi_out_of_range: UNKNOWN (1 input): uninitialized value decides control flow ([op.uninit.control])

// CHECK-LABEL: @cond_br_on_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @cond_br_on_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @cond_br_on_uninit() {
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %v = memref.load %a[%i0] : memref<2xi1>
  memref.dealloc %a : memref<2xi1>
  cf.cond_br %v, ^t, ^f
^t:
  return
^f:
  return
}

// CHECK-LABEL: @uninit_index: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @uninit_index: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @uninit_index() {
  %i0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xindex>
  %b = memref.alloca() : memref<4xf32>
  %k = memref.load %a[%i0] : memref<2xindex>
  %x = memref.load %b[%k] : memref<4xf32>
  return
}

// CHECK-LABEL: @through_memory: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @through_memory: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @through_memory() {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %a = memref.alloca() : memref<2xi8>
  %v = memref.load %a[%i0] : memref<2xi8>
  %c1 = arith.constant 1 : i8
  %w = arith.addi %v, %c1 : i8
  memref.store %w, %a[%i1] : memref<2xi8>
  %r = memref.load %a[%i1] : memref<2xi8>
  %z = arith.constant 0 : i8
  %c = arith.cmpi eq, %r, %z : i8
  scf.if %c {
  }
  return
}

// CHECK-LABEL: @initialized_by_store: SAFE
// INTERP-LABEL: @initialized_by_store: SAFE
func.func @initialized_by_store(%b: i1) {
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %x = memref.alloc() : memref<4xf32>
  memref.store %b, %a[%i0] : memref<2xi1>
  %v = memref.load %a[%i0] : memref<2xi1>
  scf.if %v {
    memref.dealloc %x : memref<4xf32>
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  memref.dealloc %a : memref<2xi1>
  return
}

// CHECK-LABEL: @stored_on_one_path: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @stored_on_one_path: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @stored_on_one_path(%b: i1) {
  %i0 = arith.constant 0 : index
  %t = arith.constant true
  %a = memref.alloca() : memref<2xi1>
  scf.if %b {
    memref.store %t, %a[%i0] : memref<2xi1>
  }
  %v = memref.load %a[%i0] : memref<2xi1>
  scf.if %v {
  }
  return
}

// CHECK-LABEL: @copy_of_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @copy_of_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @copy_of_uninit() {
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %b = memref.alloc() : memref<2xi1>
  memref.copy %a, %b : memref<2xi1> to memref<2xi1>
  %v = memref.load %b[%i0] : memref<2xi1>
  memref.dealloc %a : memref<2xi1>
  memref.dealloc %b : memref<2xi1>
  scf.if %v {
  }
  return
}

// CHECK-LABEL: @copy_of_argument: SAFE
// INTERP-LABEL: @copy_of_argument: SAFE
func.func @copy_of_argument(%arg: memref<2xi1>) {
  %i0 = arith.constant 0 : index
  %b = memref.alloc() : memref<2xi1>
  memref.copy %arg, %b : memref<2xi1> to memref<2xi1>
  %v = memref.load %b[%i0] : memref<2xi1>
  memref.dealloc %b : memref<2xi1>
  scf.if %v {
  }
  return
}

// CHECK-LABEL: @passed_not_decided: SAFE
// INTERP-LABEL: @passed_not_decided: SAFE
func.func @passed_not_decided() -> (i1, i32) {
  %i0 = arith.constant 0 : index
  %c0 = arith.constant 0 : i32
  %a = memref.alloca() : memref<2xi1>
  %n = memref.alloca() : memref<2xi32>
  %v = memref.load %a[%i0] : memref<2xi1>
  %u = memref.load %n[%i0] : memref<2xi32>
  %q = arith.divsi %u, %c0 : i32
  %s = arith.select %v, %q, %u : i32
  return %v, %s : i1, i32
}

// CHECK-LABEL: @select_memref_on_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @select_memref_on_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @select_memref_on_uninit(%p: memref<2xf32>, %q: memref<2xf32>) {
  %i0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xi1>
  %v = memref.load %a[%i0] : memref<2xi1>
  %m = arith.select %v, %p, %q : memref<2xf32>
  return
}

// CHECK-LABEL: @dealloc_condition_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @dealloc_condition_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @dealloc_condition_uninit() {
  %i0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xi1>
  %x = memref.alloc() : memref<2xf32>
  %v = memref.load %a[%i0] : memref<2xi1>
  bufferization.dealloc (%x : memref<2xf32>) if (%v)
  memref.dealloc %x : memref<2xf32>
  return
}

// CHECK-LABEL: @alloc_size_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @alloc_size_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @alloc_size_uninit() {
  %i0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xindex>
  %n = memref.load %a[%i0] : memref<2xindex>
  %x = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %x : memref<?xf32>
  return
}

// CHECK-LABEL: @loop_bound_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @loop_bound_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @loop_bound_uninit() {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %a = memref.alloca() : memref<2xindex>
  %n = memref.load %a[%i0] : memref<2xindex>
  scf.for %i = %i0 to %n step %i1 {
  }
  return
}

// CHECK-LABEL: @shift_poison: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @shift_poison: SAFE
func.func @shift_poison(%s: i32) {
  %one = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %x = arith.shli %one, %s : i32
  %c = arith.cmpi eq, %x, %z : i32
  scf.if %c {
  }
  return
}

memref.global "private" @flags_uninit : memref<2xi1>
memref.global "private" constant @flags_init : memref<2xi1> = dense<[true, false]>

// CHECK-LABEL: @global_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @global_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @global_uninit() {
  %i0 = arith.constant 0 : index
  %g = memref.get_global @flags_uninit : memref<2xi1>
  %v = memref.load %g[%i0] : memref<2xi1>
  scf.if %v {
  }
  return
}

// CHECK-LABEL: @global_init: SAFE
// INTERP-LABEL: @global_init: SAFE
func.func @global_init() {
  %i0 = arith.constant 0 : index
  %g = memref.get_global @flags_init : memref<2xi1>
  %v = memref.load %g[%i0] : memref<2xi1>
  scf.if %v {
  }
  return
}

// CHECK-LABEL: @dynamic_store_load: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @dynamic_store_load: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @dynamic_store_load(%n8: i8, %i: index, %j: index) {
  %n = arith.index_castui %n8 : i8 to index
  %a = memref.alloc(%n) : memref<?xi1>
  %t = arith.constant true
  %ii = arith.cmpi ult, %i, %n : index
  %jj = arith.cmpi ult, %j, %n : index
  %both = arith.andi %ii, %jj : i1
  scf.if %both {
    memref.store %t, %a[%i] : memref<?xi1>
    %v = memref.load %a[%j] : memref<?xi1>
    cf.assert %v, "flag"
  }
  memref.dealloc %a : memref<?xi1>
  return
}

// CHECK-LABEL: @dynamic_same_index: SAFE
// INTERP-LABEL: @dynamic_same_index: SAFE
func.func @dynamic_same_index(%n8: i8, %i: index) {
  %n = arith.index_castui %n8 : i8 to index
  %a = memref.alloc(%n) : memref<?xi1>
  %t = arith.constant true
  %ii = arith.cmpi ult, %i, %n : index
  scf.if %ii {
    memref.store %t, %a[%i] : memref<?xi1>
    %v = memref.load %a[%i] : memref<?xi1>
    cf.assert %v, "flag"
  }
  memref.dealloc %a : memref<?xi1>
  return
}

// CHECK-LABEL: @while_condition_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @while_condition_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @while_condition_uninit() {
  %i0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xi1>
  scf.while : () -> () {
    %v = memref.load %a[%i0] : memref<2xi1>
    scf.condition(%v)
  } do {
    scf.yield
  }
  return
}

// CHECK-LABEL: @realloc_copied_prefix: SAFE
// INTERP-LABEL: @realloc_copied_prefix: SAFE
func.func @realloc_copied_prefix() {
  %i1 = arith.constant 1 : index
  %i0 = arith.constant 0 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<2xi1>
  memref.store %t, %a[%i0] : memref<2xi1>
  memref.store %t, %a[%i1] : memref<2xi1>
  %b = memref.realloc %a : memref<2xi1> to memref<4xi1>
  %v = memref.load %b[%i1] : memref<4xi1>
  memref.dealloc %b : memref<4xi1>
  cf.assert %v, "copied"
  return
}

// CHECK-LABEL: @realloc_extension: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @realloc_extension: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @realloc_extension() {
  %i3 = arith.constant 3 : index
  %i0 = arith.constant 0 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<2xi1>
  memref.store %t, %a[%i0] : memref<2xi1>
  %b = memref.realloc %a : memref<2xi1> to memref<4xi1>
  %v = memref.load %b[%i3] : memref<4xi1>
  memref.dealloc %b : memref<4xi1>
  cf.assert %v, "extension"
  return
}

// CHECK-LABEL: @fptosi_out_of_range: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @fptosi_out_of_range: SAFE
func.func @fptosi_out_of_range(%f: f32) {
  %x = arith.fptosi %f : f32 to i8
  %z = arith.constant 0 : i8
  %c = arith.cmpi eq, %x, %z : i8
  scf.if %c {
  }
  return
}

// CHECK-LABEL: @clone_of_uninit: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @clone_of_uninit: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @clone_of_uninit() {
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi1>
  %b = bufferization.clone %a : memref<2xi1> to memref<2xi1>
  %v = memref.load %b[%i0] : memref<2xi1>
  memref.dealloc %a : memref<2xi1>
  memref.dealloc %b : memref<2xi1>
  scf.if %v {
  }
  return
}


// Fills and copies the encoding does not unroll (dynamic shapes): writing
// the whole buffer initializes it; writing part of it leaves the rest
// uninitialized.
// CHECK-LABEL: @fill_then_decide: SAFE
// INTERP-LABEL: @fill_then_decide: SAFE
func.func @fill_then_decide(%n: i8, %b: i1) {
  %i0 = arith.constant 0 : index
  %m = arith.index_castui %n : i8 to index
  %a = memref.alloc(%m) : memref<?xi1>
  linalg.fill ins(%b : i1) outs(%a : memref<?xi1>)
  %pos = arith.cmpi ugt, %m, %i0 : index
  scf.if %pos {
    %v = memref.load %a[%i0] : memref<?xi1>
    cf.assert %v, "filled"
  }
  memref.dealloc %a : memref<?xi1>
  return
}

// CHECK-LABEL: @copy_dynamic_from_argument: SAFE
// INTERP-LABEL: @copy_dynamic_from_argument: SAFE
func.func @copy_dynamic_from_argument(%arg: memref<?xi1>) {
  %i0 = arith.constant 0 : index
  %n = memref.dim %arg, %i0 : memref<?xi1>
  %a = memref.alloc(%n) : memref<?xi1>
  memref.copy %arg, %a : memref<?xi1> to memref<?xi1>
  %pos = arith.cmpi ugt, %n, %i0 : index
  scf.if %pos {
    %v = memref.load %a[%i0] : memref<?xi1>
    scf.if %v {
    }
  }
  memref.dealloc %a : memref<?xi1>
  return
}

// CHECK-LABEL: @fill_part_then_decide: UNKNOWN (input{{.*}} reaches uninitialized value decides control flow ([op.uninit.control]), where a run stops without a verdict
// INTERP-LABEL: @fill_part_then_decide: UNKNOWN ({{[0-9]+}} input{{s?}}): uninitialized value decides control flow ([op.uninit.control])
func.func @fill_part_then_decide(%n: i8, %b: i1) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %m = arith.index_castui %n : i8 to index
  %a = memref.alloc(%m) : memref<?xi1>
  %big = arith.cmpi ugt, %m, %i1 : index
  scf.if %big {
    %last = arith.subi %m, %i1 : index
    %head = memref.subview %a[0] [%last] [1] : memref<?xi1> to memref<?xi1, strided<[1]>>
    linalg.fill ins(%b : i1) outs(%head : memref<?xi1, strided<[1]>>)
    %v = memref.load %a[%last] : memref<?xi1>
    cf.assert %v, "second"
  }
  memref.dealloc %a : memref<?xi1>
  return
}
