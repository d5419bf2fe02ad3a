// The PSA thread's "Terminators must implement either BranchOpInterface or
// RegionBranchTerminatorOpInterface (but not both)!" on
// `scf.reduce.return %4 : i64` (a program without allocations). In MLIR 22
// a scalar reduction is accepted by upstream's pass (SCF's
// BufferDeallocationOpInterface models, registered by mlir-opt) and by the
// reference pass, and left unchanged; a buffer allocated in the
// scf.parallel body is freed in the body, before scf.reduce.
// SPEC: [limit.terminators.scalar]
// RUN: mlir-opt %s -split-input-file --ownership-based-buffer-deallocation | FileCheck %s --check-prefix=PASS
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s --check-prefix=PASS
// RUN: mlir-opt %s -split-input-file --buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE

// The thread's program without its numba_util.env_region wrapper.
// PASS-LABEL: func.func @sum
// PASS-NOT:     bufferization.dealloc
// PASS:         scf.reduce(%{{.*}} : i64) {
// PASS:           scf.reduce.return %{{.*}} : i64
// PASS-NOT:     bufferization.dealloc
// PASS:         return
// PIPE-LABEL: func.func @sum
// PIPE-NOT:     memref.dealloc
// PIPE:         scf.reduce.return %{{.*}} : i64
func.func @sum(%n: i64) -> i64 {
  %c0_i64 = arith.constant 0 : i64
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %ub = arith.index_cast %n : i64 to index
  %r = scf.parallel (%i) = (%c0) to (%ub) step (%c1) init (%c0_i64) -> i64 {
    %x = arith.index_cast %i : index to i64
    scf.reduce(%x : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}

// -----

// With a scratch buffer per iteration: freed before the reduction.
// PASS-LABEL: func.func @sum_with_scratch
// PASS:         scf.parallel
// PASS:           %[[A:.*]] = memref.alloc()
// PASS:           %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
// PASS-NEXT:      bufferization.dealloc (%[[BASE]] : memref<i64>) if (%true{{.*}})
// PASS-NEXT:      scf.reduce(%{{.*}} : i64) {
// PASS:             scf.reduce.return %{{.*}} : i64
// PIPE-LABEL: func.func @sum_with_scratch
// PIPE:         scf.parallel
// PIPE:           %[[A:.*]] = memref.alloc()
// PIPE:           memref.dealloc %[[A]] : memref<1xi64>
// PIPE-NEXT:      scf.reduce(%{{.*}} : i64) {
// PIPE:             scf.reduce.return %{{.*}} : i64
func.func @sum_with_scratch(%n: index) -> i64 {
  %c0_i64 = arith.constant 0 : i64
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%c0_i64) -> i64 {
    %tmp = memref.alloc() : memref<1xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %tmp[%c0] : memref<1xi64>
    %x = memref.load %tmp[%c0] : memref<1xi64>
    scf.reduce(%x : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}
