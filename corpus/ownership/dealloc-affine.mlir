// Affine region ops: affine.for and affine.if are region-branch ops like
// scf.for and scf.if ([own.region.op]). affine.for keeps its operands in
// sized segments (lower-bound operands, upper-bound operands, iter_args), so
// the `false` indicator of a carried memref is counted in the iter_args
// segment ([own.region.segments]); upstream's pass leaves the segment sizes
// stale and its output fails verification (docs/findings.md F6,
// corpus/regressions/upstream-affine-for-iter-args-segments.mlir).
// dealloc-opt verifies its output, so each RUN line also checks that the IR
// is valid.
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | mlir-opt --verify-each -o /dev/null
// EXEC-NOT: {{LEAK|DOUBLE_FREE|USE_AFTER_FREE|INVALID_FREE|ABI_VIOLATION|UNSUPPORTED|UNKNOWN}}

// SPEC: [own.region.segments] [own.region.op] [limit.region.append]
// The argument is carried with `false`; the result is returned through
// [own.boundary.owned].
// CHECK-LABEL: func @for_carry_arg
//       CHECK: %[[R:.*]]:2 = affine.for %{{.*}} = 0 to min #{{.*}}(%arg1) iter_args(%[[X:.*]] = %arg0, %[[OX:.*]] = %false) -> (memref<4xf32>, i1) {
//       CHECK:   affine.store %{{.*}}, %[[X]][%{{.*}}]
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[OX]]) retain (%[[X]] : memref<4xf32>)
//       CHECK:   affine.yield %[[X]], %[[O]] : memref<4xf32>, i1
//       CHECK: scf.if %[[R]]#1
// GENERIC-LABEL: sym_name = "for_carry_arg"
//       GENERIC: "affine.for"(%arg1, %arg0, %{{.*}}) <{{.*}}operandSegmentSizes = array<i32: 0, 1, 2>
// EXEC: @for_carry_arg: SAFE
func.func @for_carry_arg(%arg0: memref<4xf32>, %n: index) -> memref<4xf32> {
  %cst = arith.constant 1.0 : f32
  %r = affine.for %i = 0 to min affine_map<(d0) -> (d0, 4)>(%n)
      iter_args(%it = %arg0) -> (memref<4xf32>) {
    affine.store %cst, %it[%i] : memref<4xf32>
    affine.yield %it : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// SPEC: [own.region.segments] [own.region.op]
// Each iteration frees the buffer of the previous one when it owns it.
// CHECK-LABEL: func @for_carry_alloc
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[R:.*]]:2 = affine.for {{.*}} iter_args(%[[X:.*]] = %[[A]], %[[OX:.*]] = %false) -> (memref<4xf32>, i1) {
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%[[OX]], %true) retain (%[[B]] : memref<4xf32>)
//       CHECK:   affine.yield %[[B]], %[[O]] : memref<4xf32>, i1
//       CHECK: bufferization.dealloc ({{.*}}) if (%true, %[[R]]#1, %true)
// GENERIC-LABEL: sym_name = "for_carry_alloc"
//       GENERIC: "affine.for"(%{{.*}}, %{{.*}}, %{{.*}}) <{{.*}}operandSegmentSizes = array<i32: 0, 1, 2>
// EXEC: @for_carry_alloc: SAFE
func.func @for_carry_alloc(%n: index) -> memref<4xf32> {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %r = affine.for %i = 0 to min affine_map<(d0) -> (d0, 4)>(%n)
      iter_args(%it = %a) -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    affine.store %cst, %b[%i] : memref<4xf32>
    affine.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// SPEC: [own.region.segments]
// Bound operands in both segments, an index iter_arg before two memref ones,
// and a nested affine.for: the indicators follow all iter_args, in memref
// order, and only the last segment grows.
// CHECK-LABEL: func @for_mixed
//       CHECK: %[[R:.*]]:5 = affine.for %{{.*}} = max #{{.*}}(%arg0) to min #{{.*}}(%arg1)[%arg1] iter_args(%{{.*}} = %c0, %[[M:.*]] = %arg2, %{{.*}} = %arg2, %{{.*}} = %false, %{{.*}} = %false) -> (index, memref<4xf32>, memref<4xf32>, i1, i1) {
//       CHECK:   %[[IN:.*]]:2 = affine.for %{{.*}} = 0 to 2 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %false) -> (memref<4xf32>, i1) {
//       CHECK:   %[[O:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[IN]]#0, %[[M]] : memref<4xf32>, memref<4xf32>)
//       CHECK:   affine.yield %{{.*}}, %[[IN]]#0, %[[M]], %[[O]]#0, %[[O]]#1 : index, memref<4xf32>, memref<4xf32>, i1, i1
// GENERIC-LABEL: sym_name = "for_mixed"
//       GENERIC: "affine.for"(%arg0, %arg1, %arg1, %{{.*}}, %arg2, %arg2, %{{.*}}, %{{.*}}) <{{.*}}operandSegmentSizes = array<i32: 1, 2, 5>
//       GENERIC: "affine.for"(%{{.*}}, %{{.*}}) <{{.*}}operandSegmentSizes = array<i32: 0, 0, 2>
// EXEC: @for_mixed: SAFE
func.func @for_mixed(%lb: index, %ub: index, %arg: memref<4xf32>) -> (memref<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 2.0 : f32
  %r:3 = affine.for %i = max affine_map<(d0) -> (d0, 0)>(%lb) to min affine_map<(d0)[s0] -> (d0, s0, 3)>(%ub)[%ub]
      iter_args(%k = %c0, %m = %arg, %m2 = %arg) -> (index, memref<4xf32>, memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    %v = affine.load %m[%i] : memref<4xf32>
    affine.store %v, %b[%i] : memref<4xf32>
    %inner = affine.for %j = 0 to 2 iter_args(%x = %b) -> memref<4xf32> {
      %c = memref.alloc() : memref<4xf32>
      affine.store %cst, %c[%j] : memref<4xf32>
      affine.yield %c : memref<4xf32>
    }
    %k1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%k)
    affine.yield %k1, %inner, %m : index, memref<4xf32>, memref<4xf32>
  }
  return %r#1, %r#0 : memref<4xf32>, index
}

// -----

// SPEC: [own.region.op]
// affine.if has no entry operands; each memref result gets an indicator.
// CHECK-LABEL: func @if_yield
//       CHECK: %[[R:.*]]:2 = affine.if #{{.*}}(%arg0) -> (memref<4xf32>, i1) {
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%true) retain (%[[B]] : memref<4xf32>)
//       CHECK:   affine.yield %[[B]], %[[O]] : memref<4xf32>, i1
//       CHECK: } else {
//       CHECK:   affine.yield %{{.*}}, %false : memref<4xf32>, i1
//       CHECK: bufferization.dealloc ({{.*}}) if (%true, %[[R]]#1, %true)
// EXEC: @if_yield: SAFE
#set = affine_set<(d0) : (d0 - 2 >= 0)>
func.func @if_yield(%n: index) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %r = affine.if #set(%n) -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    affine.yield %b : memref<4xf32>
  } else {
    affine.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// SPEC: [own.region.segments] [own.region.op]
// An affine.for carrying a memref inside an affine.if yielding it.
// CHECK-LABEL: func @for_in_if
//       CHECK: %[[R:.*]]:2 = affine.if #{{.*}}(%arg0) -> (memref<4xf32>, i1) {
//       CHECK:   %[[L:.*]]:2 = affine.for %{{.*}} = 0 to 3 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %false) -> (memref<4xf32>, i1) {
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[L]]#1) retain (%[[L]]#0 : memref<4xf32>)
//       CHECK:   affine.yield %[[L]]#0, %[[O]] : memref<4xf32>, i1
// EXEC: @for_in_if: SAFE
#set1 = affine_set<(d0) : (d0 - 2 >= 0)>
func.func @for_in_if(%n: index) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %r = affine.if #set1(%n) -> memref<4xf32> {
    %l = affine.for %i = 0 to 3 iter_args(%x = %a) -> memref<4xf32> {
      %c = memref.alloc() : memref<4xf32>
      affine.yield %c : memref<4xf32>
    }
    affine.yield %l : memref<4xf32>
  } else {
    affine.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}
