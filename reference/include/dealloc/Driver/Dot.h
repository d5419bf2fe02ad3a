//===- Dot.h - A run as a Graphviz control-flow graph -----------*- C++ -*-===//
//
// Pictures of one run of the reference semantics (dealloc-run --dot,
// dealloc-verify --dot for replayed counterexamples): the control-flow graph
// of the function and of every function it calls, one node per block,
// structured-op regions as nested clusters, with the run's path (visit counts,
// bold edges taken, dashed edges not taken), its buffer events (allocations
// with buffer ids, frees, stack releases) and the op where it stopped (a
// violation in red, UNKNOWN / UNSUPPORTED / a failed cf.assert in orange).
// The output is deterministic: names follow the IR order, never pointers.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_DRIVER_DOT_H
#define DEALLOC_DRIVER_DOT_H

#include "dealloc/Semantics/Interpreter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"

namespace dealloc {

/// Writes the run `result` of `fn` (obtained from runFunction on the module
/// that contains `fn`) as a DOT digraph. The graph's label gives the verdict,
/// clause and message.
void writeRunDot(llvm::raw_ostream &os, mlir::func::FuncOp fn,
                 const RunResult &result);

/// As above, with a first label line `title` (e.g. "@f(true,b0)").
void writeRunDot(llvm::raw_ostream &os, mlir::func::FuncOp fn,
                 const RunResult &result, llvm::StringRef title);

/// `s` inside a double-quoted DOT string: quotes and backslashes escaped,
/// newlines as left-justified line breaks (`\l`).
std::string quoteEscape(llvm::StringRef s);

} // namespace dealloc

#endif // DEALLOC_DRIVER_DOT_H
