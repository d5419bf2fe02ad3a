// Calls under both settings of private-function-dynamic-ownership.
// RUN: dealloc-opt %s --reference-buffer-deallocation | FileCheck %s --check-prefix=NODYN
// RUN: dealloc-opt %s --reference-buffer-deallocation=private-function-dynamic-ownership=1 | FileCheck %s --check-prefix=DYN
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline=private-function-dynamic-ownership=1 | dealloc-run - | FileCheck %s --check-prefix=EXEC

// SPEC: [own.call.abi] [own.call.private.dynamic] [own.boundary.abi]
// Without the option a private function follows the ABI and copies an
// argument it returns. With it, it returns the argument with `false`.
// NODYN-LABEL: func private @priv_passthrough(%arg0: memref<2xf32>) -> memref<2xf32>
//       NODYN:   %[[C:.*]] = bufferization.clone %arg0
//       NODYN:   return %[[C]] : memref<2xf32>
// DYN-LABEL: func private @priv_passthrough(%arg0: memref<2xf32>) -> (memref<2xf32>, i1)
//  DYN-NEXT:   %false = arith.constant false
//  DYN-NEXT:   return %arg0, %false : memref<2xf32>, i1
func.func private @priv_passthrough(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}

// NODYN-LABEL: func private @priv_fresh() -> memref<2xf32>
// DYN-LABEL: func private @priv_fresh() -> (memref<2xf32>, i1)
//       DYN:   %[[O:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%true) retain (%alloc : memref<2xf32>)
//       DYN:   return %alloc, %[[O]] : memref<2xf32>, i1
func.func private @priv_fresh() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}

// A declaration keeps its signature under both settings.
// NODYN-LABEL: func private @decl() -> memref<2xf32>
// DYN-LABEL: func private @decl() -> memref<2xf32>
func.func private @decl() -> memref<2xf32>

// NODYN-LABEL: func @pub_fresh() -> memref<2xf32>
// DYN-LABEL: func @pub_fresh() -> memref<2xf32>
func.func @pub_fresh() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}

// The caller keeps ownership of what it passes and owns the results of
// ABI calls (`true`); results of dynamic calls come with their indicator.
// NODYN-LABEL: func @caller
//       NODYN: %[[A:.*]] = memref.alloc()
//       NODYN: %[[P:.*]] = call @priv_passthrough(%[[A]]) : (memref<2xf32>) -> memref<2xf32>
//       NODYN: %[[Q:.*]] = call @priv_fresh() : () -> memref<2xf32>
//       NODYN: %[[D:.*]] = call @decl() : () -> memref<2xf32>
//       NODYN: %[[E:.*]] = call @pub_fresh() : () -> memref<2xf32>
//       NODYN: bufferization.dealloc ({{.*}}) if (%true, %true, %true, %true, %true)
// DYN-LABEL: func @caller
//       DYN: %[[P:.*]]:2 = call @priv_passthrough(%{{.*}}) : (memref<2xf32>) -> (memref<2xf32>, i1)
//       DYN: %[[Q:.*]]:2 = call @priv_fresh() : () -> (memref<2xf32>, i1)
//       DYN: call @decl() : () -> memref<2xf32>
//       DYN: call @pub_fresh() : () -> memref<2xf32>
//       DYN: bufferization.dealloc ({{.*}}) if (%true, %[[P]]#1, %[[Q]]#1, %true, %true)
// EXEC: @pub_fresh: SAFE
// EXEC: @caller: SAFE
func.func @caller(%m: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %p = call @priv_passthrough(%a) : (memref<2xf32>) -> memref<2xf32>
  %q = call @priv_fresh() : () -> memref<2xf32>
  %d = call @decl() : () -> memref<2xf32>
  %e = call @pub_fresh() : () -> memref<2xf32>
  memref.copy %p, %m : memref<2xf32> to memref<2xf32>
  memref.copy %q, %m : memref<2xf32> to memref<2xf32>
  memref.copy %d, %m : memref<2xf32> to memref<2xf32>
  memref.copy %e, %m : memref<2xf32> to memref<2xf32>
  return
}
