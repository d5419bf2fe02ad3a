// The op description of bufferization.clone allows the result to alias the
// input; the deallocation pipeline relies on the opposite: it returns a clone
// of a global from a public function, and the caller, which owns results,
// frees it. Were the clone an alias, that free would free the global.
// Upstream's lowering is alloc + copy (fresh), as the spec requires.
// SPEC: [dev.clone.may-alias]
// RUN: FileCheck %s --check-prefix=DOC --input-file=%mlir_include/mlir/Dialect/Bufferization/IR/BufferizationOps.td
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE
// RUN: mlir-opt %s -buffer-deallocation-pipeline -convert-bufferization-to-memref | FileCheck %s --check-prefix=LOWER

// DOC: Valid implementations of this operation may alias the input and output
// DOC-NEXT: views or create an actual copy.

memref.global "private" constant @g : memref<2xf32> = dense<1.0>

// PIPE-LABEL: func.func @get
// PIPE: %[[G:.*]] = memref.get_global @g
// PIPE: %[[C:.*]] = bufferization.clone %[[G]]
// PIPE: return %[[C]]
// LOWER-LABEL: func.func @get
// LOWER: %[[G:.*]] = memref.get_global @g
// LOWER: %[[N:.*]] = memref.alloc() : memref<2xf32>
// LOWER: memref.copy %[[G]], %[[N]]
// LOWER: return %[[N]]
func.func @get() -> memref<2xf32> {
  %a = memref.get_global @g : memref<2xf32>
  return %a : memref<2xf32>
}

// The caller owns and frees the result unconditionally.
// PIPE-LABEL: func.func @caller
// PIPE: %[[R:.*]] = call @get()
// PIPE: memref.load %[[R]]
// PIPE: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
// PIPE-NOT: scf.if
// PIPE: memref.dealloc %[[BASE]]
// LOWER-LABEL: func.func @caller
func.func @caller() -> f32 {
  %r = call @get() : () -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}
