// Allocation sites are matched by dealloc.site or by file location; where
// they cannot be matched the answer is UNKNOWN, not a guess.
// SPEC: [equiv.sites]
// Locations of two different files never match:
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.a.mlir
// RUN: mlir-opt --canonicalize %t.a.mlir -o %t.b.mlir
// RUN: not dealloc-verify --equiv %t.a.mlir %t.b.mlir | FileCheck %s --check-prefix=NOLOC
// With the input's locations kept, they do:
// RUN: mlir-opt --buffer-deallocation-pipeline --mlir-print-debuginfo %s -o %t.c.mlir
// RUN: mlir-opt --canonicalize --mlir-print-debuginfo %t.c.mlir -o %t.d.mlir
// RUN: dealloc-verify --equiv %t.c.mlir %t.d.mlir | FileCheck %s --check-prefix=LOC
// An allocation without a file location:
// RUN: not dealloc-verify --equiv %S/Inputs/equiv-unknown-loc.mlir %S/Inputs/equiv-unknown-loc.mlir | FileCheck %s --check-prefix=UNKNOWNLOC

// NOLOC: @f: UNKNOWN (allocation sites cannot be matched: no allocation site of A appears in B
// LOC: @f: EQUIVALENT
// UNKNOWNLOC: @g: UNKNOWN (allocation sites cannot be matched: the allocation at {{.*}} in A has neither a file location nor a dealloc.site attribute
func.func @f(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = arith.select %c, %a, %b : memref<2xf32>
  return %r : memref<2xf32>
}
