//===- Loader.cpp - Reading the program (exit 3 on unreadable input) ------===//
#include "dealloc/Semantics/Interpreter.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace dealloc {

void registerDialects(MLIRContext &context) {
  DialectRegistry registry;
  registerAllDialects(registry);
  context.appendDialectRegistry(registry);
  // Ops of unknown dialects parse and are reported UNSUPPORTED by the scan.
  context.allowUnregisteredDialects(true);
}

OwningOpRef<ModuleOp> loadModule(StringRef path, MLIRContext &context) {
  std::string error;
  auto file = openInputFile(path, &error);
  if (!file) {
    llvm::errs() << "error: cannot read '" << path << "': " << error << "\n";
    return nullptr;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
  return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
}

} // namespace dealloc
