// Executes upstream's --buffer-deallocation-pipeline output: @f(true) frees
// the allocation its returned view points into; @main (which owns the result
// per the ABI) frees it again: glibc aborts with a double free.
// SPEC: [dev.dealloc.lower.view-pointer]
// RUN: mlir-opt %s -buffer-deallocation-pipeline -convert-scf-to-cf -expand-strided-metadata -lower-affine -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts -o %t.ll.mlir
// RUN: not --crash mlir-runner %t.ll.mlir -e main -entry-point-result=void 2>&1 | FileCheck %s
// CHECK: double free
// With %x = false (no view returned) the same output runs cleanly:
// RUN: mlir-runner %t.ll.mlir -e main_no_view -entry-point-result=void

func.func @f(%x: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<16xi8>
  %c8 = arith.constant 8 : index
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %x, %v, %b : memref<2xf32>
  return %s : memref<2xf32>
}

func.func @main() {
  %t = arith.constant true
  %m = call @f(%t) : (i1) -> memref<2xf32>
  return
}

func.func @main_no_view() {
  %f = arith.constant false
  %m = call @f(%f) : (i1) -> memref<2xf32>
  return
}
