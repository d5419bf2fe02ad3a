// The copy a function returns in place of a buffer it does not own is a
// fresh buffer: upstream's pipeline inserts bufferization.clone, which this
// spec executes as a fresh heap buffer (SAFE). A clone implementation that
// returns its input - modelled by rewriting each clone into a memref.cast of
// its source - violates the ABI.
// SPEC: [abi.clone] [clone.fresh] [dev.clone.may-alias]
// RUN: mlir-opt %S/Inputs/clone-boundary-pipeline.mlir --buffer-deallocation-pipeline | FileCheck %s --check-prefix=IR
// RUN: mlir-opt %S/Inputs/clone-boundary-pipeline.mlir --buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=FRESH
// RUN: mlir-opt %S/Inputs/clone-boundary-pipeline.mlir --buffer-deallocation-pipeline | sed 's/bufferization.clone/memref.cast/' | not dealloc-run - | FileCheck %s --check-prefix=ALIAS
// RUN: not dealloc-run %s | FileCheck %s

// IR-LABEL: func.func @return_arg
// IR:         %[[C:.*]] = bufferization.clone %arg0
// IR:         return %[[C]]
// IR-LABEL: func.func @return_global
// IR:         %[[G:.*]] = memref.get_global @cst
// IR:         %[[C:.*]] = bufferization.clone %[[G]]
// IR:         return %[[C]]

// FRESH: @return_arg: SAFE (1 input)
// FRESH: @return_global: SAFE (1 input)

// ALIAS-LABEL: @return_arg: ABI_VIOLATION (1 input)
// ALIAS:         reason: [abi.results.heap] result 0 of @return_arg views arg buffer #1, not a heap buffer the caller can own
// ALIAS-LABEL: @return_global: ABI_VIOLATION (1 input)
// ALIAS:         reason: [abi.results.heap] result 0 of @return_global views global buffer #1, not a heap buffer the caller can own

// A caller that frees the clone and the original frees two buffers.
// CHECK-LABEL: @copy_then_free_both: SAFE (1 input)
func.func @copy_then_free_both() {
  %a = memref.alloc() : memref<2xf32>
  %c = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  return
}

// With an aliasing "clone" (a cast) the same caller frees one buffer twice.
// CHECK-LABEL: @alias_then_free_both: DOUBLE_FREE (1 input)
func.func @alias_then_free_both() {
  %a = memref.alloc() : memref<2xf32>
  %c = memref.cast %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  return
}

// The same holds for a result returned twice: a clone of the second makes
// the results distinct ([abi.results.distinct]).
// CHECK-LABEL: @return_with_clone: SAFE (1 input)
func.func @return_with_clone() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %c = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  return %a, %c : memref<2xf32>, memref<2xf32>
}
// CHECK-LABEL: @return_with_alias: ABI_VIOLATION (1 input)
// CHECK:         reason: [abi.results.distinct] result 1 of @return_with_alias views buffer #1, which an earlier result also views
func.func @return_with_alias() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %c = memref.cast %a : memref<2xf32> to memref<2xf32>
  return %a, %c : memref<2xf32>, memref<2xf32>
}
