// The pipeline's input must not contain frees. Upstream checks it in the
// ownership pass (stage 3), i.e. after the first canonicalize: a free that
// the canonicalizer deletes together with its dead allocation is accepted.
// SPEC: [pipeline.input]
// RUN: mlir-opt %s -split-input-file -verify-diagnostics -buffer-deallocation-pipeline | FileCheck %s

func.func @has_memref_dealloc(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %v = memref.load %a[%c0] : memref<2xf32>
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xf32>
  return %v : f32
}

// -----

func.func @has_bufferization_dealloc(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  // expected-error @+1 {{No deallocation operations must be present when running this pass!}}
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  return
}

// -----

// Dead allocation and its free: deleted by stage 2 before the check.
// CHECK-LABEL: func.func @dead_free
// CHECK-NEXT: return
func.func @dead_free(%f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}
