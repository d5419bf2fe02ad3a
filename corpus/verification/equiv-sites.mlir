// Allocation sites are matched by dealloc.site, by a file location both
// versions share, or else by structure ([equiv.match], which replaced
// [equiv.sites]: these cases were UNKNOWN before).
// SPEC: [equiv.sites] [equiv.match]
// Locations of two different files never match; the allocations are
// matched by structure:
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.a.mlir
// RUN: mlir-opt --canonicalize %t.a.mlir -o %t.b.mlir
// RUN: dealloc-verify --equiv %t.a.mlir %t.b.mlir | FileCheck %s --check-prefix=NOLOC
// With the input's locations kept, they do:
// RUN: mlir-opt --buffer-deallocation-pipeline --mlir-print-debuginfo %s -o %t.c.mlir
// RUN: mlir-opt --canonicalize --mlir-print-debuginfo %t.c.mlir -o %t.d.mlir
// RUN: dealloc-verify --equiv %t.c.mlir %t.d.mlir | FileCheck %s --check-prefix=LOC
// An allocation without a file location is matched by structure too:
// RUN: dealloc-verify --equiv %S/Inputs/equiv-unknown-loc.mlir %S/Inputs/equiv-unknown-loc.mlir | FileCheck %s --check-prefix=UNKNOWNLOC

// NOLOC: @f: EQUIVALENT
// LOC: @f: EQUIVALENT
// UNKNOWNLOC: @g: EQUIVALENT
func.func @f(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = arith.select %c, %a, %b : memref<2xf32>
  return %r : memref<2xf32>
}
