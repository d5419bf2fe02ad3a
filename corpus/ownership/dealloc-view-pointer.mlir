// A memref.view at a non-zero shift advances the aligned pointer. Upstream's
// lowering compares the view's own pointer with its buffer's and frees a
// buffer that is returned ([dev.dealloc.lower.view-pointer]); the reference
// lowering compares the pointer of the view's source where the IR shows it.
// SPEC: [own.pipeline] [dealloc.retain]
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=REFERENCE
// RUN: mlir-opt %s --buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s --check-prefix=UPSTREAM

// REFERENCE: @ret: SAFE
// UPSTREAM: @ret: ABI_VIOLATION
func.func @ret(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<64xi8>
  %c16 = arith.constant 16 : index
  %v = memref.view %0[%c16][] : memref<64xi8> to memref<2xf32>
  memref.copy %a, %v : memref<2xf32> to memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.copy %a, %1 : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %v, %1 : memref<2xf32>
  return %r : memref<2xf32>
}
