// A conformance case ([pipeline.conformance]) that is also a test here:
// upstream's pipeline output of it is SAFE for both functions. The harness
// and the lit suite of docs/conformance.md#lit-suite take it as a case
// (its RUN lines run a deallocation pipeline); harness/tests/test_lit_suite.py
// runs it through seeded implementations.
// RUN: mlir-opt --buffer-deallocation-pipeline %s | dealloc-run - | FileCheck %s
// CHECK: @pick: SAFE
// CHECK: @keep: SAFE
func.func @pick(%c: i1) -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %r = arith.select %c, %a, %b : memref<8xf32>
  return %r : memref<8xf32>
}

func.func @keep(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %x, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}
