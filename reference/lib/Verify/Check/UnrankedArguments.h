//===- UnrankedArguments.h - One check per rank of unranked arguments -*-===//
//
// Internal to DeallocVerify. [input.unranked]: an unranked memref argument
// views a caller-provided buffer of a rank and shape the input chooses. A
// check's encoding needs a rank: the function is checked once per rank of
// each unranked argument up to SolverPolicy::maxUnrankedArgRank
// (VerifyOptions::unrankedRanks), and the answers are combined. A function
// that may treat a larger rank differently (memref.rank, memref.dim, ...)
// is never SAFE by these checks.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_UNRANKEDARGUMENTS_H
#define DEALLOC_LIB_VERIFY_UNRANKEDARGUMENTS_H

#include "dealloc/Verify/Verify.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace dealloc::verify {

/// The unranked memref arguments of `fn` (of modelled element types).
std::vector<unsigned> unrankedArguments(mlir::func::FuncOp fn);
inline bool hasUnrankedArguments(mlir::func::FuncOp fn) {
  return !unrankedArguments(fn).empty();
}

/// The rank assignments of [input.unranked] in order: the next one after
/// `ranks` (per argument of the function, read at `args`), the last
/// argument's fastest; false after the last (`ranks` is all 0 again).
bool nextRanks(llvm::ArrayRef<unsigned> args, std::vector<unsigned> &ranks);
/// "unranked argument #0 of rank 1, #2 of rank 0"
std::string describeRanks(llvm::ArrayRef<unsigned> args,
                          llvm::ArrayRef<unsigned> ranks);
/// The reason of an UNKNOWN where every rank checked answered `answer`
/// ("SAFE", "EQUIVALENT", "no defined input") but `observer` may tell a
/// larger rank apart.
std::string largerRankReason(llvm::StringRef answer, mlir::Operation *observer);

/// The excluded sites of several rank checks of one answer
/// ([safety.defined]): `more` appended to `sites` (a site, by location and
/// kind, once), and the first reasons the list may be incomplete
/// (`cut`) and that definedness was not decided (`undecided`).
void mergeExcluded(std::vector<StopSite> &sites, std::string &cut,
                   std::string &undecided, llvm::ArrayRef<StopSite> more,
                   llvm::StringRef moreCut, llvm::StringRef moreUndecided);

/// The first op (in walk order) through which a run of `fn` may depend on
/// the rank of an unranked argument beyond the ranks checked: a use of its
/// descriptor (or of one derived from it by bufferization.clone, an
/// unranked cast or a call) other than a free, a cast to a ranked type of a
/// checked rank, a return, a call or its aligned pointer; or a memref.rank
/// or memref.dim of it whose number `fn` does more with than return it.
/// Null if there is none.
mlir::Operation *rankObserver(mlir::func::FuncOp fn);

/// [input.unranked]: `check` once per assignment of ranks 0 ..
/// SolverPolicy::maxUnrankedArgRank to the unranked arguments of `fn` (the
/// last argument's fastest), each with VerifyOptions::unrankedRanks set,
/// and the combined answer: the first violation found; else the first
/// UNKNOWN or UNSUPPORTED (other than for want of a defined input); else
/// SAFE if no rank beyond those is observable (rankObserver), UNKNOWN
/// naming the op otherwise.
FunctionResult
checkEachRank(mlir::func::FuncOp fn, const VerifyOptions &opts,
              llvm::function_ref<FunctionResult(const VerifyOptions &)> check);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_UNRANKEDARGUMENTS_H
