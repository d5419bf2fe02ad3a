//===- Passes.td - The reference deallocation passes ------*- tablegen -*-===//
//
// The passes of the reference deallocation (spec/ownership.md) and their
// options, declared once: mlir-tblgen generates the option structs, the pass
// base classes and the registration (build/.../Passes.h.inc). The pipeline
// --reference-buffer-deallocation-pipeline is built in lib/Ownership/Passes.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef DEALLOC_OWNERSHIP_PASSES
#define DEALLOC_OWNERSHIP_PASSES

include "mlir/Pass/PassBase.td"

def ReferenceDeallocation : Pass<"reference-buffer-deallocation"> {
  let summary = "Reference ownership-based buffer deallocation (spec/ownership.md)";
  let description = [{
    Inserts `bufferization.dealloc` ops that free what each block owns and
    does not pass on ([own.*]), following the function-boundary ABI
    ([abi.*]); preconditions are numbered as in spec/limitations.md.

    ```mlir
    func.func @f(%c: i1) -> memref<2xf32> {
      %a = memref.alloc() : memref<2xf32>
      %b = memref.alloc() : memref<2xf32>
      %r = arith.select %c, %a, %b : memref<2xf32>
      return %r : memref<2xf32>
    }
    ```
    becomes
    ```mlir
      %r = arith.select %c, %a, %b : memref<2xf32>
      %base_a, ... = memref.extract_strided_metadata %a ...
      %base_b, ... = memref.extract_strided_metadata %b ...
      %o = bufferization.dealloc (%base_a, %base_b : memref<f32>, memref<f32>)
             if (%true, %true) retain (%r : memref<2xf32>)
      return %r : memref<2xf32>
    ```
  }];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::cf::ControlFlowDialect"];
  let options = [
    Option<"privateFunctionDynamicOwnership",
           "private-function-dynamic-ownership", "bool", /*default=*/"false",
           "Private functions with a body return an extra i1 ownership result "
           "per memref result instead of following the function-boundary ABI "
           "([own.call.private.dynamic])">,
  ];
}

def ReferenceSplitDeallocations : Pass<"reference-split-deallocations"> {
  let summary = "Split bufferization.dealloc ops by the allocation their "
                "operands view ([own.pipeline.split])";
  let description = [{
    Splits a dealloc whose memref operands all view fresh buffers into one
    dealloc per buffer, each retaining only the retained values that may view
    that buffer:

    ```mlir
    %r = bufferization.dealloc (%a, %b) if (%ca, %cb) retain (%v)  // %v views %a
    ```
    becomes
    ```mlir
    %r = bufferization.dealloc (%a) if (%ca) retain (%v)
    bufferization.dealloc (%b) if (%cb)
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::bufferization::BufferizationDialect"];
}

def ReferenceLowerDeallocations : Pass<"reference-lower-deallocations"> {
  let summary = "Lower bufferization.dealloc literally per "
                "spec/bufferization-dealloc.md";
  let description = [{
    Lowers every `bufferization.dealloc` per [dealloc.free.condition],
    [dealloc.free.once], [dealloc.retain] and [dealloc.results]: each operand
    is freed under its condition unless an earlier operand with a true
    condition has the same base address or a retained value aliases it;
    each result is the disjunction of the conditions of the operands its
    retained value aliases. A dealloc with more than `helper-above` memref
    operands calls a helper function with loops ([own.pipeline.helper]).

    ```mlir
    bufferization.dealloc (%a : memref<f32>) if (%c)
    ```
    becomes
    ```mlir
    scf.if %c { memref.dealloc %a : memref<f32> }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::func::FuncDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect"];
  let options = [
    Option<"helperAbove", "helper-above", "unsigned", /*default=*/"16",
           "Lower a dealloc with more memref operands than this through a "
           "helper function with loops ([own.pipeline.helper])">,
    Option<"helperOnly", "helper-only", "bool", /*default=*/"false",
           "Lower only the deallocs that go through the helper">,
  ];
}

#endif // DEALLOC_OWNERSHIP_PASSES
