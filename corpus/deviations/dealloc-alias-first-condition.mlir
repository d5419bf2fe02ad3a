// Upstream's generic lowering of bufferization.dealloc lets only the FIRST
// operand with a given aligned pointer decide whether the buffer is freed,
// ignoring the conditions of earlier aliases; its op description says the
// same. The canonicalizer instead merges duplicate operands with arith.ori.
// SPEC: [dev.dealloc.alias.first-condition]
// SPEC: [dev.dealloc.doc.first-alias]
// RUN: mlir-opt %s -bufferization-lower-deallocations | FileCheck %s --check-prefix=LOWER
// RUN: mlir-opt %s -canonicalize -bufferization-lower-deallocations | FileCheck %s --check-prefix=CANON
// RUN: FileCheck %s --check-prefix=DOC --input-file=%mlir_include/mlir/Dialect/Bufferization/IR/BufferizationOps.td

// DOC: If two memrefs alias each other, only one will be
// DOC-NEXT: deallocated to avoid double free situations.
// DOC: `%a1` will be deallocated when
// DOC-NEXT: `%cond1` is set to 'true' and none of `%r0`, `%r1`, `%r2`, and `%a0` are
// DOC-NEXT: aliases.

// Lowered directly: two operands -> dealloc_helper; each operand is freed
// under its own condition only (no disjunction).
// LOWER-LABEL: func.func @same_value_twice
// LOWER-NOT: arith.ori
// LOWER: call @dealloc_helper
// LOWER: %[[D0:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi1>
// LOWER: scf.if %[[D0]] {
// LOWER-NEXT: memref.dealloc
// LOWER: %[[D1:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi1>
// LOWER: scf.if %[[D1]] {
// LOWER-NEXT: memref.dealloc
// Canonicalized first: one operand with condition c0 OR c1.
// CANON-LABEL: func.func @same_value_twice
// CANON-SAME: (%[[A:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
// CANON: %[[OR:.*]] = arith.ori %[[C0]], %[[C1]] : i1
// CANON: scf.if %[[OR]] {
// CANON-NEXT: memref.dealloc %[[A]]
// CANON-NOT: dealloc_helper
func.func @same_value_twice(%a: memref<2xf32>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}

// The helper: dealloc[i] = cond[i] AND (no retained with the same pointer)
// AND (no earlier memref with the same pointer). The loop over earlier
// memrefs (k < i) loads only their pointers, never their conditions.
// LOWER-LABEL: func.func private @dealloc_helper
// LOWER-SAME: (%[[PTRS:.*]]: memref<?xindex>, %[[RPTRS:.*]]: memref<?xindex>, %[[CONDS:.*]]: memref<?xi1>, %[[DEALLOC:.*]]: memref<?xi1>, %[[UPD:.*]]: memref<?xi1>)
// LOWER: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// LOWER: %[[P:.*]] = memref.load %[[PTRS]][%[[I]]]
// LOWER: %[[C:.*]] = memref.load %[[CONDS]][%[[I]]]
// LOWER: %[[NORET:.*]] = scf.for
// LOWER: scf.yield
// LOWER: %[[NOPREV:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[I]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[NORET]]) -> (i1) {
// LOWER-NEXT: %[[PK:.*]] = memref.load %[[PTRS]][%[[K]]]
// LOWER-NEXT: %[[NE:.*]] = arith.cmpi ne, %[[PK]], %[[P]] : index
// LOWER-NEXT: %[[AND:.*]] = arith.andi %[[ACC]], %[[NE]] : i1
// LOWER-NEXT: scf.yield %[[AND]] : i1
// LOWER-NEXT: }
// LOWER-NEXT: %[[FREE:.*]] = arith.andi %[[NOPREV]], %[[C]] : i1
// LOWER-NEXT: memref.store %[[FREE]], %[[DEALLOC]][%[[I]]]
