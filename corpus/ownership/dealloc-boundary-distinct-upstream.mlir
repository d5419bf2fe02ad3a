// Reproducer: upstream MLIR 22 returns one buffer as two results of a public
// function (the PSA thread's @test2), which [abi.results.distinct] forbids;
// the reference pipeline copies ([own.boundary.distinct]).
// SPEC: [own.boundary.distinct]
// RUN: mlir-opt %s --buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s --check-prefix=UPSTREAM
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=REFERENCE

// UPSTREAM: @return_twice: ABI_VIOLATION
// REFERENCE: @return_twice: SAFE
func.func @return_twice() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  return %a, %a : memref<2xf32>, memref<2xf32>
}

// UPSTREAM: @return_may_alias: ABI_VIOLATION
// REFERENCE: @return_may_alias: SAFE
func.func @return_may_alias(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %a, %s : memref<2xf32>, memref<2xf32>
}
