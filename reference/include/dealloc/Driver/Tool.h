//===- Tool.h - What dealloc-run and dealloc-verify share -------*- C++ -*-===//
//
// The common command line (--function, --json, --reuse-addresses,
// --strict-ub, --describe, --load-dialect-plugin; a bad flag is exit 3),
// reading the input file with its bad-input messages, and "for each public
// function" with the exit codes of [safety.verdicts]: 3 for a --function that
// names no function with a body, 2 for nothing to check.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_DRIVER_TOOL_H
#define DEALLOC_DRIVER_TOOL_H

#include "dealloc/Driver/Plugins.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/CommandLine.h"
#include <optional>
#include <vector>

namespace dealloc {

/// The options every checking tool has, listed by --help under "Options"
/// (a tool puts its own options into `category` too). One static instance
/// per tool, defined before the tool's own options.
struct CommonOptions {
  llvm::cl::OptionCategory category{"Options"};
  llvm::cl::opt<std::string> function{
      "function", llvm::cl::cat(category),
      llvm::cl::desc("Check only this function")};
  llvm::cl::opt<bool> json{"json", llvm::cl::cat(category),
                           llvm::cl::desc("JSON output, one object per line")};
  llvm::cl::opt<bool> reuse{
      "reuse-addresses", llvm::cl::cat(category),
      llvm::cl::desc("Heap allocations may reuse freed addresses")};
  llvm::cl::opt<bool> strictUB{
      "strict-ub", llvm::cl::cat(category),
      llvm::cl::desc("An input that reaches undefined behaviour makes the "
                     "answer UNKNOWN instead of being excluded "
                     "([safety.defined])")};
  llvm::cl::opt<bool> describe{
      "describe", llvm::cl::cat(category),
      llvm::cl::desc("Print the verdicts, exit codes and stop kinds as one "
                     "JSON object and exit")};
  llvm::cl::list<std::string> dialectPlugins{
      llvm::StringRef(kDialectPluginOption), llvm::cl::cat(category),
      llvm::cl::value_desc("PATH"), llvm::cl::desc(kDialectPluginHelp)};
};

/// Parses the command line with `overview` (which states the exit codes):
/// a bad flag or flag value is bad input (exit 3; cl's own exit code, 1,
/// would read as a violation); --describe prints the contract of `tool`
/// (exit 0). Returns the exit code to end with, or std::nullopt to go on.
std::optional<int> startTool(int argc, char **argv, llvm::StringRef tool,
                             llvm::StringRef overview, CommonOptions &common);

/// Parses an MLIR file ("-" for stdin) into `context`, printing diagnostics
/// (with locations) to stderr; null on a file that cannot be read ("error:
/// cannot read 'PATH': why") or a parse or verifier error.
mlir::OwningOpRef<mlir::ModuleOp> loadModule(llvm::StringRef path,
                                             mlir::MLIRContext &context);

/// The public functions with a body, in symbol (module) order.
std::vector<mlir::func::FuncOp> publicFunctions(mlir::ModuleOp module);

/// The functions a tool checks: the one `functionName` names, else every
/// public function with a body of `module` (read from `inputName`). On an
/// error prints it to stderr and returns the exit code: 3 if
/// `functionName` names no function with a body, 2 if there is nothing to
/// check (an empty file from a crashed producer must not read as SAFE).
std::optional<int> selectFunctions(mlir::ModuleOp module,
                                   llvm::StringRef functionName,
                                   llvm::StringRef inputName,
                                   std::vector<mlir::func::FuncOp> &fns);

} // namespace dealloc

#endif // DEALLOC_DRIVER_TOOL_H
