// Questions from the PSA thread on the new deallocation pipeline, as MLIR 22
// answers them.
// RUN: mlir-opt %s -split-input-file -buffer-deallocation-pipeline=private-function-dynamic-ownership=true | FileCheck %s

// SPEC: [dev.psa.private-declaration]
// With private-function-dynamic-ownership, a declaration-only private callee
// keeps its signature (no ownership results are added) and its result is
// owned by the caller, which frees it.
// (The caller frees it behind a run-time alias check against %a.)
// SPEC: [dev.psa.helper-private]
// The generic lowering's helper is private, and does not clash with an
// existing symbol of the same name.
// CHECK-LABEL: func.func private @dealloc_helper(%{{.*}}: i32) -> i32
// CHECK-LABEL: func.func private @decl(memref<2xf32>) -> memref<2xf32>
// CHECK-LABEL: func.func @call_decl
// CHECK: %[[R:.*]] = call @decl(%{{.*}}) : (memref<2xf32>) -> memref<2xf32>
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
// CHECK: call @[[HELPER:dealloc_helper_[0-9]+]](
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.dealloc %{{.*}} : memref<2xf32>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.dealloc %[[BASE]] : memref<f32>
// CHECK: func.func private @[[HELPER]](%{{.*}}: memref<?xindex>, %{{.*}}: memref<?xindex>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>)
func.func private @dealloc_helper(%x: i32) -> i32 {
  return %x : i32
}
func.func private @decl(%m: memref<2xf32>) -> memref<2xf32>
func.func @call_decl() {
  %a = memref.alloc() : memref<2xf32>
  %r = call @decl(%a) : (memref<2xf32>) -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<2xf32>
  memref.store %v, %a[%c0] : memref<2xf32>
  return
}

// -----

// SPEC: [dev.psa.get-global]
// A global has ownership false: it is never freed; returned from a public
// function it is cloned.
// CHECK-LABEL: func.func @use_global
// CHECK: memref.get_global @gl
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @return_global
// CHECK: %[[G:.*]] = memref.get_global @gl
// CHECK: %[[C:.*]] = bufferization.clone %[[G]]
// CHECK: return %[[C]]
memref.global "private" @gl : memref<2xf32> = dense<0.0>
func.func @use_global(%f: f32) {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @gl : memref<2xf32>
  memref.store %f, %g[%c0] : memref<2xf32>
  return
}
func.func @return_global() -> memref<2xf32> {
  %g = memref.get_global @gl : memref<2xf32>
  return %g : memref<2xf32>
}
