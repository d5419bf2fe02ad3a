// Executes upstream's lowering of `dealloc (%a, %s) if (%c0, %c1)`, %s a
// subview of %a, for the four rows of the truth table and prints 1 iff the
// buffer was freed (a freed 256-byte chunk is returned by the next malloc of
// the same size: glibc tcache). Spec: freed iff c0 OR c1 -> 0 1 1 1.
// Upstream: the row c0 = false, c1 = true leaks -> 0 1 0 1.
// SPEC: [dev.dealloc.alias.first-condition]
// RUN: mlir-opt %s -bufferization-lower-deallocations -convert-scf-to-cf -expand-strided-metadata -lower-affine -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM:      0
// UPSTREAM-NEXT: 1
// UPSTREAM-NEXT: 0
// UPSTREAM-NEXT: 1

// The same program with the operands written as the same SSA value
// (@freed_same) and canonicalized first: the canonicalizer's disjunction
// gives the spec's rows.
// RUN: mlir-opt %s -canonicalize -bufferization-lower-deallocations -convert-scf-to-cf -expand-strided-metadata -lower-affine -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main_same -entry-point-result=void -shared-libs=%llvm_lib/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s --check-prefix=CONFORM
// CONFORM:      0
// CONFORM-NEXT: 1
// CONFORM-NEXT: 1
// CONFORM-NEXT: 1

func.func private @printI64(i64)
func.func private @printNewline()

func.func @freed(%c0: i1, %c1: i1) -> i1 {
  %a = memref.alloc() : memref<64xf32>
  %s = memref.subview %a[8][8][1] : memref<64xf32> to memref<8xf32, strided<[1], offset: 8>>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  bufferization.dealloc (%a, %s : memref<64xf32>, memref<8xf32, strided<[1], offset: 8>>) if (%c0, %c1)
  %n = memref.alloc() : memref<64xf32>
  %pn = memref.extract_aligned_pointer_as_index %n : memref<64xf32> -> index
  %eq = arith.cmpi eq, %pa, %pn : index
  memref.dealloc %n : memref<64xf32>
  return %eq : i1
}

func.func @freed_same(%c0: i1, %c1: i1) -> i1 {
  %a = memref.alloc() : memref<64xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  bufferization.dealloc (%a, %a : memref<64xf32>, memref<64xf32>) if (%c0, %c1)
  %n = memref.alloc() : memref<64xf32>
  %pn = memref.extract_aligned_pointer_as_index %n : memref<64xf32> -> index
  %eq = arith.cmpi eq, %pa, %pn : index
  memref.dealloc %n : memref<64xf32>
  return %eq : i1
}

func.func @print(%x: i1) {
  %y = arith.extui %x : i1 to i64
  call @printI64(%y) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %f = arith.constant false
  %t = arith.constant true
  %r0 = call @freed(%f, %f) : (i1, i1) -> i1
  call @print(%r0) : (i1) -> ()
  %r1 = call @freed(%t, %f) : (i1, i1) -> i1
  call @print(%r1) : (i1) -> ()
  %r2 = call @freed(%f, %t) : (i1, i1) -> i1
  call @print(%r2) : (i1) -> ()
  %r3 = call @freed(%t, %t) : (i1, i1) -> i1
  call @print(%r3) : (i1) -> ()
  return
}

func.func @main_same() {
  %f = arith.constant false
  %t = arith.constant true
  %r0 = call @freed_same(%f, %f) : (i1, i1) -> i1
  call @print(%r0) : (i1) -> ()
  %r1 = call @freed_same(%t, %f) : (i1, i1) -> i1
  call @print(%r1) : (i1) -> ()
  %r2 = call @freed_same(%f, %t) : (i1, i1) -> i1
  call @print(%r2) : (i1) -> ()
  %r3 = call @freed_same(%t, %t) : (i1, i1) -> i1
  call @print(%r3) : (i1) -> ()
  return
}
