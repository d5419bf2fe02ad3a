// The reference pipeline's canonicalize steps are upstream's canonicalizer
// without RemoveDuplicateSuccessorInputUses, bottom-up (top-down=false), the
// last one also without CombineIfs ([own.pipeline.canonicalize]). Two
// iter_args that always receive the same buffer stay two iter_args (upstream's
// canonicalize merges them), and the reference pass gives each its own
// ownership indicator; two adjacent scf.if on one condition stay two ops
// (upstream's canonicalize combines them); the outputs are safe.
// SPEC: [own.pipeline.canonicalize] [own.pipeline]
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSES
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=SAFE
// RUN: mlir-opt %s --canonicalize | FileCheck %s --check-prefix=UPSTREAM
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | mlir-opt --canonicalize | FileCheck %s --check-prefix=COMBINED

// PASSES:      expand-realloc{emit-deallocs=false}
// PASSES-NEXT: canonicalize{disable-patterns={{[{][{]}}(anonymous namespace)::RemoveDuplicateSuccessorInputUses{{[}][}]}} {{.*}}region-simplify=normal {{.*}}top-down=false}
// PASSES-NEXT: reference-buffer-deallocation
// PASSES-NEXT: canonicalize{disable-patterns={{[{][{]}}(anonymous namespace)::RemoveDuplicateSuccessorInputUses{{[}][}]}} {{.*}}top-down=false}
// PASSES:      cse
// PASSES-NEXT: canonicalize{disable-patterns={{[{][{]}}(anonymous namespace)::RemoveDuplicateSuccessorInputUses},{(anonymous namespace)::CombineIfs{{[}][}]}} {{.*}}region-simplify=normal {{.*}}top-down=false}

// CHECK-LABEL: func.func @twins
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %[[A]], %{{.*}} = %false, %{{.*}} = %false) -> (memref<2xf32>, memref<2xf32>, i1, i1)
// SAFE: @twins: SAFE
// UPSTREAM-LABEL: func.func @twins
// UPSTREAM: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (memref<2xf32>)
func.func @twins() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %a) -> (memref<2xf32>, memref<2xf32>) {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    memref.copy %y, %b : memref<2xf32> to memref<2xf32>
    scf.yield %b, %b : memref<2xf32>, memref<2xf32>
  }
  %v = memref.load %r#0[%c0] : memref<2xf32>
  %w = memref.load %r#1[%c1] : memref<2xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// The pass gives the private callee's result a clone under `scf.if %c` (not
// owned on the else side) right after the scf.if on %c that yields it; the
// last canonicalize keeps the two ops, upstream's would combine them.
// CHECK-LABEL: func.func private @maybe_copy
// CHECK: %[[R:.*]] = scf.if %[[C:arg0]] -> (memref<2xf32>) {
// CHECK:   memref.alloc
// CHECK: } else {
// CHECK: }
// CHECK-NEXT: %[[S:.*]] = scf.if %[[C]] -> (memref<2xf32>) {
// CHECK-NEXT:   scf.yield %[[R]]
// CHECK-NEXT: } else {
// CHECK-NEXT:   bufferization.clone %[[R]]
// CHECK: return %[[S]]
// SAFE: @caller: SAFE
// COMBINED-LABEL: func.func private @maybe_copy
// COMBINED: scf.if %arg0 -> (memref<2xf32>, memref<2xf32>) {
// COMBINED-NOT: scf.if %arg0
// COMBINED: return
func.func private @maybe_copy(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
    scf.yield %0 : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @caller(%c: i1, %d: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = call @maybe_copy(%c, %a) : (i1, memref<2xf32>) -> memref<2xf32>
  %1 = call @maybe_copy(%d, %0) : (i1, memref<2xf32>) -> memref<2xf32>
  return %1 : memref<2xf32>
}
