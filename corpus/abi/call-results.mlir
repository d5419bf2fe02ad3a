// The caller of a public or declaration-only function may rely on the
// memref results of one call being distinct, fresh buffers it owns: freeing
// each one unconditionally is correct (the PSA thread's @top calling
// @test2). A callee that breaks this is reported at its return, not as the
// caller's double free.
// SPEC: [abi.call.results] [abi.results.distinct] [abi.external] [own.pipeline.split]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// Upstream MLIR 22 (through dealloc_helper) keeps a run-time pointer check
// between the two results; it is allowed, and unnecessary under the ABI. The
// reference pipeline relies on the clause: one free per result, no check
// ([own.pipeline.split]).
// RUN: mlir-opt %S/Inputs/call-results-pipeline.mlir --buffer-deallocation-pipeline | FileCheck %s --check-prefix=UPSTREAM
// RUN: mlir-opt %S/Inputs/call-results-pipeline.mlir --buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=UPSTREAM-EXEC
// RUN: dealloc-opt %S/Inputs/call-results-pipeline.mlir --reference-buffer-deallocation-pipeline | FileCheck %s --check-prefix=REFERENCE
// RUN: dealloc-opt %S/Inputs/call-results-pipeline.mlir --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=REFERENCE-EXEC

func.func private @test2_decl() -> (memref<1xf64>, memref<1xf64>)

// CHECK-LABEL: @top_external: SAFE (1 input)
// VERIFY-LABEL: @top_external: SAFE
func.func @top_external() {
  %0:2 = call @test2_decl() : () -> (memref<1xf64>, memref<1xf64>)
  memref.dealloc %0#0 : memref<1xf64>
  memref.dealloc %0#1 : memref<1xf64>
  return
}

// A public callee with a body that follows the ABI (a copy for the second
// result): the same caller is safe.
func.func @test2_copy() -> (memref<1xf64>, memref<1xf64>) {
  %a = memref.alloc() : memref<1xf64>
  %b = bufferization.clone %a : memref<1xf64> to memref<1xf64>
  return %a, %b : memref<1xf64>, memref<1xf64>
}
// CHECK-LABEL: @test2_copy: SAFE (1 input)
// CHECK-LABEL: @top_copy: SAFE (1 input)
// VERIFY-LABEL: @test2_copy: SAFE
// VERIFY-LABEL: @top_copy: SAFE
func.func @top_copy() {
  %0:2 = call @test2_copy() : () -> (memref<1xf64>, memref<1xf64>)
  memref.dealloc %0#0 : memref<1xf64>
  memref.dealloc %0#1 : memref<1xf64>
  return
}

// The PSA thread's @test2 itself returns one buffer twice: the violation is
// the callee's, at its return, before the caller's second free.
func.func @test2() -> (memref<1xf64>, memref<1xf64>) {
  %1 = memref.alloc() : memref<1xf64>
  return %1, %1 : memref<1xf64>, memref<1xf64>
}
// CHECK-LABEL: @test2: ABI_VIOLATION (1 input)
// CHECK-LABEL: @top: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.distinct] result 1 of @test2 views buffer #1, which an earlier result also views
// VERIFY-LABEL: @test2: ABI_VIOLATION
// VERIFY-LABEL: @top: ABI_VIOLATION
func.func @top() {
  %0:2 = call @test2() : () -> (memref<1xf64>, memref<1xf64>)
  memref.dealloc %0#0 : memref<1xf64>
  memref.dealloc %0#1 : memref<1xf64>
  return
}

// UPSTREAM-LABEL: func.func @top_external()
// UPSTREAM:         %[[R:.*]]:2 = call @test2_decl()
// UPSTREAM:         %[[B0:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
// UPSTREAM:         %[[B1:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#1
// UPSTREAM:         call @dealloc_helper(
// UPSTREAM:         scf.if %{{.*}} {
// UPSTREAM-NEXT:      memref.dealloc %[[B0]]
// UPSTREAM:         scf.if %{{.*}} {
// UPSTREAM-NEXT:      memref.dealloc %[[B1]]
// REFERENCE-LABEL: func.func @top_external()
// REFERENCE:         %[[R:.*]]:2 = call @test2_decl()
// REFERENCE:         %[[B0:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
// REFERENCE:         %[[B1:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#1
// REFERENCE-NOT:     extract_aligned_pointer_as_index
// REFERENCE-NOT:     scf.if
// REFERENCE:         memref.dealloc %[[B0]]
// REFERENCE-NEXT:    memref.dealloc %[[B1]]
// REFERENCE-NEXT:    return
// UPSTREAM-EXEC: @top_external: SAFE (1 input)
// REFERENCE-EXEC: @top_external: SAFE (1 input)
