//===- StopKind.h - Why a run stops without a verdict -----------*- C++ -*-===//
//
// The one table of stop kinds shared by dealloc-run and dealloc-verify
// (spec/safety.md [safety.defined]): a run that stops without a verdict
// stops either because the program's behaviour is undefined there (the
// input is excluded from the verdict by default) or because the tool is
// incomplete (a limit, the unroll bound, something not modelled: the answer
// is UNKNOWN). Every stop of either tool names its kind here; nothing else
// decides which stops exclude an input.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_STOPKIND_H
#define DEALLOC_SUPPORT_STOPKIND_H

#include "llvm/ADT/StringRef.h"

namespace dealloc {

enum class StopKind {
  // Undefined behaviour of the program ([safety.defined]).
  OutOfBounds,     ///< [safety.oob]
  NegativeSize,    ///< [op.memref.alloc]
  CopyShape,       ///< [op.memref.access]
  ReshapeSize,     ///< [view.reshape]
  DimIndex,        ///< [op.memref.access]
  DivisionUB,      ///< [op.arith.ub]: by zero, or signed MIN / -1
  NonPositiveStep, ///< [op.scf.for], [op.scf.parallel]
  AffineDivisor,   ///< [op.affine.apply]
  LinalgDomain,    ///< [op.linalg.domain]
  UninitControl,   ///< [op.uninit.control]
  CastAssertion,   ///< [view.cast]: the descriptor does not fit the type
  // The tools' incompleteness: never excludes an input.
  LoopBound,     ///< [verify.bound]
  ContractModel, ///< [verify.encoding.calls.summary]
  NotEncoded,    ///< [verify.encoding.linalg]
  StepLimit,     ///< [safety.steps]: steps and call depth
  BufferLimit,   ///< [op.memref.alloc]: buffers above the interpreter's limit
  BadInput,      ///< an input that does not fit the function's arguments
  Internal,      ///< a gap in a tool (an unbound value)
};

/// One row of the table.
struct StopKindInfo {
  StopKind kind;
  /// Stable name, printed as the `"kind"` of an excluded input.
  const char *name;
  /// Undefined behaviour of the program (else the tool's incompleteness).
  bool undefined;
};

inline constexpr StopKindInfo kStopKinds[] = {
    {StopKind::OutOfBounds, "out-of-bounds", true},
    {StopKind::NegativeSize, "negative-size", true},
    {StopKind::CopyShape, "copy-shape", true},
    {StopKind::ReshapeSize, "reshape-size", true},
    {StopKind::DimIndex, "dim-index", true},
    {StopKind::DivisionUB, "division", true},
    {StopKind::NonPositiveStep, "non-positive-step", true},
    {StopKind::AffineDivisor, "affine-divisor", true},
    {StopKind::LinalgDomain, "linalg-domain", true},
    {StopKind::UninitControl, "uninit-control", true},
    {StopKind::CastAssertion, "cast-assertion", true},
    {StopKind::LoopBound, "loop-bound", false},
    {StopKind::ContractModel, "contract-model", false},
    {StopKind::NotEncoded, "not-encoded", false},
    {StopKind::StepLimit, "step-limit", false},
    {StopKind::BufferLimit, "buffer-limit", false},
    {StopKind::BadInput, "bad-input", false},
    {StopKind::Internal, "internal", false},
};

/// The table has one row per kind, in the enum's order.
constexpr bool stopKindTableInOrder() {
  unsigned i = 0;
  for (const StopKindInfo &row : kStopKinds)
    if (static_cast<unsigned>(row.kind) != i++)
      return false;
  return i == static_cast<unsigned>(StopKind::Internal) + 1;
}
static_assert(stopKindTableInOrder(),
              "kStopKinds: one row per StopKind, in order");

inline const StopKindInfo &stopKindInfo(StopKind k) {
  return kStopKinds[static_cast<unsigned>(k)];
}

/// True iff a stop of kind `k` is undefined behaviour of the program.
inline bool isUndefinedBehaviour(StopKind k) {
  return stopKindInfo(k).undefined;
}

inline llvm::StringRef stopKindName(StopKind k) { return stopKindInfo(k).name; }

} // namespace dealloc

#endif // DEALLOC_SUPPORT_STOPKIND_H
