//===- CounterexampleDot.cpp - A counterexample as a Graphviz picture -----===//
//
// spec/verification.md [verify.dot]: `dealloc-verify --dot FILE` replays the
// first counterexample with dealloc-run's semantics and draws the run.
//
//===----------------------------------------------------------------------===//
#include "EquivDot.h"
#include "dealloc/Driver/Dot.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/ToolOutput.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;
using namespace dealloc;
using namespace dealloc::verify;

/// [verify.dot]: replays `r`'s counterexample with dealloc-run's semantics
/// and writes the run as a Graphviz CFG. Returns an exit code (3 if the file
/// cannot be written or the input does not parse, which a replayed
/// counterexample always does).
int dealloc::verify::writeCounterexampleDot(
    StringRef dotFile, mlir::ModuleOp module, mlir::func::FuncOp fn,
    const FunctionResult &r, const VerifyOptions &opts, StringRef sourceName) {
  auto input = parseInput(r.input, fn.getFunctionType());
  if (!input) {
    errs() << "error: --dot: counterexample input '" << r.input << "' of @"
           << r.function << " does not parse: " << toString(input.takeError())
           << "\n";
    return ExitBadInput;
  }
  RunOptions ro;
  ro.reuseAddresses = opts.reuseAddresses;
  RunResult run = runFunction(module, fn, *input, ro);
  std::error_code ec;
  raw_fd_ostream out(dotFile, ec, sys::fs::OF_Text);
  if (ec) {
    errs() << "error: cannot write '" << dotFile << "': " << ec.message()
           << "\n";
    return ExitBadInput;
  }
  std::string title =
      "@" + r.function + "(" + r.input + "): " + verdictName(r.verdict).str() +
      " (dealloc-verify counterexample, " + sourceName.str() + ")";
  writeRunDot(out, fn, run, title);
  if (int rc = closeOutputFile(out, dotFile); rc != ExitOk)
    return rc;
  errs() << "dot: counterexample " << title << " written to " << dotFile
         << "\n";
  return ExitOk;
}
