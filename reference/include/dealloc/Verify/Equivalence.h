//===- Equivalence.h - dealloc-equivalence and pipeline stages --*- C++ -*-===//
//
// spec/verification.md [equiv.*]: two deallocated versions A and B of one
// input program are dealloc-equivalent iff, for every input, they end the
// same way and free every buffer of every matched input-program allocation
// site in the same interval between input-program allocations. `--stages`
// applies this check between consecutive stages of a pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_VERIFY_EQUIVALENCE_H
#define DEALLOC_VERIFY_EQUIVALENCE_H

#include "dealloc/Verify/Verify.h"

#include <map>

namespace dealloc::verify {

using OwningOpRefModule = mlir::OwningOpRef<mlir::ModuleOp>;

/// What dealloc-run's semantics does on the distinguishing input, for one
/// version.
struct VersionRun {
  Verdict verdict = Verdict::Unknown;
  std::string clause, message;
};

/// The result of comparing one function of A and B.
struct EquivResult {
  std::string function;
  EquivVerdict verdict = EquivVerdict::Unknown;
  std::string input;                    ///< distinguishing input (DIFFERENT)
  std::string reason;                   ///< what differs / why UNKNOWN
  std::vector<std::string> details;     ///< what each version does on the input
  std::optional<VersionRun> runA, runB; ///< the same, for JSON
  std::optional<unsigned> bound;
  double seconds = 0; ///< wall-clock time of the check (JSON only)
  /// [safety.defined]: sites of undefined behaviour of either version whose
  /// inputs were excluded, as FunctionResult's.
  std::vector<StopSite> excluded;
  std::string excludedCut, definedUndecided;
  /// UNKNOWN because on every input a version reaches undefined behaviour.
  bool undefinedEverywhere = false;
};

/// Compares `fn` (same name in both modules).
EquivResult checkEquivalence(mlir::ModuleOp a, mlir::ModuleOp b,
                             llvm::StringRef fn, const VerifyOptions &opts);
void printEquivResult(llvm::raw_ostream &os, const EquivResult &r, bool json);

/// `--equiv`: every public function of A (or only `function`); returns the
/// exit code. With `results`, also appends each function's result to it.
int runEquivalence(mlir::ModuleOp a, mlir::ModuleOp b, llvm::StringRef function,
                   const VerifyOptions &opts, bool json, llvm::raw_ostream &os,
                   std::vector<EquivResult> *results = nullptr);
/// [equiv.match]: how the allocation sites of A and B were matched.
struct SiteMatch {
  /// Per version (A, B) and function (by that version's names): why its
  /// allocations cannot be matched.
  std::map<std::string, std::string> unmatched[2];
  /// Why function `fn` cannot be compared: the first unmatched function
  /// among `fn` and the functions it calls (in A, then in B).
  std::optional<std::string> reasonFor(mlir::ModuleOp a, mlir::ModuleOp b,
                                       llvm::StringRef fn) const;
};
/// [equiv.match]: numbers the input-program allocation sites matched between
/// A and B (`sa` and `sb` get the same site numbers and names).
SiteMatch matchSites(mlir::ModuleOp a, mlir::ModuleOp b, SiteNumbering &sa,
                     SiteNumbering &sb);
/// `--stages`: runs each top-level pass of `pipeline` on `module` and checks
/// every stage after the first deallocated one against its predecessor.
int runStages(llvm::StringRef pipeline, mlir::ModuleOp module,
              llvm::StringRef function, const VerifyOptions &opts, bool json,
              llvm::raw_ostream &os);

} // namespace dealloc::verify

#endif // DEALLOC_VERIFY_EQUIVALENCE_H
