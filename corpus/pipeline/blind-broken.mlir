// Blind set (issue 27): hand-deallocated programs, most of them broken on
// purpose (a missing free, a double free in one branch, a use after free in a
// later loop iteration, a free of an argument, of a stack buffer or a global,
// an alias returned after its free, a bufferization.dealloc whose condition or
// retained list is wrong, a use after realloc, a freed buffer passed to an
// external function, copied into, cloned, read by linalg or atomics), written
// without looking at the corpus; a few correct ones as controls. Every
// violation is found by both tools, and dealloc-verify's counterexample is
// replayed by dealloc-run, except @loop_carried_freed_late (its leak needs 6
// iterations, past the unroll bound: UNKNOWN) and @linalg_on_freed (dealloc-
// run's inputs miss it; dealloc-verify finds and replays it).
// (@free_through_view_ok: freeing through a view frees the buffer,
// [view.same_buffer].)
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// EXEC-LABEL: @missing_free_in_else: LEAK
// VERIFY-LABEL: @missing_free_in_else: LEAK on input {{.*}} (buffer allocated by memref.alloc is not freed ([heap.leak]))
// VERIFY: replayed by dealloc-run: LEAK
func.func @missing_free_in_else(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// -----
// EXEC-LABEL: @double_free_one_branch: DOUBLE_FREE
// VERIFY-LABEL: @double_free_one_branch: DOUBLE_FREE on input {{.*}} (buffer freed twice ([heap.free.twice]))
// VERIFY: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free_one_branch(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<4xf32>
  return
}
// -----
// EXEC-LABEL: @use_after_free_next_iteration: USE_AFTER_FREE
// VERIFY-LABEL: @use_after_free_next_iteration: USE_AFTER_FREE on input {{.*}} (write of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @use_after_free_next_iteration(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  %trips = arith.maxsi %n, %c1 : index
  scf.for %i = %c0 to %trips step %c1 {
    memref.store %f, %a[%c0] : memref<2xf32>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}
// -----
// EXEC-LABEL: @free_function_argument: INVALID_FREE
// VERIFY-LABEL: @free_function_argument: INVALID_FREE on input {{.*}} (free of the buffer of argument 0, which the caller owns ([abi.args.not_owned]))
// VERIFY: replayed by dealloc-run: INVALID_FREE
func.func @free_function_argument(%arg: memref<8xf32>) {
  memref.dealloc %arg : memref<8xf32>
  return
}
// -----
// EXEC-LABEL: @alias_returned_after_free: ABI_VIOLATION
// VERIFY-LABEL: @alias_returned_after_free: ABI_VIOLATION on input {{.*}} (result #0 does not view a live heap buffer ([abi.results.heap]))
// VERIFY: replayed by dealloc-run: ABI_VIOLATION
func.func @alias_returned_after_free() -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  memref.dealloc %a : memref<4xf32>
  return %s : memref<2xf32, strided<[1], offset: 2>>
}
// -----
// EXEC-LABEL: @leak_in_loop: LEAK
// VERIFY-LABEL: @leak_in_loop: LEAK on input {{.*}} (buffer allocated by memref.alloc is not freed ([heap.leak]))
// VERIFY: replayed by dealloc-run: LEAK
func.func @leak_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xi8>
    %d = arith.cmpi eq, %i, %c0 : index
    scf.if %d {
      memref.dealloc %t : memref<4xi8>
    }
  }
  return
}
// -----
// EXEC-LABEL: @free_through_view_ok: SAFE
// VERIFY-LABEL: @free_through_view_ok: SAFE
func.func @free_through_view_ok() {
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.dealloc %s : memref<4xf32, strided<[1], offset: 4>>
  return
}
// -----
// EXEC-LABEL: @free_alloca: INVALID_FREE
// VERIFY-LABEL: @free_alloca: INVALID_FREE on input {{.*}} (free of a buffer that is not a heap buffer (memref.alloca) ([heap.free.invalid])
// VERIFY: replayed by dealloc-run: INVALID_FREE
func.func @free_alloca() {
  %a = memref.alloca() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
// -----
// EXEC-LABEL: @free_global: INVALID_FREE
// VERIFY-LABEL: @free_global: INVALID_FREE on input {{.*}} (free of a buffer that is not a heap buffer (@gtab) ([heap.free.invalid]))
// VERIFY: replayed by dealloc-run: INVALID_FREE
func.func @free_global() {
  %g = memref.get_global @gtab : memref<2xi32>
  memref.dealloc %g : memref<2xi32>
  return
}
memref.global "private" @gtab : memref<2xi32> = dense<0>
// -----
// EXEC-LABEL: @dealloc_op_wrong_condition: LEAK
// VERIFY-LABEL: @dealloc_op_wrong_condition: LEAK on input {{.*}} (buffer allocated by memref.alloc is not freed ([heap.leak]))
// VERIFY: replayed by dealloc-run: LEAK
func.func @dealloc_op_wrong_condition(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%c)
  return
}
// -----
// EXEC-LABEL: @use_after_realloc: USE_AFTER_FREE
// VERIFY-LABEL: @use_after_realloc: USE_AFTER_FREE on input {{.*}} (read of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @use_after_realloc(%n: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  memref.store %f, %a[%c0] : memref<4xf32>
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %b : memref<8xf32>
  return %v : f32
}
// -----
// EXEC-LABEL: @select_freed_both: DOUBLE_FREE
// VERIFY-LABEL: @select_freed_both: DOUBLE_FREE on input {{.*}} (buffer freed twice ([heap.free.twice]))
// VERIFY: replayed by dealloc-run: DOUBLE_FREE
func.func @select_freed_both(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  memref.dealloc %s : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}
// -----
// EXEC-LABEL: @callee_frees: INVALID_FREE
// VERIFY-LABEL: @callee_frees: INVALID_FREE on input {{.*}} (free of the buffer of argument 0, which the caller owns ([abi.args.not_owned]))
// VERIFY: replayed by dealloc-run: INVALID_FREE
func.func @callee_frees(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}

// EXEC-LABEL: @caller_uses_after_call: INVALID_FREE
// VERIFY-LABEL: @caller_uses_after_call: INVALID_FREE on input {{.*}} (callee frees a buffer borrowed by a public call ([abi.args.not_owned]))
// VERIFY: replayed by dealloc-run: INVALID_FREE
func.func @caller_uses_after_call() -> f32 {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %a[%c0] : memref<2xf32>
  call @callee_frees(%a) : (memref<2xf32>) -> ()
  %v = memref.load %a[%c0] : memref<2xf32>
  return %v : f32
}
// -----
// EXEC-LABEL: @while_free_then_use: USE_AFTER_FREE
// VERIFY-LABEL: @while_free_then_use: USE_AFTER_FREE on input {{.*}} (read of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @while_free_then_use(%n: i32) {
  %a = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  memref.store %z, %a[%c0] : memref<1xi32>
  %r = scf.while (%i = %z) : (i32) -> i32 {
    %v = memref.load %a[%c0] : memref<1xi32>
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%j: i32):
    %one = arith.constant 1 : i32
    %j1 = arith.addi %j, %one : i32
    memref.dealloc %a : memref<1xi32>
    scf.yield %j1 : i32
  }
  %never = arith.cmpi eq, %r, %z : i32
  scf.if %never {
    memref.dealloc %a : memref<1xi32>
  }
  return
}
// -----
// EXEC-LABEL: @clone_leaked: LEAK
// VERIFY-LABEL: @clone_leaked: LEAK on input {{.*}} (buffer allocated by bufferization.clone is not freed ([heap.leak]))
// VERIFY: replayed by dealloc-run: LEAK
func.func @clone_leaked(%arg: memref<3xf32>) -> memref<3xf32> {
  %c = bufferization.clone %arg : memref<3xf32> to memref<3xf32>
  %d = bufferization.clone %c : memref<3xf32> to memref<3xf32>
  return %d : memref<3xf32>
}
// -----
// EXEC-LABEL: @ok_control_branch: SAFE
// VERIFY-LABEL: @ok_control_branch: SAFE
func.func @ok_control_branch(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %t = arith.select %c, %b, %a : memref<2xf32>
  memref.dealloc %t : memref<2xf32>
  return %s : memref<2xf32>
}
// -----
// EXEC-LABEL: @ok_control_loop: SAFE
// VERIFY-LABEL: @ok_control_loop: SAFE
func.func @ok_control_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a) -> memref<2xf32> {
    %nb = memref.alloc() : memref<2xf32>
    memref.copy %b, %nb : memref<2xf32> to memref<2xf32>
    memref.dealloc %b : memref<2xf32>
    scf.yield %nb : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  return
}
// -----
// EXEC-LABEL: @retain_forgotten: ABI_VIOLATION
// VERIFY-LABEL: @retain_forgotten: ABI_VIOLATION on input {{.*}} (result #0 does not view a live heap buffer ([abi.results.heap]))
// VERIFY: replayed by dealloc-run: ABI_VIOLATION
func.func @retain_forgotten(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  %true = arith.constant true
  bufferization.dealloc (%base : memref<f32>) if (%true)
  return %a : memref<2xf32>
}
// -----
// EXEC-LABEL: @retain_kept_ok: SAFE
// VERIFY-LABEL: @retain_kept_ok: SAFE
func.func @retain_kept_ok(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %ba, %o1, %z1, %t1 = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  %bb, %o2, %z2, %t2 = memref.extract_strided_metadata %b : memref<2xf32> -> memref<f32>, index, index, index
  %true = arith.constant true
  %k:1 = bufferization.dealloc (%ba, %bb : memref<f32>, memref<f32>) if (%true, %true) retain (%s : memref<2xf32>)
  return %s : memref<2xf32>
}
// -----
// EXEC-LABEL: @double_free_scf_if: DOUBLE_FREE
// VERIFY-LABEL: @double_free_scf_if: DOUBLE_FREE on input {{.*}} (buffer freed twice ([heap.free.twice]))
// VERIFY: replayed by dealloc-run: DOUBLE_FREE
func.func @double_free_scf_if(%c: i1, %n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  scf.if %c {
    memref.dealloc %a : memref<?xf32>
  } else {
  }
  memref.dealloc %a : memref<?xf32>
  return
}

// -----
func.func private @ext_read(memref<4xf32>)

// EXEC-LABEL: @freed_passed_to_external: USE_AFTER_FREE
// VERIFY-LABEL: @freed_passed_to_external: USE_AFTER_FREE on input {{.*}} (access by an external callee of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @freed_passed_to_external() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  call @ext_read(%a) : (memref<4xf32>) -> ()
  return
}

// -----
// EXEC-LABEL: @copy_into_freed: USE_AFTER_FREE
// VERIFY-LABEL: @copy_into_freed: USE_AFTER_FREE on input {{.*}} (write of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @copy_into_freed(%src: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[0] [4] [1] : memref<4xf32> to memref<4xf32, strided<[1]>>
  memref.dealloc %a : memref<4xf32>
  memref.copy %src, %v : memref<4xf32> to memref<4xf32, strided<[1]>>
  return
}

// -----
// EXEC-LABEL: @linalg_on_freed: SAFE
// VERIFY-LABEL: @linalg_on_freed: USE_AFTER_FREE on input {{.*}} (write of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @linalg_on_freed(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %f = arith.constant 0.0 : f32
  %c = arith.constant 3 : index
  %big = arith.cmpi ugt, %n, %c : index
  scf.if %big {
    memref.dealloc %a : memref<?xf32>
  }
  linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  scf.if %big {
  } else {
    memref.dealloc %a : memref<?xf32>
  }
  return
}

// -----
// EXEC-LABEL: @dealloc_op_double: DOUBLE_FREE
// VERIFY-LABEL: @dealloc_op_double: DOUBLE_FREE on input {{.*}} (buffer freed twice ([heap.free.twice]))
// VERIFY: replayed by dealloc-run: DOUBLE_FREE
func.func @dealloc_op_double(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  %true = arith.constant true
  bufferization.dealloc (%base, %base : memref<f32>, memref<f32>) if (%true, %c)
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----
// EXEC-LABEL: @realloc_then_free_old: DOUBLE_FREE
// VERIFY-LABEL: @realloc_then_free_old: DOUBLE_FREE on input {{.*}} (buffer freed twice ([heap.free.twice]))
// VERIFY: replayed by dealloc-run: DOUBLE_FREE
func.func @realloc_then_free_old(%n: index) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// -----
// EXEC-LABEL: @loop_carried_freed_late: SAFE
// VERIFY-LABEL: @loop_carried_freed_late: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input {{.*}} iterates more (loop bound 4 reach
func.func @loop_carried_freed_late(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a) -> memref<2xf32> {
    %nb = memref.alloc() : memref<2xf32>
    memref.copy %b, %nb : memref<2xf32> to memref<2xf32>
    %late = arith.cmpi ne, %i, %c5 : index
    scf.if %late {
      memref.dealloc %b : memref<2xf32>
    }
    scf.yield %nb : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----
// EXEC-LABEL: @vector_store_freed: USE_AFTER_FREE
// VERIFY-LABEL: @vector_store_freed: USE_AFTER_FREE on input {{.*}} (write of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @vector_store_freed() {
  %v = arith.constant dense<1.0> : vector<4xf32>
  %a = memref.alloc() : memref<8xf32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  vector.store %v, %a[%c0] : memref<8xf32>, vector<4xf32>
  memref.dealloc %a : memref<8xf32>
  vector.transfer_write %v, %a[%c4] {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
  return
}

// -----
// EXEC-LABEL: @returns_alloca_view: ABI_VIOLATION
// VERIFY-LABEL: @returns_alloca_view: ABI_VIOLATION on input {{.*}} (result #0 does not view a live heap buffer ([abi.results.heap]))
// VERIFY: replayed by dealloc-run: ABI_VIOLATION
func.func @returns_alloca_view() -> memref<2xf32, strided<[1], offset: 1>> {
  %a = memref.alloca() : memref<4xf32>
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  return %s : memref<2xf32, strided<[1], offset: 1>>
}

// -----
// EXEC-LABEL: @returns_arg_unowned: ABI_VIOLATION
// VERIFY-LABEL: @returns_arg_unowned: ABI_VIOLATION on input {{.*}} (result #0 does not view a live heap buffer ([abi.results.heap]))
// VERIFY: replayed by dealloc-run: ABI_VIOLATION
func.func @returns_arg_unowned(%arg: memref<4xf32>) -> memref<4xf32> {
  return %arg : memref<4xf32>
}

// -----
// EXEC-LABEL: @while_leaks_on_exit: LEAK
// VERIFY-LABEL: @while_leaks_on_exit: LEAK on input {{.*}} (buffer allocated by memref.alloc is not freed ([heap.leak]))
// VERIFY: replayed by dealloc-run: LEAK
func.func @while_leaks_on_exit(%n: i32) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = memref.alloc() : memref<1xi32>
  %r:2 = scf.while (%i = %z, %b = %a) : (i32, memref<1xi32>) -> (i32, memref<1xi32>) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %b : i32, memref<1xi32>
  } do {
  ^bb0(%j: i32, %m: memref<1xi32>):
    %nm = memref.alloc() : memref<1xi32>
    memref.dealloc %m : memref<1xi32>
    %j1 = arith.addi %j, %one : i32
    scf.yield %j1, %nm : i32, memref<1xi32>
  }
  %big = arith.cmpi sgt, %r#0, %one : i32
  scf.if %big {
    memref.dealloc %r#1 : memref<1xi32>
  }
  return %r#0 : i32
}

// -----
// EXEC-LABEL: @generic_reads_freed: USE_AFTER_FREE
// VERIFY-LABEL: @generic_reads_freed: USE_AFTER_FREE on input {{.*}} (read of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @generic_reads_freed(%n: index) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  memref.dealloc %a : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// -----
// EXEC-LABEL: @atomic_on_freed: USE_AFTER_FREE
// VERIFY-LABEL: @atomic_on_freed: USE_AFTER_FREE on input {{.*}} (read of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @atomic_on_freed(%i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  memref.store %f, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %old = memref.atomic_rmw addf %f, %a[%c0] : (f32, memref<4xf32>) -> f32
  return %old : f32
}

// -----
// EXEC-LABEL: @clone_of_freed: USE_AFTER_FREE
// VERIFY-LABEL: @clone_of_freed: USE_AFTER_FREE on input {{.*}} (read of a freed buffer ([heap.use]))
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @clone_of_freed() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %c = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  return %c : memref<2xf32>
}

// -----
// EXEC-LABEL: @affine_parallel_double_free: DOUBLE_FREE
// VERIFY-LABEL: @affine_parallel_double_free: DOUBLE_FREE on input {{.*}} (buffer freed twice ([heap.free.twice]))
// VERIFY: replayed by dealloc-run: DOUBLE_FREE
func.func @affine_parallel_double_free() {
  %a = memref.alloc() : memref<2xf32>
  affine.parallel (%i) = (0) to (2) {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----
// EXEC-LABEL: @bitcast_decides_leak: SAFE
// VERIFY-LABEL: @bitcast_decides_leak: LEAK on input {{.*}} (buffer allocated by memref.alloc is not freed ([heap.leak]))
// VERIFY: replayed by dealloc-run: LEAK
func.func @bitcast_decides_leak(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %b = arith.bitcast %x : f32 to i32
  %k = arith.constant 1078530011 : i32
  %pi = arith.cmpi eq, %b, %k : i32
  scf.if %pi {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
