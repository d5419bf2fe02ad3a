//===- EquivDot.h - dealloc-verify's Graphviz pictures ---------*- C++ -*-===//
//
// dealloc-verify --dot FILE, for a counterexample and for --equiv
// (spec/verification.md [verify.dot]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_TOOLS_DEALLOC_VERIFY_EQUIVDOT_H
#define DEALLOC_TOOLS_DEALLOC_VERIFY_EQUIVDOT_H

#include "dealloc/Verify/Equivalence.h"

namespace dealloc::verify {

/// Replays the distinguishing input of `r` (a DIFFERENT result) on both
/// versions with dealloc-run's semantics and writes both buffer-event traces
/// side by side as two clusters of a DOT digraph, the k-th buffers of a
/// matched site joined by dashed lines and the first diverging free in red.
/// `nameA`, `nameB` are the files' names for the title. Returns an exit
/// code: 0, or 3 if the input does not parse or `path` cannot be written.
int writeEquivDot(llvm::StringRef path, mlir::ModuleOp a, mlir::ModuleOp b,
                  const EquivResult &r, const VerifyOptions &opts,
                  llvm::StringRef nameA, llvm::StringRef nameB);

/// [verify.dot]: replays `r`'s counterexample (of `fn` in `module`, read
/// from `sourceName`) with dealloc-run's semantics and writes the run as a
/// Graphviz CFG to `dotFile`. Returns an exit code (3 if the file cannot be
/// written or the input does not parse, which a replayed counterexample
/// always does). In CounterexampleDot.cpp.
int writeCounterexampleDot(llvm::StringRef dotFile, mlir::ModuleOp module,
                           mlir::func::FuncOp fn, const FunctionResult &r,
                           const VerifyOptions &opts,
                           llvm::StringRef sourceName);

} // namespace dealloc::verify

#endif // DEALLOC_TOOLS_DEALLOC_VERIFY_EQUIVDOT_H
