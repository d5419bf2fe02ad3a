//===- TestPlugin.cpp - The tests' pass and dialect plugin ----------------===//
//
// One library, build/lib/DeallocTestPlugin.so, that is both a pass plugin
// (mlirGetPassPluginInfo, for --load-pass-plugin) and a dialect plugin
// (mlirGetDialectPluginInfo, for --load-dialect-plugin).
//
// Passes:
//
// `dealloc-test-drop-frees`: erases every memref.dealloc of the module. Run
// after a deallocation pipeline it is a stage that breaks it (every freed
// buffer leaks), which `dealloc-verify --load-pass-plugin=... --stages`
// must name ([verify.stages]).
//
// `dealloc-test-strip-annotations`: removes every `dealloc.site` attribute
// and every location (each op's becomes unknown), as a pass that rebuilds
// ops does. A conforming stage: --stages must not need either to compare it
// with its predecessor ([equiv.match]).
//
// Dialect `dealloc_test` (declared in TestDialect.td): the ops no tool of
// the project models, so the tests of that case ([op.unsupported],
// [verify.unsupported]) do not depend on which upstream ops are modelled.
// Every tool that reads IR (dealloc-run, dealloc-verify, dealloc-check,
// dealloc-opt) and upstream's mlir-opt load it with
// `--load-dialect-plugin=build/lib/DeallocTestPlugin.so`; the harness
// forwards the option (`dealloc-harness conformance --load-dialect-plugin`,
// `bench/decisiveness.py --load-dialect-plugin`).
//
// `dealloc_test.opaque`: any operands and results, of any types; declares
// no memory effects interface, so its effects are unknown: the canonical
// op no tool models. Deallocation passes refuse it, whatever its types
// (upstream's and the reference pass: "ops with unknown memory side effects
// are not supported"); a test that runs a pipeline uses pure_opaque.
//   %y = dealloc_test.opaque %x : (f32) -> f32
//
// `dealloc_test.pure_opaque`: one integer, float or index operand, a result
// of the same type, `Pure` (no memory effects, speculatable, as a math op):
// a side-effect-free scalar op whose value the tools do not know; the
// deallocation pipelines keep it.
//   %y = dealloc_test.pure_opaque %x : f32
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

#include "TestDialect.h.inc"

#define GET_OP_CLASSES
#include "TestOps.h.inc"

#include "TestDialect.cpp.inc"

#define GET_OP_CLASSES
#include "TestOps.cpp.inc"

void dealloc::test::DeallocTestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "TestOps.cpp.inc"
      >();
}

namespace {
struct DropFrees
    : public mlir::PassWrapper<DropFrees, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropFrees)
  llvm::StringRef getArgument() const final {
    return "dealloc-test-drop-frees";
  }
  llvm::StringRef getDescription() const final {
    return "Erase every memref.dealloc (a broken stage, for tests)";
  }
  void runOnOperation() override {
    llvm::SmallVector<mlir::Operation *> frees;
    getOperation()->walk(
        [&](mlir::memref::DeallocOp op) { frees.push_back(op); });
    for (mlir::Operation *op : frees)
      op->erase();
  }
};

struct StripAnnotations
    : public mlir::PassWrapper<StripAnnotations,
                               mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StripAnnotations)
  llvm::StringRef getArgument() const final {
    return "dealloc-test-strip-annotations";
  }
  llvm::StringRef getDescription() const final {
    return "Remove every dealloc.site attribute and location (a conforming "
           "stage, for tests)";
  }
  void runOnOperation() override {
    mlir::Location unknown = mlir::UnknownLoc::get(&getContext());
    getOperation()->walk([&](mlir::Operation *op) {
      op->removeDiscardableAttr("dealloc.site");
      op->setLoc(unknown);
      for (mlir::Region &r : op->getRegions())
        for (mlir::Block &b : r)
          for (mlir::BlockArgument arg : b.getArguments())
            arg.setLoc(unknown);
    });
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "DeallocTestPlugin", LLVM_VERSION_STRING,
          []() {
            mlir::PassRegistration<DropFrees>();
            mlir::PassRegistration<StripAnnotations>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "DeallocTestPlugin", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<dealloc::test::DeallocTestDialect>();
          }};
}
