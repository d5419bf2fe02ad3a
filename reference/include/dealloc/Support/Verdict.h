//===- Verdict.h - The fixed verdict vocabulary and exit codes -*- C++ -*-===//
//
// Shared by dealloc-run, dealloc-verify and dealloc-check (spec/safety.md,
// [safety.verdicts]; docs/architecture.md "Contracts between the pieces").
// Verdicts print as `@name: VERDICT ...`. Everything here is read from the
// one table, Verdict.def: a new verdict is a row there.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_VERDICT_H
#define DEALLOC_SUPPORT_VERDICT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>

namespace dealloc {

/// Process exit codes (Verdict.def).
enum ExitCode : int {
#define DEALLOC_EXIT_CODE(Enum, Value, Meaning) Enum = Value,
#include "dealloc/Support/Verdict.def"
};

/// Safety verdicts, in report order (Verdict.def).
enum class Verdict {
#define DEALLOC_VERDICT(Enum, ...) Enum,
#include "dealloc/Support/Verdict.def"
};

/// Equivalence verdicts (`dealloc-verify --equiv`).
enum class EquivVerdict {
#define DEALLOC_EQUIV_VERDICT(Enum, ...) Enum,
#include "dealloc/Support/Verdict.def"
};

/// One row of the safety verdict table.
struct VerdictInfo {
  Verdict verdict;
  const char *name;
  bool violation;
  ExitCode exitCode;
  const char *clause;
  /// The trace event that ends a run with this verdict ("" if none).
  const char *event;
  /// dealloc-run's words for that event (followed by " at LOC").
  const char *reportText;
  /// `--dot`'s words for that event.
  const char *dotText;
};

inline constexpr VerdictInfo kVerdicts[] = {
#define DEALLOC_VERDICT(Enum, Name, Violation, Exit, Clause, Event, Report,    \
                        Dot)                                                   \
  {Verdict::Enum, Name, Violation, Exit, Clause, Event, Report, Dot},
#include "dealloc/Support/Verdict.def"
};

/// One row of the equivalence verdict table.
struct EquivVerdictInfo {
  EquivVerdict verdict;
  const char *name;
  ExitCode exitCode;
  const char *clause;
};

inline constexpr EquivVerdictInfo kEquivVerdicts[] = {
#define DEALLOC_EQUIV_VERDICT(Enum, Name, Exit, Clause)                        \
  {EquivVerdict::Enum, Name, Exit, Clause},
#include "dealloc/Support/Verdict.def"
};

/// One row of the exit code table.
struct ExitCodeInfo {
  ExitCode code;
  const char *meaning;
};

inline constexpr ExitCodeInfo kExitCodes[] = {
#define DEALLOC_EXIT_CODE(Enum, Value, Meaning) {Enum, Meaning},
#include "dealloc/Support/Verdict.def"
};

/// The tables are consistent: rows in enum order; a verdict is a violation
/// iff it contributes exit code 1, and only violations end a run with an
/// event.
constexpr bool verdictTablesConsistent() {
  unsigned i = 0;
  for (const VerdictInfo &row : kVerdicts) {
    if (static_cast<unsigned>(row.verdict) != i++)
      return false;
    if (row.violation != (row.exitCode == ExitViolation))
      return false;
    if (row.violation != (row.event[0] != '\0'))
      return false;
  }
  i = 0;
  for (const EquivVerdictInfo &row : kEquivVerdicts)
    if (static_cast<unsigned>(row.verdict) != i++)
      return false;
  i = 0;
  for (const ExitCodeInfo &row : kExitCodes)
    if (static_cast<unsigned>(row.code) != i++)
      return false;
  return true;
}
static_assert(verdictTablesConsistent(),
              "Verdict.def: rows in enum order, violation iff exit code 1 "
              "iff an ending event");

inline const VerdictInfo &verdictInfo(Verdict v) {
  return kVerdicts[static_cast<unsigned>(v)];
}

inline const EquivVerdictInfo &equivVerdictInfo(EquivVerdict v) {
  return kEquivVerdicts[static_cast<unsigned>(v)];
}

inline llvm::StringRef verdictName(Verdict v) { return verdictInfo(v).name; }

inline llvm::StringRef equivVerdictName(EquivVerdict v) {
  return equivVerdictInfo(v).name;
}

inline bool isViolation(Verdict v) { return verdictInfo(v).violation; }

/// The violation verdicts in report order: the order in which
/// dealloc-verify asks for them ([verify.order]).
inline llvm::ArrayRef<Verdict> violationVerdicts() {
  static const auto list = [] {
    llvm::SmallVector<Verdict, 8> out;
    for (const VerdictInfo &row : kVerdicts)
      if (row.violation)
        out.push_back(row.verdict);
    return out;
  }();
  return list;
}

/// The row of the violation whose run ends with trace event `event`, or
/// null for the other events (alloc, free, ...).
inline const VerdictInfo *verdictOfEvent(llvm::StringRef event) {
  for (const VerdictInfo &row : kVerdicts)
    if (row.violation && event == row.event)
      return &row;
  return nullptr;
}

/// Exit code contributed by one verdict.
inline int exitCodeFor(Verdict v) { return verdictInfo(v).exitCode; }

inline int exitCodeFor(EquivVerdict v) { return equivVerdictInfo(v).exitCode; }

/// Combines per-function exit codes: a violation (1) outranks unsure (2),
/// which outranks success (0). Unreadable input (3) is decided before any
/// function runs.
inline int combineExitCodes(int a, int b) {
  if (a == ExitViolation || b == ExitViolation)
    return ExitViolation;
  return std::max(a, b);
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_VERDICT_H
