// An op with a region but without the region-branch interface is accepted
// when no memref appears inside its regions ([limit.regions.memref-free]):
// memref.generic_atomic_rmw, whose body computes the new element from the old
// one. For ownership it is an ordinary op reading and writing its memref
// operand, like memref.atomic_rmw; its region gets no dealloc. Upstream's
// pass rejects it ([dev.own.memref-free-region],
// corpus/deviations/memref-free-region.mlir).
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | mlir-opt --verify-each -o /dev/null
// EXEC-NOT: {{LEAK|DOUBLE_FREE|USE_AFTER_FREE|INVALID_FREE|ABI_VIOLATION|UNSUPPORTED|UNKNOWN}}

// SPEC: [limit.regions.memref-free] [own.alloc]
// The updated buffer is freed after the update unless it is returned; the
// body is left as it is.
// CHECK-LABEL: func @update_then_select
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[B:.*]] = memref.alloc()
//       CHECK: %[[X:.*]] = memref.generic_atomic_rmw %[[A]][%{{.*}}] : memref<2xf32> {
//  CHECK-NEXT: ^bb0(%[[CUR:.*]]: f32):
//  CHECK-NEXT:   %[[S:.*]] = arith.addf %[[CUR]], %{{.*}} : f32
//  CHECK-NEXT:   memref.atomic_yield %[[S]] : f32
//  CHECK-NEXT: }
//       CHECK: memref.store %[[X]], %[[B]]
//       CHECK: %[[R:.*]] = arith.select %{{.*}}, %[[A]], %[[B]]
//       CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%true, %true) retain (%[[R]] : memref<2xf32>)
//  CHECK-NEXT: return %[[R]]
// EXEC: @update_then_select{{.*}}: SAFE
func.func @update_then_select(%i: index, %c: i1, %v: f32) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  memref.store %v, %a[%c0] : memref<2xf32>
  memref.store %v, %a[%i] : memref<2xf32>
  %x = memref.generic_atomic_rmw %a[%i] : memref<2xf32> {
  ^bb0(%cur: f32):
    %s = arith.addf %cur, %v : f32
    memref.atomic_yield %s : f32
  }
  memref.store %x, %b[%c0] : memref<2xf32>
  memref.store %x, %b[%i] : memref<2xf32>
  %r = arith.select %c, %a, %b : memref<2xf32>
  return %r : memref<2xf32>
}

// -----

// SPEC: [limit.regions.memref-free]
// Nested in an scf.if, on an argument, with a scalar scf.if in its body (no
// memref inside at any depth): the buffer allocated in the branch is freed
// after the update, in the branch.
// CHECK-LABEL: func @nested_in_if
//       CHECK: scf.if
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   memref.generic_atomic_rmw %arg0
//       CHECK:     scf.if
//       CHECK:     memref.atomic_yield
//       CHECK:   memref.generic_atomic_rmw %[[A]]
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<i32>) if (%true)
//  CHECK-NEXT:   scf.yield
// EXEC: @nested_in_if{{.*}}: SAFE
func.func @nested_in_if(%m: memref<4xi32>, %c: i1, %d: i1, %v: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> i32 {
    %a = memref.alloc() : memref<4xi32>
    memref.store %v, %a[%c1] : memref<4xi32>
    %x = memref.generic_atomic_rmw %m[%c1] : memref<4xi32> {
    ^bb0(%cur: i32):
      %n = scf.if %d -> i32 {
        %s = arith.addi %cur, %v : i32
        scf.yield %s : i32
      } else {
        scf.yield %cur : i32
      }
      memref.atomic_yield %n : i32
    }
    %y = memref.generic_atomic_rmw %a[%c1] : memref<4xi32> {
    ^bb0(%cur: i32):
      memref.atomic_yield %x : i32
    }
    scf.yield %y : i32
  } else {
    scf.yield %v : i32
  }
  return %r : i32
}
