//===- VersionComparison.h - One --equiv comparison of two versions -*- C++
//-*-===//
//
// spec/verification.md [equiv.def]: both versions of one function encoded
// over the same symbolic input and asked, in order, whether they end
// differently, free matched buffers at different points, or stop where the
// comparison cannot see ([equiv.loops], [safety.defined]).
// Verify/Equiv/Equivalence.cpp calls it, once with loops proved by induction
// and then exactly.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_VERSIONCOMPARISON_H
#define DEALLOC_LIB_VERIFY_VERSIONCOMPARISON_H

#include "dealloc/Verify/Equivalence.h"
#include "mlir/IR/BuiltinOps.h"
#include <string>

namespace dealloc::verify {

/// Where an --equiv check's time went, for --solver-stats.
struct EquivStats {
  double encodeSeconds = 0, querySeconds = 0;
  unsigned queries = 0;
  /// Per version: violation conditions, constraints, heap slots; empty
  /// if the check ended before both were encoded.
  std::string sizes;
  /// Loops proved by induction in A and B ([equiv.loops]), if the answer
  /// came from the abstract encoding.
  unsigned inducted = 0;
  /// Of those, pairs of loops related by [equiv.loops]'s invariant, and
  /// the time their proof took.
  unsigned related = 0;
  double relateSeconds = 0;
  /// Some loop of a pair had loops that allocate inside its iteration
  /// (nested pairs): unrolled deeper, their iterations multiply.
  bool nested = false;
};

/// With `abstract`, loops that allocate no matched site may be proved by
/// induction ([equiv.loops]); `abstracted` says whether one was. Such a
/// check's encoding over-approximates: it decides only by EQUIVALENT.
/// `suspect` (if set) says whether a failed relational proof found a pair
/// header after which the versions may differ.
EquivResult compareVersions(mlir::ModuleOp a, mlir::ModuleOp b,
                            llvm::StringRef name, const VerifyOptions &opts,
                            EquivStats &stats, bool abstract, bool &abstracted,
                            bool *suspect = nullptr);

} // namespace dealloc::verify

#endif
