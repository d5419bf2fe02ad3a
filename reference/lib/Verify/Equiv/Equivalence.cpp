//===- Equivalence.cpp - dealloc-equivalence of two versions --------------===//
//
// spec/verification.md [equiv.match], [equiv.def], [equiv.output]: both
// versions are encoded over the same symbolic input; allocation sites of the
// input program are matched by Verify/Equiv/SiteMatching.cpp; a distinguishing
// input is one where the versions end differently, or free a matched buffer in
// different intervals between input-program allocations.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/Equivalence.h"
#include "Calls/CallSummary.h"
#include "Check/Overrun.h"
#include "Check/Replay.h"
#include "Check/StopSites.h"
#include "Check/UnrankedArguments.h"
#include "Encoder/Encoder.h"
#include "Equiv/VersionComparison.h"
#include "Induction/LoopInductionPair.h"

#include "dealloc/Support/OutOfMemory.h"
#include "llvm/Support/JSON.h"
#include <chrono>
#include <map>

#include "dealloc/Semantics/Interpreter.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// The comparison of function `name` of `a` and `b` (of one rank of its
/// unranked arguments, if it has any).
static EquivResult compareOnce(ModuleOp a, ModuleOp b, StringRef name,
                               const VerifyOptions &opts, EquivStats &stats) {
  // [equiv.loops]: first with loops proved by induction where they can be;
  // any answer but EQUIVALENT comes from the exact (unrolled) encoding.
  bool abstracted = false, suspect = false;
  EquivResult res = compareVersions(a, b, name, opts, stats,
                                    /*abstract=*/true, abstracted, &suspect);
  if (abstracted && res.verdict != EquivVerdict::Equivalent) {
    unsigned deepest = stats.nested ? SolverPolicy::deepestNestedUnroll
                                    : SolverPolicy::deepestUnroll;
    stats = EquivStats{};
    res = compareVersions(a, b, name, opts, stats, /*abstract=*/false,
                          abstracted);
    // A difference after more iterations than --unroll: the deeper exact
    // encodings' DIFFERENT (replayed) replaces the bounded answer.
    VerifyOptions deeper = opts;
    while (suspect && res.verdict == EquivVerdict::Unknown && res.bound &&
           deeper.unroll < deepest && !smt::Budget::spent()) {
      deeper.unroll = std::min(deeper.unroll * 4, deepest);
      EquivStats more;
      EquivResult r = compareVersions(a, b, name, deeper, more,
                                      /*abstract=*/false, abstracted);
      if (r.verdict == EquivVerdict::Different) {
        res = std::move(r);
        stats = more;
      }
      if (r.verdict != EquivVerdict::Unknown || !r.bound)
        break;
    }
  }
  return res;
}

/// [input.unranked]: the comparison at each rank of the unranked arguments
/// of `fn` (A's), combined as checkEachRank combines safety answers: the
/// first DIFFERENT; else the first UNKNOWN but "no defined input"; else
/// EQUIVALENT unless an op of either version may tell a larger rank apart.
static EquivResult compareEachRank(ModuleOp a, ModuleOp b, func::FuncOp fn,
                                   const VerifyOptions &opts,
                                   EquivStats &stats) {
  std::vector<unsigned> args = unrankedArguments(fn);
  VerifyOptions o = opts;
  o.unrankedRanks.assign(fn.getNumArguments(), 0);
  std::vector<EquivResult> ranks;
  std::optional<EquivResult> open; // the first, naming its ranks
  do {
    EquivResult r = compareOnce(a, b, fn.getSymName(), o, stats);
    if (r.verdict == EquivVerdict::Different)
      return r;
    if (r.verdict == EquivVerdict::Unknown && !r.undefinedEverywhere && !open) {
      open = r;
      open->reason =
          "with " + describeRanks(args, o.unrankedRanks) + ": " + r.reason;
    }
    ranks.push_back(std::move(r));
  } while (nextRanks(args, o.unrankedRanks));
  if (open)
    return *open;
  // EQUIVALENT at some rank, or no defined input at every one; with every
  // rank's excluded sites, as checkEachRank keeps them.
  auto equivalent = llvm::find_if(ranks, [](const EquivResult &r) {
    return r.verdict == EquivVerdict::Equivalent;
  });
  bool someEquivalent = equivalent != ranks.end();
  EquivResult res = someEquivalent ? *equivalent : ranks.front();
  for (const EquivResult &r : ranks)
    mergeExcluded(res.excluded, res.excludedCut, res.definedUndecided,
                  r.excluded, r.excludedCut,
                  r.verdict == EquivVerdict::Equivalent ? r.definedUndecided
                                                        : "");
  auto other = dyn_cast_or_null<func::FuncOp>(
      SymbolTable::lookupSymbolIn(b, fn.getSymName()));
  Operation *op = rankObserver(fn);
  if (!op && other)
    op = rankObserver(other);
  if (op) {
    res.verdict = EquivVerdict::Unknown;
    res.undefinedEverywhere = false;
    res.reason = largerRankReason(
                     someEquivalent ? "EQUIVALENT" : "no defined input", op) +
                 " at " + printLocation(op->getLoc());
  }
  return res;
}

EquivResult dealloc::verify::checkEquivalence(ModuleOp a, ModuleOp b,
                                              StringRef name,
                                              const VerifyOptions &opts) {
  auto start = std::chrono::steady_clock::now();
  smt::Budget budget(opts.functionTimeoutMs);
  EquivStats stats;
  auto fn =
      dyn_cast_or_null<func::FuncOp>(SymbolTable::lookupSymbolIn(a, name));
  EquivResult res = fn && hasUnrankedArguments(fn)
                        ? compareEachRank(a, b, fn, opts, stats)
                        : compareOnce(a, b, name, opts, stats);
  res.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (opts.stats) {
    auto secs = [](double s) {
      char buf[32];
      snprintf(buf, sizeof buf, "%.2f s", s);
      return std::string(buf);
    };
    opts.stats(name, "equivalence: " + equivVerdictName(res.verdict).str() +
                         " in " + secs(res.seconds) + "; encoding " +
                         secs(stats.encodeSeconds) + stats.sizes +
                         "; queries " + secs(stats.querySeconds) + " (" +
                         std::to_string(stats.queries) + ")" +
                         (stats.inducted ? "; loops proved by induction: " +
                                               std::to_string(stats.inducted)
                                         : "") +
                         (stats.related ? "; loop pairs related: " +
                                              std::to_string(stats.related) +
                                              " in " + secs(stats.relateSeconds)
                                        : ""));
  }
  return res;
}

void dealloc::verify::printEquivResult(llvm::raw_ostream &os,
                                       const EquivResult &r, bool json) {
  if (json) {
    // [verify.report.json]: dealloc-run's field names; "A" and "B" say what
    // each version does on the distinguishing input.
    llvm::json::Object o;
    o["function"] = r.function;
    o["verdict"] = equivVerdictName(r.verdict).str();
    if (!r.input.empty() || r.verdict == EquivVerdict::Different)
      o["input"] = r.input;
    if (!r.reason.empty()) {
      std::string clause = clauseOf(r.reason);
      if (!clause.empty())
        o["clause"] = clause;
      o["message"] = withoutClause(r.reason, clause);
    }
    for (auto [tag, run] : {std::pair{"A", &r.runA}, std::pair{"B", &r.runB}})
      if (*run) {
        llvm::json::Object v{{"verdict", verdictName((*run)->verdict).str()}};
        if (!(*run)->clause.empty())
          v["clause"] = (*run)->clause;
        if (!(*run)->message.empty())
          v["message"] = (*run)->message;
        o[tag] = std::move(v);
      }
    if (r.bound)
      o["bound"] = int64_t(*r.bound);
    if (!r.excluded.empty() || !r.excludedCut.empty())
      addExcludedJson(o, r.excluded, r.excludedCut, r.definedUndecided);
    std::string text;
    llvm::raw_string_ostream ts(text);
    ts << llvm::json::Value(std::move(o));
    os << jsonWithSeconds(text, r.seconds) << "\n";
    return;
  }
  os << "@" << r.function << ": " << equivVerdictName(r.verdict);
  if (r.verdict == EquivVerdict::Different)
    os << " on input " << quotedInput(r.input) << " (" << r.reason << ")";
  else if (r.verdict == EquivVerdict::Unknown)
    os << " (" << r.reason << ")";
  else if (!r.excluded.empty() || !r.excludedCut.empty())
    os << " (on defined inputs: undefined behaviour excluded, "
          "[safety.defined])";
  os << "\n";
  for (const std::string &d : r.details)
    os << "  " << d << "\n";
  if (!r.excluded.empty() || !r.excludedCut.empty())
    for (const std::string &line :
         excludedNotes(r.excluded, r.excludedCut, r.definedUndecided))
      os << "  " << line << "\n";
}

void dealloc::verify::prepareEquivOverrun(llvm::StringRef function,
                                          const VerifyOptions &opts,
                                          bool json) {
  auto unknown = [&](const std::string &reason) {
    EquivResult o;
    o.function = function.str();
    o.reason = reason;
    std::string text;
    llvm::raw_string_ostream ts(text);
    printEquivResult(ts, o, json);
    return ts.str();
  };
  prepareOverrun(function, opts, unknown);
  // [verify.memory]: the answer if memory runs out during the check, as in
  // safety mode (cleared once the function's own answer is printed).
  pendingAnswer() = unknown("out of memory ([verify.memory])");
}

int dealloc::verify::runEquivalence(ModuleOp a, ModuleOp b, StringRef function,
                                    const VerifyOptions &opts, bool json,
                                    llvm::raw_ostream &os,
                                    std::vector<EquivResult> *results) {
  std::vector<std::string> names;
  if (!function.empty()) {
    names.push_back(function.str());
  } else {
    for (auto fn : a.getOps<func::FuncOp>())
      if (fn.isPublic() && !fn.isDeclaration())
        names.push_back(fn.getSymName().str());
    for (auto fn : b.getOps<func::FuncOp>())
      if (fn.isPublic() && !fn.isDeclaration() &&
          !llvm::is_contained(names, fn.getSymName().str()))
        names.push_back(fn.getSymName().str());
  }
  int code = ExitOk;
  for (const std::string &n : names) {
    prepareEquivOverrun(n, opts, json);
    EquivResult r = checkEquivalence(a, b, n, opts);
    printEquivResult(os, r, json);
    pendingAnswer().clear();
    code = combineExitCodes(code, exitCodeFor(r.verdict));
    if (results)
      results->push_back(std::move(r));
  }
  return code;
}
