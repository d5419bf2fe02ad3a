// Region-branch ops: ownership never enters a region with its operands, and
// leaves it with each memref result as an extra i1 result.
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: {{LEAK|DOUBLE_FREE|USE_AFTER_FREE|INVALID_FREE|ABI_VIOLATION|UNSUPPORTED|UNKNOWN}}

// SPEC: [own.region.op] [own.retain.return]
// CHECK-LABEL: func @if_yield
//       CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (memref<2xf32>, i1) {
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%true) retain (%[[A]] : memref<2xf32>)
//       CHECK:   scf.yield %[[A]], %[[O]] : memref<2xf32>, i1
//       CHECK: } else {
//       CHECK:   scf.yield %arg1, %false : memref<2xf32>, i1
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[R]]#1)
// EXEC: @if_yield: SAFE
func.func @if_yield(%c: i1, %m: memref<2xf32>) {
  %r = scf.if %c -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %m : memref<2xf32>
  }
  memref.copy %r, %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

// SPEC: [own.region.op] [own.block.args] [limit.region.append]
// The init operand is passed with `false`; the body owns its iter_arg through
// the added i1 block argument and frees the previous iteration's buffer.
// CHECK-LABEL: func @for_carry
//       CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[X:.*]] = %arg0, %[[OX:.*]] = %false) -> (memref<2xf32>, i1) {
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%[[OX]], %true) retain (%[[A]] : memref<2xf32>)
//       CHECK:   scf.yield %[[A]], %[[O]] : memref<2xf32>, i1
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[R]]#1)
// EXEC: @for_carry: SAFE
func.func @for_carry(%m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %m) -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    memref.copy %x, %a : memref<2xf32> to memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  memref.copy %r, %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

// SPEC: [own.region.op] [own.retain.return]
// scf.condition forwards its memrefs with their updated ownership to both the
// "after" region and the results.
// CHECK-LABEL: func @while_carry
//       CHECK: %[[R:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %[[X:.*]] = %arg1, %[[OX:.*]] = %false) : (index, memref<2xf32>, i1) -> (index, memref<2xf32>, i1)
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[OX]]) retain (%[[X]] : memref<2xf32>)
//       CHECK:   scf.condition(%{{.*}}) %{{.*}}, %[[X]], %[[O]] : index, memref<2xf32>, i1
//       CHECK: ^bb0(%{{.*}}: index, %{{.*}}: memref<2xf32>, %[[OY:.*]]: i1):
//       CHECK:   bufferization.dealloc ({{.*}}) if (%[[OY]], %true) retain
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[R]]#2)
// EXEC: @while_carry: SAFE
func.func @while_carry(%n: index, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %x = %m) : (index, memref<2xf32>) -> (index, memref<2xf32>) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i, %x : index, memref<2xf32>
  } do {
  ^bb0(%j: index, %y: memref<2xf32>):
    %a = memref.alloc() : memref<2xf32>
    memref.copy %y, %a : memref<2xf32> to memref<2xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %a : index, memref<2xf32>
  }
  memref.copy %r#1, %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

// SPEC: [own.region.op] [own.retain.return]
// CHECK-LABEL: func @execute_region_cf
//       CHECK: %[[R:.*]]:2 = scf.execute_region -> (memref<2xf32>, i1) {
//       CHECK:   cf.cond_br
//       CHECK:   scf.yield %{{.*}}, %{{.*}} : memref<2xf32>, i1
//       CHECK:   scf.yield %arg1, %false : memref<2xf32>, i1
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[R]]#1)
// EXEC: @execute_region_cf: SAFE
func.func @execute_region_cf(%c: i1, %m: memref<2xf32>) {
  %r = scf.execute_region -> memref<2xf32> {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  ^bb2:
    scf.yield %m : memref<2xf32>
  }
  memref.copy %r, %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

// SPEC: [own.region.op] [own.live.outer]
// A buffer of the enclosing block yielded from a case is not owned by the case
// (`false`); the parent block still frees it, retained through the result.
// CHECK-LABEL: func @index_switch
//       CHECK: %[[OUT:.*]] = memref.alloc()
//       CHECK: %[[R:.*]]:2 = scf.index_switch %arg0 -> memref<2xf32>, i1
//       CHECK: case 1 {
//       CHECK:   scf.yield %[[OUT]], %false : memref<2xf32>, i1
//       CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%true, %[[R]]#1)
// EXEC: @index_switch: SAFE
func.func @index_switch(%i: index, %m: memref<2xf32>) {
  %outer = memref.alloc() : memref<2xf32>
  %r = scf.index_switch %i -> memref<2xf32>
  case 0 {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  case 1 {
    scf.yield %outer : memref<2xf32>
  }
  default {
    scf.yield %m : memref<2xf32>
  }
  memref.copy %r, %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

// SPEC: [own.live.outer]
// A captured buffer is never freed inside the region that uses it.
// CHECK-LABEL: func @captured
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: scf.if %arg0 {
//  CHECK-NEXT:   memref.copy %[[A]], %arg1
//  CHECK-NEXT: }
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%true)
// EXEC: @captured: SAFE
func.func @captured(%c: i1, %m: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.copy %a, %m : memref<2xf32> to memref<2xf32>
  }
  return
}
