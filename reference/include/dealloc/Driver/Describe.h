//===- Describe.h - The tools' contract as JSON (--describe) ----*- C++ -*-===//
//
// `dealloc-run|verify|check --describe` prints the verdict vocabulary, the
// exit codes and the stop kinds as one JSON object, so that clients (the
// Python harness) read them from the tools instead of keeping copies
// (docs/architecture.md, "Contracts between the pieces").
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_DRIVER_DESCRIBE_H
#define DEALLOC_DRIVER_DESCRIBE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace dealloc {

/// The version of the description's format; raised when a field changes
/// meaning or goes away (new fields keep it).
constexpr int kDescribeSchema = 1;

/// Prints the description of `tool` (e.g. "dealloc-verify") as one JSON
/// line: `tool`, `schema`, `verdicts` (report order: `name`, `violation`,
/// `exit_code`, `clause`), `equiv_verdicts` (`name`, `exit_code`),
/// `exit_codes` (code -> meaning), `stop_kinds` (`name`, `class`: "ub"
/// or "limit") and `limits` (name -> value: the buffer size, step, call
/// depth, input, unroll and time limits, spec/safety.md [safety.limits]).
/// Returns ExitOk (the driver's finishStandardOutput reports a failed write).
int printDescription(llvm::raw_ostream &os, llvm::StringRef tool);

} // namespace dealloc

#endif // DEALLOC_DRIVER_DESCRIBE_H
