//===- StopSites.h - Replaying the stop sites of an UNKNOWN -----*- C++ -*-===//
//
// Internal to DeallocVerify ([verify.stops]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_STOPSITES_H
#define DEALLOC_LIB_VERIFY_STOPSITES_H

#include "dealloc/Verify/Verify.h"

namespace dealloc::verify {

/// At most this many stop sites are enumerated per function.
constexpr unsigned kMaxStopSites = 16;
/// Solver time for the enumeration after the first site.
constexpr unsigned kStopBudgetMs = 20000;

/// Runs `site.input` under dealloc-run's semantics and records whether the
/// run stops without a verdict at an op of location `site.loc` (then
/// `site.op` is that op's name) and what the run says. Loop-bound sites are
/// not replayed: dealloc-run does not bound loops.
void replayStop(mlir::ModuleOp module, mlir::func::FuncOp fn,
                const VerifyOptions &opts, StopSite &site);

/// The note lines of the human output for `r.stops` (without indentation).
std::vector<std::string> stopNotes(const FunctionResult &r);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_STOPSITES_H
