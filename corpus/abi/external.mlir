// Declaration-only callees free nothing and return fresh, distinct, owned
// heap buffers (dynamic extents 2) and zero scalars.
// SPEC: [abi.external]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: mlir-opt %S/Inputs/external-pipeline.mlir --buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=PIPE

func.func private @ext(memref<2xf32>) -> (memref<?xf32>, memref<?xf32>, index, i1)

// CHECK-LABEL: @fresh_results: SAFE (1 input)
func.func @fresh_results() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  %x, %y, %n, %b = call @ext(%a) : (memref<2xf32>) -> (memref<?xf32>, memref<?xf32>, index, i1)
  %px = memref.extract_aligned_pointer_as_index %x : memref<?xf32> -> index
  %py = memref.extract_aligned_pointer_as_index %y : memref<?xf32> -> index
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %d = memref.dim %x, %c0 : memref<?xf32>
  %k1 = arith.cmpi ne, %px, %py : index
  %k2 = arith.cmpi ne, %px, %pa : index
  %k3 = arith.cmpi eq, %d, %c2 : index
  %k4 = arith.cmpi eq, %n, %c0 : index
  %true = arith.constant true
  %k5 = arith.xori %b, %true : i1
  %a1 = arith.andi %k1, %k2 : i1
  %a2 = arith.andi %k3, %k4 : i1
  %a3 = arith.andi %a1, %a2 : i1
  %ok = arith.andi %a3, %k5 : i1
  scf.if %ok {
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}

// Not freeing an external result leaks.
// CHECK-LABEL: @forget_result: LEAK (1 input)
// CHECK:         reason: [heap.leak] buffer #2 (result of @ext)
func.func @forget_result() {
  %a = memref.alloc() : memref<2xf32>
  %x, %y, %n, %b = call @ext(%a) : (memref<2xf32>) -> (memref<?xf32>, memref<?xf32>, index, i1)
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %y : memref<?xf32>
  return
}

// Upstream's pipeline frees external results (Inputs/external-pipeline.mlir).
// PIPE-LABEL: @pipeline_input: SAFE (2 inputs)
