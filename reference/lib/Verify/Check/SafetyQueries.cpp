//===- SafetyQueries.cpp - Is some recorded condition reachable? ----------===//
//
// docs/verifier-proofs.md [verify.queries], [verify.queries.local],
// [verify.lemmas]. See Verify/Check/SafetyQueries.h.
//
//===----------------------------------------------------------------------===//
#include "Check/SafetyQueries.h"
#include "Check/Replay.h"
#include "dealloc/Support/SolverPolicy.h"

#include "llvm/ADT/ScopeExit.h"
#include <limits>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Clock = QueryStats::Clock;

static const char *resultName(smt::Result r) {
  return r == smt::Result::Sat     ? "sat"
         : r == smt::Result::Unsat ? "unsat"
                                   : "unknown";
}

SafetyQueries::SafetyQueries(Encoder &E, const std::vector<Expr> &assumed,
                             QueryStats &stats)
    : E(E), ctx(E.ctx), opts(E.opts), stats(stats), S(E.ctx) {
  for (const Expr &c : assumed)
    S.add(c);
  local.emplace(ctx, E.heap);
}

unsigned SafetyQueries::withinTimeout(unsigned limit) const {
  return opts.timeoutMs == 0 ? limit : std::min(opts.timeoutMs, limit);
}

void SafetyQueries::prove(Expr fact) {
  S.add(fact);
  local->addFact(fact);
}

// [verify.lemmas]: prove the reachability lemmas point by point, in
// encoding order, each on its slice ([verify.queries.local]), and assert
// the proved ones. A point's candidates that a model of the slice violates
// are dropped and the rest asked again (Houdini); a point not decided in
// time contributes nothing. Asserted lemmas are consequences of the
// constraints: they change no model, only the solver's work.
//
// Proved lazily: only once the per-op queries need the whole formula (a
// single condition is not decided in time, or together they took
// SolverPolicy::lemmaTriggerMs), so functions whose queries their slices
// decide do not pay for them. A group not decided in time is split first:
// whether a large group is decided in time depends on the machine's load.
void SafetyQueries::proveLemmas() {
  if (lemmasDone)
    return;
  lemmasDone = true;
  auto began = Clock::now();
  llvm::scope_exit done([&]() { stats.lemmas += Clock::now() - began; });
  buildLemmas(E);
  unsigned budget = withinTimeout(SolverPolicy::lemmaBudgetMs);
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(budget);
  bool outOfTime = false;
  for (const Lemma &lemma : E.heap.lemmas()) {
    proveLemma(lemma, deadline, outOfTime);
    if (outOfTime)
      return;
  }
}

void SafetyQueries::proveLemma(const Lemma &lemma,
                               std::chrono::steady_clock::time_point deadline,
                               bool &outOfTime) {
  std::vector<Expr> cands = lemma.candidates(ctx);
  for (unsigned round = 0; round < SolverPolicy::lemmaRounds && !cands.empty();
       ++round) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0 || smt::Budget::spent()) {
      outOfTime = true;
      return;
    }
    unsigned ms =
        std::min<unsigned>(left, withinTimeout(SolverPolicy::lemmaTimeoutMs));
    smt::Result r = local->check(ctx.mkOr(cands), ms);
    if (r == smt::Result::Unsat) {
      for (const Expr &c : cands)
        prove(ctx.mkNot(c));
      return;
    }
    if (r != smt::Result::Sat)
      return;
    std::vector<Expr> kept;
    for (const Expr &c : cands)
      if (!local->solver().evalBool(c))
        kept.push_back(c);
    cands = std::move(kept);
  }
}

// [verify.queries]: a query the incremental solver does not decide in time
// is given to a one-shot solver that bit-blasts the whole formula
// (Boolean-heavy formulas that the incremental core splits on for minutes
// are often refuted by simplification and SAT in a fraction of a second).
// Only its Unsat counts (the caller asserts the refuted query's negation,
// as for any refuted query); after SolverPolicy::bitBlastMisses answers
// that are not Unsat in a row it is not tried again. `whole`: the first
// query, the disjunction of every condition: each way of bit-blasting gets
// the whole limit, since what follows when it is not refuted (queries per
// op) takes longer than a second try.
bool SafetyQueries::bitBlast(Expr any, unsigned ms, bool whole) {
  if (bitBlastMisses >= SolverPolicy::bitBlastMisses)
    return false;
  if (opts.timeoutMs != 0)
    ms = std::min(ms, opts.timeoutMs);
  auto began = Clock::now();
  bool refuted = S.refuteByBitBlasting(any, ms, whole) == smt::Result::Unsat;
  stats.bitBlast += Clock::now() - began;
  ++stats.bitBlastQueries;
  bitBlastMisses = refuted ? 0 : bitBlastMisses + 1;
  return refuted;
}

bool SafetyQueries::refutedOnSlice(ArrayRef<Expr> conds) {
  Expr any = ctx.mkOr(std::vector<Expr>(conds));
  unsigned ms = withinTimeout(SolverPolicy::localTimeoutMs);
  auto began = Clock::now();
  smt::Result r = local->check(any, ms);
  stats.local += Clock::now() - began;
  ++stats.localQueries;
  if (r != smt::Result::Unsat)
    return false;
  prove(ctx.mkNot(any));
  return true;
}

smt::Result SafetyQueries::askFull(Scan &scan, ArrayRef<Expr> conds) {
  unsigned ms = opts.timeoutMs;
  if (conds.size() > 1)
    ms = withinTimeout(SolverPolicy::groupTimeoutMs);
  Expr q = ctx.freshBool("query");
  S.add(ctx.mkImplies(q, ctx.mkOr(std::vector<Expr>(conds))));
  auto began = Clock::now();
  smt::Result res = S.check({q}, ms);
  auto took = Clock::now() - began;
  triggerTime += took;
  stats.full += took;
  ++stats.fullQueries;
  if (res == smt::Result::Unknown &&
      bitBlast(ctx.mkOr(std::vector<Expr>(conds)),
               conds.size() == 1 ? SolverPolicy::bitBlastMs * 2
                                 : SolverPolicy::bitBlastMs))
    res = smt::Result::Unsat;
  if (opts.stats && took > std::chrono::milliseconds(SolverPolicy::slowQueryMs))
    stats.slowQueries.push_back(
        "full query of " + std::to_string(conds.size()) + " conditions at " +
        (scan.at ? printLocation(*scan.at) : "?") + ": " + resultName(res) +
        " in " +
        std::to_string(
            std::chrono::duration_cast<std::chrono::milliseconds>(took)
                .count()) +
        " ms");
  last = q;
  if (res == smt::Result::Unsat)
    prove(ctx.mkNot(ctx.mkOr(std::vector<Expr>(conds))));
  return res;
}

smt::Result SafetyQueries::decideInChunks(Scan &scan, ArrayRef<Expr> conds) {
  bool some = false;
  // `chunk` changes while the pieces are decided: advance by the piece
  // taken, so no condition is skipped.
  for (size_t i = 0, take; i < conds.size(); i += take) {
    take = std::min(scan.chunk, conds.size() - i);
    smt::Result res = decide(scan, conds.slice(i, take));
    if (res == smt::Result::Sat)
      return res;
    some |= res == smt::Result::Unknown;
  }
  scan.unknown |= some;
  return smt::Result::Unsat;
}

// A group that is not decided quickly is split in halves; single
// conditions get the full timeout. Groups are asked in pieces of at most
// `chunk` conditions (halving every group anew spends most of a check on
// queries that time out).
smt::Result SafetyQueries::decide(Scan &scan, ArrayRef<Expr> conds) {
  // [verify.timeout]: the function's budget is spent; every group left is
  // undecided.
  if (smt::Budget::spent()) {
    scan.unknown = true;
    return smt::Result::Unknown;
  }
  if (conds.size() > scan.chunk)
    return decideInChunks(scan, conds);
  if (refutedOnSlice(conds))
    return smt::Result::Unsat;
  smt::Result res = askFull(scan, conds);
  if (!lemmasDone &&
      ((res == smt::Result::Unknown && conds.size() == 1) ||
       triggerTime > std::chrono::milliseconds(SolverPolicy::lemmaTriggerMs))) {
    proveLemmas();
    if (res == smt::Result::Unknown)
      return decide(scan, conds);
  }
  if (res != smt::Result::Unknown) {
    if (scan.chunk != std::numeric_limits<size_t>::max() &&
        conds.size() == scan.chunk)
      scan.chunk *= 2;
    return res;
  }
  if (conds.size() == 1)
    return res;
  size_t half = conds.size() / 2;
  scan.chunk = std::max<size_t>(1, (conds.size() + 1) / 2);
  for (ArrayRef<Expr> part : {conds.take_front(half), conds.drop_front(half)}) {
    res = decide(scan, part);
    if (res == smt::Result::Sat)
      return res;
    scan.unknown |= res == smt::Result::Unknown;
  }
  return smt::Result::Unsat;
}

// First the whole disjunction, briefly: often decided at once. Not for very
// many conditions: Z3 preprocesses them before its time limit applies. Many
// conditions go to the one-shot solver first (its time limit holds, and it
// decides such disjunctions about as fast or much faster).
smt::Result SafetyQueries::askEvery(const std::vector<Expr> &every) {
  // Identity terms ([verify.encoding.ids]) compared with literals are bits
  // to the one-shot solver; the incremental one took 2 s where it took
  // 0.02 s (the reference pipeline's select-chain 1000). Briefly, as for a
  // group: the incremental solver follows.
  bool many = every.size() > SolverPolicy::bitBlastOver;
  bool blastFirst = many || (E.heap.identityTerms() > 0 && every.size() > 1);
  if (blastFirst &&
      bitBlast(ctx.mkOr(every),
               many ? SolverPolicy::firstBitBlastMs : SolverPolicy::bitBlastMs,
               many)) {
    prove(ctx.mkNot(ctx.mkOr(every)));
    return smt::Result::Unsat;
  }
  if (every.size() <= 1 || every.size() > SolverPolicy::firstQueryMax)
    return smt::Result::Unknown;
  Expr q = ctx.freshBool("query");
  S.add(ctx.mkImplies(q, ctx.mkOr(every)));
  unsigned ms = withinTimeout(SolverPolicy::firstQueryTimeoutMs);
  auto began = Clock::now();
  smt::Result r = S.check({q}, ms);
  stats.full += Clock::now() - began;
  ++stats.fullQueries;
  last = q;
  if (r == smt::Result::Unknown && !blastFirst &&
      bitBlast(ctx.mkOr(every), SolverPolicy::firstBitBlastMs, true)) {
    prove(ctx.mkNot(ctx.mkOr(every)));
    r = smt::Result::Unsat;
  }
  return r;
}

// [verify.queries]: one incremental query per op (the conditions recorded
// at one location), stopping at the first satisfiable one. A single query
// for the disjunction of all conditions is much harder for the solver than
// the sum of its parts.
smt::Result SafetyQueries::anyOf(const std::vector<Condition> &conds) {
  std::vector<Expr> every;
  every.reserve(conds.size());
  for (const Condition &c : conds)
    every.push_back(c.cond);
  smt::Result r = askEvery(every);
  if (r != smt::Result::Unknown)
    return r;
  Scan scan{std::numeric_limits<size_t>::max()};
  std::vector<Expr> group;
  auto flush = [&]() {
    if (group.empty())
      return false;
    r = decide(scan, group);
    group.clear();
    scan.unknown |= r == smt::Result::Unknown;
    return r == smt::Result::Sat;
  };
  for (const Condition &c : conds) {
    if (scan.at && *scan.at != c.loc && flush())
      return r;
    group.push_back(c.cond);
    scan.at = c.loc;
  }
  if (flush())
    return r;
  return scan.unknown ? smt::Result::Unknown : smt::Result::Unsat;
}
