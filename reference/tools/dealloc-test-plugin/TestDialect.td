//===- TestDialect.td - The test plugin's dialect `dealloc_test` ----------===//
//
// Ops that no tool of the project models, for the tests of what the tools
// do with such an op (UNSUPPORTED: [op.unsupported], [verify.unsupported]).
// They are the project's own, so modelling an upstream op one day does not
// change those tests. Loaded with --load-dialect-plugin (the tools, mlir-opt).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_TEST_DIALECT
#define DEALLOC_TEST_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def DeallocTest_Dialect : Dialect {
  let name = "dealloc_test";
  let summary = "Ops no tool of dealloc-spec models (test plugin)";
  let cppNamespace = "::dealloc::test";
}

class DeallocTest_Op<string mnemonic, list<Trait> traits = []>
    : Op<DeallocTest_Dialect, mnemonic, traits>;

def DeallocTest_OpaqueOp : DeallocTest_Op<"opaque"> {
  let summary = "Any operands, any results, unknown memory effects";
  let description = [{
    Declares no memory effects interface: a pass must assume it may read,
    write, allocate or free anything. Deallocation passes refuse it, whatever
    its types ("ops with unknown memory side effects are not supported").

    ```mlir
    %y = dealloc_test.opaque %x : (f32) -> f32
    dealloc_test.opaque : () -> ()
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat =
      "$inputs attr-dict `:` functional-type($inputs, $outputs)";
}

def DeallocTest_PureOpaqueOp
    : DeallocTest_Op<"pure_opaque", [Pure, SameOperandsAndResultType]> {
  let summary = "A side-effect-free scalar op, one operand and one result";
  let description = [{
    `Pure`: no memory effects, speculatable (as a math op). What it computes
    is unknown to the tools.

    ```mlir
    %y = dealloc_test.pure_opaque %x : f32
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyInteger, AnyFloat, Index]>:$input);
  let results = (outs AnyTypeOf<[AnyInteger, AnyFloat, Index]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

#endif // DEALLOC_TEST_DIALECT
