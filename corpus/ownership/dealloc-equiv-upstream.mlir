// Differential evidence: the reference pipeline's output is proven safe by
// dealloc-verify and compared with upstream's --buffer-deallocation-pipeline
// output by dealloc-verify --equiv (allocation sites matched by location).
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline --mlir-print-debuginfo -o %t.ref.mlir
// RUN: mlir-opt %s --buffer-deallocation-pipeline --mlir-print-debuginfo -o %t.up.mlir
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=SAFE
// RUN: not dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// SPEC: [own.branch.cond] [own.block.args]
// SAFE: @diamond: SAFE
// EQUIV: @diamond: EQUIVALENT
func.func @diamond(%c: i1, %m: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%m : memref<2xf32>)
^bb2:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%x: memref<2xf32>):
  memref.copy %x, %m : memref<2xf32> to memref<2xf32>
  return
}

// SPEC: [own.region.op]
// SAFE: @if_yield: SAFE
// EQUIV: @if_yield: EQUIVALENT
func.func @if_yield(%c: i1, %m: memref<2xf32>) {
  %r = scf.if %c -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %m : memref<2xf32>
  }
  memref.copy %r, %m : memref<2xf32> to memref<2xf32>
  return
}

// SPEC: [own.boundary.owned] [own.select]
// SAFE: @return_select: SAFE
// EQUIV: @return_select: EQUIVALENT
func.func @return_select(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %m : memref<2xf32>
  return %s : memref<2xf32>
}

// SPEC: [own.call.abi]
// SAFE: @calls: SAFE
// EQUIV: @calls: EQUIVALENT
func.func private @ext() -> memref<2xf32>
func.func @calls(%m: memref<2xf32>) {
  %a = call @ext() : () -> memref<2xf32>
  memref.copy %a, %m : memref<2xf32> to memref<2xf32>
  return
}

// SPEC: [own.boundary.distinct]
// The one difference: upstream returns the buffer twice ([dev.abi.results-alias]).
// SAFE: @return_twice: SAFE
// EQUIV: @return_twice: DIFFERENT
// EQUIV: A: ABI_VIOLATION
// EQUIV: B: SAFE
func.func @return_twice() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  return %a, %a : memref<2xf32>, memref<2xf32>
}
