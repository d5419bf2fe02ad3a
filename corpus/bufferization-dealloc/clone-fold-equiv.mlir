// Forwarding a clone whose source is freed later (upstream's canonicalizer)
// is safe, but not dealloc-equivalent by allocation sites: the source's
// buffer is returned instead of freed. dealloc-verify --equiv says DIFFERENT,
// and its replay shows both versions SAFE.
// SPEC: [clone.fold.forward] [equiv.def]
// RUN: mlir-opt --mlir-print-debuginfo %s -o %t.a.mlir
// RUN: mlir-opt --canonicalize --mlir-print-debuginfo %s -o %t.b.mlir
// RUN: FileCheck %s --check-prefix=FOLDED < %t.b.mlir
// RUN: dealloc-run %t.a.mlir | FileCheck %s --check-prefix=SAFE
// RUN: dealloc-run %t.b.mlir | FileCheck %s --check-prefix=SAFE
// RUN: not dealloc-verify --equiv %t.a.mlir %t.b.mlir | FileCheck %s --check-prefix=EQUIV

// FOLDED-LABEL: func.func @fold
// FOLDED-NOT:     bufferization.clone
// FOLDED-NOT:     memref.dealloc
// FOLDED:         return %alloc
// SAFE: @fold: SAFE (1 input)
// EQUIV:      @fold: DIFFERENT on input 0 (a buffer of site {{.*}}clone-fold-equiv.mlir:[[@LINE+5]]:8 is freed at a different point
// EQUIV-NEXT:   A: SAFE
// EQUIV-NEXT:   B: SAFE
func.func @fold(%f: f32) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %r = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return %r : memref<2xf32>
}
