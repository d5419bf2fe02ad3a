//===- Tool.cpp - What dealloc-run and dealloc-verify share ---------------===//
//
// spec/safety.md [safety.verdicts] (exit codes of bad input and of nothing
// to check).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/Tool.h"
#include "dealloc/Driver/Describe.h"
#include "dealloc/Driver/Nesting.h"
#include "dealloc/Support/Verdict.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace dealloc {

std::optional<int> startTool(int argc, char **argv, llvm::StringRef tool,
                             llvm::StringRef overview, CommonOptions &common) {
  llvm::cl::HideUnrelatedOptions(common.category);
  if (!llvm::cl::ParseCommandLineOptions(argc, argv, overview, &llvm::errs()))
    return ExitBadInput;
  if (common.describe)
    return printDescription(llvm::outs(), tool);
  return std::nullopt;
}

OwningOpRef<ModuleOp> loadModule(llvm::StringRef path, MLIRContext &context) {
  std::string error;
  auto file = openInputFile(path, &error);
  if (!file) {
    llvm::errs() << "error: cannot read '" << path << "': " << error << "\n";
    return nullptr;
  }
  if (!checkNesting(file->getBuffer(), path == "-" ? "<stdin>" : path,
                    llvm::errs()))
    return nullptr;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
  return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
}

std::vector<func::FuncOp> publicFunctions(ModuleOp module) {
  std::vector<func::FuncOp> out;
  for (auto fn : module.getOps<func::FuncOp>())
    if (fn.isPublic() && !fn.isDeclaration())
      out.push_back(fn);
  return out;
}

std::optional<int> selectFunctions(ModuleOp module,
                                   llvm::StringRef functionName,
                                   llvm::StringRef inputName,
                                   std::vector<func::FuncOp> &fns) {
  if (!functionName.empty()) {
    auto fn = module.lookupSymbol<func::FuncOp>(functionName);
    if (!fn || fn.isDeclaration()) {
      llvm::errs() << "error: no function @" << functionName
                   << " with a body\n";
      return ExitBadInput;
    }
    fns.push_back(fn);
    return std::nullopt;
  }
  fns = publicFunctions(module);
  if (!fns.empty())
    return std::nullopt;
  llvm::errs() << "error: no public function with a body in '" << inputName
               << "': nothing to check\n";
  return ExitUnsure;
}

} // namespace dealloc
