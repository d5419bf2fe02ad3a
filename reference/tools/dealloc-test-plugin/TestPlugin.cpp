//===- TestPlugin.cpp - A pass plugin for the --load-pass-plugin tests ----===//
//
// `dealloc-test-drop-frees`: erases every memref.dealloc of the module. Run
// after a deallocation pipeline it is a stage that breaks it (every freed
// buffer leaks), which `dealloc-verify --load-pass-plugin=... --stages`
// must name ([verify.stages]).
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
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "DeallocTestPlugin", LLVM_VERSION_STRING,
          []() { mlir::PassRegistration<DropFrees>(); }};
}
