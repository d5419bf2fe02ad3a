// A module that carries a transform script next to its payload functions,
// as integration tests do: the pass inserts deallocations in the
// `func.func`s and leaves the `transform.named_sequence` (a function-like
// op whose ops have no memory effects the pass knows) as it is, as
// upstream's pass does. dealloc-verify checks the top-level functions.
// SPEC: [own.scope]
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: FileCheck %s < %t.ref.mlir
// RUN: FileCheck %s < %t.up.mlir
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV
// With every dealloc lowered through the helper function, each module gets
// its own helper: a call resolves in its nearest symbol table.
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline=helper-above=0 %s -o %t.helper.mlir
// RUN: FileCheck %s --check-prefix=HELPER < %t.helper.mlir
// RUN: dealloc-verify %t.helper.mlir | FileCheck %s --check-prefix=VERIFY
// HELPER-LABEL: func.func @payload
//       HELPER:   call @reference_dealloc_helper
//       HELPER:   module {
//       HELPER:     func.func @payload_nested
//       HELPER:       call @reference_dealloc_helper
//       HELPER:     func.func private @reference_dealloc_helper
//       HELPER:   func.func private @reference_dealloc_helper

// CHECK-LABEL: func.func @payload
//       CHECK:   memref.alloc
//       CHECK:   memref.dealloc
// CHECK-LABEL: transform.named_sequence @__transform_main
//  CHECK-NEXT:   transform.structured.match
//  CHECK-NEXT:   transform.apply_patterns to
//  CHECK-NEXT:     transform.apply_patterns.canonicalization
//  CHECK-NEXT:   } : !transform.any_op
//  CHECK-NEXT:   transform.yield
// CHECK-LABEL: func.func @payload_nested
//       CHECK:   memref.dealloc

// VERIFY-LABEL: @payload: SAFE
// EQUIV-LABEL: @payload: EQUIVALENT

module attributes {transform.with_named_sequence} {
  func.func @payload(%n: index) -> f32 {
    %c0 = arith.constant 0 : index
    %a = memref.alloc(%n) : memref<?xf32>
    %x = memref.load %a[%c0] : memref<?xf32>
    return %x : f32
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }

  module {
    func.func @payload_nested(%c: i1) -> f32 {
      %a = memref.alloc() : memref<4xf32>
      %c1 = arith.constant 1 : index
      scf.if %c {
        %z = arith.constant 0.0 : f32
        memref.store %z, %a[%c1] : memref<4xf32>
      }
      %x = memref.load %a[%c1] : memref<4xf32>
      return %x : f32
    }
  }
}
