//===- Verdict.h - The fixed verdict vocabulary and exit codes -*- C++ -*-===//
//
// Shared by dealloc-run and dealloc-verify (spec/safety.md, [safety.verdicts];
// docs: docs/architecture.md "Contracts between the pieces"). Verdicts print as `@name: VERDICT ...`.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_VERDICT_H
#define DEALLOC_SUPPORT_VERDICT_H

#include "llvm/ADT/StringRef.h"
#include <algorithm>

namespace dealloc {

/// Safety verdicts, in the order of the spec's table.
enum class Verdict {
  Safe,
  Leak,
  DoubleFree,
  UseAfterFree,
  InvalidFree,
  AbiViolation,
  Unsupported,
  Unknown,
};

/// Equivalence verdicts (`dealloc-verify --equiv`).
enum class EquivVerdict { Equivalent, Different, Unknown };

/// Process exit codes: 0 all safe/equivalent, 1 a violation or difference,
/// 2 unsupported or unknown, 3 unreadable input.
enum ExitCode : int {
  ExitOk = 0,
  ExitViolation = 1,
  ExitUnsure = 2,
  ExitBadInput = 3,
};

inline llvm::StringRef verdictName(Verdict v) {
  switch (v) {
  case Verdict::Safe: return "SAFE";
  case Verdict::Leak: return "LEAK";
  case Verdict::DoubleFree: return "DOUBLE_FREE";
  case Verdict::UseAfterFree: return "USE_AFTER_FREE";
  case Verdict::InvalidFree: return "INVALID_FREE";
  case Verdict::AbiViolation: return "ABI_VIOLATION";
  case Verdict::Unsupported: return "UNSUPPORTED";
  case Verdict::Unknown: return "UNKNOWN";
  }
  return "UNKNOWN";
}

inline llvm::StringRef equivVerdictName(EquivVerdict v) {
  switch (v) {
  case EquivVerdict::Equivalent: return "EQUIVALENT";
  case EquivVerdict::Different: return "DIFFERENT";
  case EquivVerdict::Unknown: return "UNKNOWN";
  }
  return "UNKNOWN";
}

inline bool isViolation(Verdict v) {
  return v != Verdict::Safe && v != Verdict::Unsupported &&
         v != Verdict::Unknown;
}

/// Exit code contributed by one verdict.
inline int exitCodeFor(Verdict v) {
  if (v == Verdict::Safe) return ExitOk;
  return isViolation(v) ? ExitViolation : ExitUnsure;
}

inline int exitCodeFor(EquivVerdict v) {
  switch (v) {
  case EquivVerdict::Equivalent: return ExitOk;
  case EquivVerdict::Different: return ExitViolation;
  case EquivVerdict::Unknown: return ExitUnsure;
  }
  return ExitUnsure;
}

/// Combines per-function exit codes: a violation (1) outranks unsure (2),
/// which outranks success (0). Unreadable input (3) is decided before any
/// function runs.
inline int combineExitCodes(int a, int b) {
  if (a == ExitViolation || b == ExitViolation) return ExitViolation;
  return std::max(a, b);
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_VERDICT_H
