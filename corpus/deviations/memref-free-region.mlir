// Upstream MLIR 22 rejects every op with a region and a result that does not
// implement RegionBranchOpInterface ([limit.regions]), so it rejects
// memref.generic_atomic_rmw and the whole function around it. The reference
// pass accepts such an op when no memref appears inside its regions
// ([limit.regions.memref-free]): it deallocates around it as around
// memref.atomic_rmw, and its output is SAFE for both tools.
// SPEC: [dev.own.memref-free-region] [limit.regions.memref-free]
// RUN: mlir-opt %s -verify-diagnostics --ownership-based-buffer-deallocation -o /dev/null
// RUN: not mlir-opt %s --buffer-deallocation-pipeline 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | FileCheck %s --check-prefix=REFERENCE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=SAFE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=SAFE

// PIPELINE: error: All operations with attached regions need to implement the RegionBranchOpInterface.
// REFERENCE-LABEL: func.func @increment
//       REFERENCE:   %[[A:.*]] = memref.alloc()
//       REFERENCE:   memref.generic_atomic_rmw %[[A]]
//       REFERENCE:   memref.dealloc %[[A]]
//  REFERENCE-NEXT:   return
// SAFE: @increment{{.*}}: SAFE
func.func @increment(%v: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xi32>
  memref.store %v, %a[%c0] : memref<1xi32>
  // expected-error @+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %old = memref.generic_atomic_rmw %a[%c0] : memref<1xi32> {
  ^bb0(%cur: i32):
    %one = arith.constant 1 : i32
    %s = arith.addi %cur, %one : i32
    memref.atomic_yield %s : i32
  }
  %new = memref.load %a[%c0] : memref<1xi32>
  %d = arith.subi %new, %old : i32
  return %d : i32
}
