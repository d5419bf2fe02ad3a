// Upstream MLIR 22 checks its input limitations only in reachable blocks (it
// leaves unreachable blocks untouched); the reference pass checks and
// processes every block, so it rejects a limitation in dead code that
// upstream accepts.
// SPEC: [dev.own.unreachable-blocks] [limit.free]
// RUN: dealloc-opt %s -verify-diagnostics --reference-buffer-deallocation
// RUN: mlir-opt %s --ownership-based-buffer-deallocation | FileCheck %s --check-prefix=UPSTREAM

// UPSTREAM-LABEL: func.func @dead_free()
//       UPSTREAM:   return
//       UPSTREAM: ^bb1:
//  UPSTREAM-NEXT:   %[[A:.*]] = memref.alloc()
//  UPSTREAM-NEXT:   memref.dealloc %[[A]]
//  UPSTREAM-NEXT:   return
func.func @dead_free() {
  return
^bb1:
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xf32>
  return
}
