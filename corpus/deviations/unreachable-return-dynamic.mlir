// Upstream MLIR 22 leaves unreachable blocks untouched. With
// private-function-dynamic-ownership it appends the ownership result only to
// the reachable return of a private function, and the function verifier
// rejects its output; the reference pass processes every block, so both
// returns get the indicator, and the pipeline's output is safe.
// SPEC: [dev.own.unreachable-blocks] [own.call.private.dynamic]
// RUN: not mlir-opt %s --ownership-based-buffer-deallocation=private-function-dynamic-ownership 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: dealloc-opt %s --reference-buffer-deallocation=private-function-dynamic-ownership | FileCheck %s --check-prefix=REFERENCE
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline=private-function-dynamic-ownership | dealloc-run - | FileCheck %s --check-prefix=EXEC

// UPSTREAM: error: there are multiple return operations with different operand types

// REFERENCE-LABEL: func.func private @f(%{{.*}}: i1) -> (memref<2xf32>, i1)
//       REFERENCE:   return %{{.*}}, %{{.*}} : memref<2xf32>, i1
//       REFERENCE: ^bb1:
//       REFERENCE:   return %{{.*}}, %{{.*}} : memref<2xf32>, i1
// EXEC: @g: SAFE
func.func private @f(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
^bb1:
  %b = memref.alloc() : memref<2xf32>
  return %b : memref<2xf32>
}

func.func @g(%c: i1) {
  %r = call @f(%c) : (i1) -> memref<2xf32>
  return
}
