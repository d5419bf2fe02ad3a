//===- ParsedFunction.h - Test fixture: parse a module, run a function
//-----===//
//
// Shared by the Semantics unit tests: parses MLIR source into a module with
// the interpreter's dialects and runs a function on an input given in
// dealloc-run's --input syntax (spec/inputs.md).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_UNITTESTS_SEMANTICS_PARSEDFUNCTION_H
#define DEALLOC_UNITTESTS_SEMANTICS_PARSEDFUNCTION_H

#include "dealloc/Semantics/Interpreter.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace dealloc {

class ParsedFunctionTest : public ::testing::Test {
protected:
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;

  /// Parses `src`; fails the test if it does not parse.
  void load(const char *src) {
    registerDialects(ctx);
    module = mlir::parseSourceString<mlir::ModuleOp>(src, &ctx);
    ASSERT_TRUE(module);
  }
  mlir::func::FuncOp function(llvm::StringRef name) {
    return module->lookupSymbol<mlir::func::FuncOp>(name);
  }
  /// Runs function `name` on the input `text`; an unparsable input fails the
  /// test and yields a default RunResult.
  RunResult run(const std::string &text, llvm::StringRef name = "f") {
    mlir::func::FuncOp fn = function(name);
    auto in = parseInput(text, fn.getFunctionType());
    EXPECT_TRUE(static_cast<bool>(in));
    if (!in) {
      llvm::consumeError(in.takeError());
      return RunResult();
    }
    return runFunction(*module, fn, *in, RunOptions());
  }
};

} // namespace dealloc

#endif
