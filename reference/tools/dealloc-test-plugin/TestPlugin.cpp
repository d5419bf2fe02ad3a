//===- TestPlugin.cpp - A pass plugin for the --load-pass-plugin tests ----===//
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
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

namespace {
struct DropFrees
    : public mlir::PassWrapper<DropFrees, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropFrees)
  llvm::StringRef getArgument() const final { return "dealloc-test-drop-frees"; }
  llvm::StringRef getDescription() const final {
    return "Erase every memref.dealloc (a broken stage, for tests)";
  }
  void runOnOperation() override {
    llvm::SmallVector<mlir::Operation *> frees;
    getOperation()->walk([&](mlir::memref::DeallocOp op) { frees.push_back(op); });
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

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "DeallocTestPlugin", LLVM_VERSION_STRING,
          []() {
            mlir::PassRegistration<DropFrees>();
            mlir::PassRegistration<StripAnnotations>();
          }};
}
