//===- UnrankedArguments.cpp - One check per rank of unranked arguments ---===//
//
// [input.unranked]: dealloc-verify checks a function with unranked memref
// arguments once per assignment of ranks 0 .. max_unranked_arg_rank to
// them (each check's encoding gives such an argument the ranked descriptor
// of that rank, Verify/Encoder/Abi.cpp) and combines the answers. The
// checks cover no larger rank, so SAFE also needs that no op may tell a
// larger rank from the checked ones (rankObserver).
//
//===----------------------------------------------------------------------===//
#include "Check/UnrankedArguments.h"
#include "Check/Replay.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/SolverPolicy.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

std::vector<unsigned> dealloc::verify::unrankedArguments(func::FuncOp fn) {
  std::vector<unsigned> args;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
    if (isModelledUnranked(t))
      args.push_back(i);
  return args;
}

bool dealloc::verify::nextRanks(llvm::ArrayRef<unsigned> args,
                                std::vector<unsigned> &ranks) {
  size_t j = args.size();
  while (j > 0 && ranks[args[j - 1]] == SolverPolicy::maxUnrankedArgRank)
    ranks[args[--j]] = 0;
  if (j == 0)
    return false;
  ++ranks[args[j - 1]];
  return true;
}

std::string dealloc::verify::describeRanks(llvm::ArrayRef<unsigned> args,
                                           llvm::ArrayRef<unsigned> ranks) {
  std::string s;
  llvm::raw_string_ostream os(s);
  for (size_t j = 0; j < args.size(); ++j)
    os << (j ? ", #" : "unranked argument #") << args[j] << " of rank "
       << ranks[args[j]];
  return s;
}

std::string dealloc::verify::largerRankReason(StringRef answer,
                                              Operation *observer) {
  return answer.str() + " at ranks 0.." +
         std::to_string(SolverPolicy::maxUnrankedArgRank) +
         " of the unranked arguments, but " +
         observer->getName().getStringRef().str() +
         " may tell a larger rank apart ([input.unranked])";
}

void dealloc::verify::mergeExcluded(std::vector<StopSite> &sites,
                                    std::string &cut, std::string &undecided,
                                    llvm::ArrayRef<StopSite> more,
                                    llvm::StringRef moreCut,
                                    llvm::StringRef moreUndecided) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const StopSite &s : sites)
    seen.insert({s.loc, s.kind});
  for (const StopSite &s : more)
    if (seen.insert({s.loc, s.kind}).second)
      sites.push_back(s);
  if (cut.empty())
    cut = moreCut.str();
  if (undecided.empty())
    undecided = moreUndecided.str();
}

/// Whether `use` (of a value derived from an unranked argument of `fn`) is
/// the same for every rank of the argument's descriptor beyond the checked
/// ones as for one of them; `derived` gets the values it derives from it.
/// A rank or extent read (memref.rank, memref.dim) is a number that tells
/// ranks apart unless `fn` only returns it (results are not compared,
/// [equiv.def], and no check reads a returned number).
static bool rankAgnostic(func::FuncOp fn, OpOperand &use,
                         SmallVectorImpl<Value> &derived) {
  Operation *op = use.getOwner();
  if (!isa<BaseMemRefType>(use.get().getType()))
    return isa<func::ReturnOp>(op) && op->getParentOp() == fn;
  // A dimension the checked ranks do not all lack: a run of a larger rank
  // reads an extent a run of rank max_unranked_arg_rank reads too (another
  // index would be undefined at every checked rank but defined at larger
  // ones, [safety.oob]).
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    std::optional<int64_t> k = dim.getConstantIndex();
    if (!k || *k < 0 || *k >= int64_t(SolverPolicy::maxUnrankedArgRank))
      return false;
    derived.push_back(dim.getResult());
    return true;
  }
  if (auto rank = dyn_cast<memref::RankOp>(op)) {
    derived.push_back(rank.getResult());
    return true;
  }
  // Frees and returns compare buffers, never ranks ([heap.free.twice],
  // [abi.results.owned]); an aligned pointer is the buffer's address.
  if (isa<memref::DeallocOp, bufferization::DeallocOp, func::ReturnOp,
          memref::ExtractAlignedPointerAsIndexOp>(op))
    return true;
  if (auto clone = dyn_cast<bufferization::CloneOp>(op)) {
    derived.push_back(clone.getResult());
    return true;
  }
  // [view.cast]: a cast to a ranked type stops every run of another rank.
  if (auto cast = dyn_cast<memref::CastOp>(op)) {
    auto mt = dyn_cast<MemRefType>(cast.getType());
    if (!mt)
      derived.push_back(cast.getResult());
    return !mt || mt.getRank() <= SolverPolicy::maxUnrankedArgRank;
  }
  // A declaration's effects on an argument are its buffer's
  // ([abi.external]); a callee with a body gets the descriptor as its
  // argument, and what it returns may derive from it: an unranked value, or
  // a number read off the descriptor (a recursive call of `fn` returns what
  // `fn` returns). A ranked result has a rank its cast fixed.
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    if (!callee)
      return false;
    if (!callee.isDeclaration())
      derived.push_back(callee.getArgument(use.getOperandNumber()));
    for (Value r : call.getResults())
      if (!isa<MemRefType>(r.getType()) &&
          (!callee.isDeclaration() || isa<UnrankedMemRefType>(r.getType())))
        derived.push_back(r);
    return true;
  }
  return false;
}

Operation *dealloc::verify::rankObserver(func::FuncOp fn) {
  SmallVector<Value> work;
  for (BlockArgument a : fn.getArguments())
    if (isModelledUnranked(a.getType()))
      work.push_back(a);
  llvm::DenseSet<Value> seen(work.begin(), work.end());
  llvm::SetVector<Operation *> observers;
  for (size_t next = 0; next < work.size(); ++next) {
    for (OpOperand &use : work[next].getUses()) {
      SmallVector<Value> derived;
      // A number read off a descriptor is reported where it is read.
      Operation *def = use.get().getDefiningOp();
      if (!rankAgnostic(fn, use, derived))
        observers.insert(def && !isa<BaseMemRefType>(use.get().getType())
                             ? def
                             : use.getOwner());
      for (Value d : derived)
        if (seen.insert(d).second)
          work.push_back(d);
    }
  }
  if (observers.empty())
    return nullptr;
  // The first in the function's walk order; else (in a callee) the first
  // found.
  Operation *first = nullptr;
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!observers.contains(op))
      return WalkResult::advance();
    first = op;
    return WalkResult::interrupt();
  });
  return first ? first : observers.front();
}

namespace {
/// The rank assignments of checkEachRank and the answers they gave.
struct RankChecks {
  std::vector<unsigned> args; ///< the unranked arguments
  std::vector<FunctionResult> results;
  std::vector<std::vector<unsigned>> ranks; ///< per result, per argument
};
} // namespace

/// The answer where no check found a violation or stopped short: SAFE on
/// the defined inputs of every rank, with the excluded sites of all (if no
/// rank has a defined input, the first check's answer), unless an op may
/// tell a larger rank apart.
static FunctionResult combineSafe(func::FuncOp fn, RankChecks &rc) {
  auto safe = llvm::find_if(rc.results, [](const FunctionResult &r) {
    return r.verdict == Verdict::Safe;
  });
  FunctionResult out = safe != rc.results.end() ? *safe : rc.results.front();
  for (const FunctionResult &r : rc.results)
    mergeExcluded(out.excluded, out.excludedCut, out.definedUndecided,
                  r.excluded, r.excludedCut,
                  r.verdict == Verdict::Safe ? r.definedUndecided : "");
  Operation *op = rankObserver(fn);
  if (!op)
    return out;
  out.verdict = Verdict::Unknown;
  out.undefinedEverywhere = false;
  out.reason = largerRankReason(
      safe != rc.results.end() ? "SAFE" : "no defined input", op);
  out.location = printLocation(op->getLoc());
  out.diagLoc = op->getLoc();
  return out;
}

FunctionResult dealloc::verify::checkEachRank(
    func::FuncOp fn, const VerifyOptions &opts,
    llvm::function_ref<FunctionResult(const VerifyOptions &)> check) {
  RankChecks rc;
  rc.args = unrankedArguments(fn);
  VerifyOptions o = opts;
  o.unrankedRanks.assign(fn.getNumArguments(), 0);
  double seconds = 0;
  do {
    FunctionResult r = check(o);
    seconds += r.seconds;
    rc.ranks.push_back(o.unrankedRanks);
    bool violation = isViolation(r.verdict);
    rc.results.push_back(std::move(r));
    if (violation)
      break;
  } while (nextRanks(rc.args, o.unrankedRanks));
  FunctionResult out;
  const FunctionResult &last = rc.results.back();
  if (isViolation(last.verdict)) {
    out = last;
  } else {
    auto open = llvm::find_if(rc.results, [](const FunctionResult &r) {
      return r.verdict != Verdict::Safe && !r.undefinedEverywhere;
    });
    if (open != rc.results.end()) {
      out = *open;
      // An unmodelled op or type is one at every rank.
      if (out.verdict == Verdict::Unknown)
        out.reason =
            "with " +
            describeRanks(rc.args, rc.ranks[open - rc.results.begin()]) + ": " +
            out.reason;
    } else {
      out = combineSafe(fn, rc);
    }
  }
  out.seconds = seconds;
  return out;
}
