//===- SafetyCheck.cpp - Safety queries and counterexamples ---------------===//
//
// spec/verification.md [verify.verdict], [verify.order], [verify.bound],
// [verify.replay], [verify.output]: one query for "some input reaches a
// violation"; if satisfiable, the first verdict kind (in the order of the
// verdict table) that some input reaches is reported with a counterexample
// input, which dealloc-run's semantics must reproduce. If no violation is
// reachable, the stop conditions (unroll bound, undefined behaviour) decide
// between SAFE and UNKNOWN; an UNKNOWN because of stops lists the
// reachable stop sites ([verify.stops]). By default ([safety.defined]) only
// the stops of the encoding's incompleteness do: undefined behaviour of the
// program excludes the inputs that reach it, and a SAFE answer lists those
// sites.
//
//===----------------------------------------------------------------------===//
#include "CallSummary.h"
#include "Encoder.h"
#include "LocalProver.h"
#include "Replay.h"
#include "StopSites.h"
#include "dealloc/Support/OutOfMemory.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/ScopeExit.h"
#include <chrono>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// Solver time for a group of conditions before it is split
/// ([verify.queries]).
static constexpr unsigned kGroupTimeoutMs = 500;
/// Limit of a one-shot bit-blasting query ([verify.queries]): a group's
/// (twice that for a single condition).
static constexpr unsigned kBitBlastMs = 2000;
/// Limit of the first one-shot query, for every condition at once: the
/// whole --timeout, at most this (a 300-if chain's 45,453 conditions: 10 s).
static constexpr unsigned kFirstBitBlastMs = 60000;
/// One-shot queries that were not refuted, in a row, after which no more
/// are tried (a reachable violation, or a formula that does not bit-blast).
static constexpr unsigned kBitBlastMisses = 3;
/// Solver time for one round of a lemma point, and rounds per point
/// ([verify.lemmas]).
static constexpr unsigned kLemmaTimeoutMs = 1000;
static constexpr unsigned kLemmaRounds = 8;
/// Solver time for all lemma points of a function together: past it, the
/// remaining points are skipped (a for-loops chain of 30 loops has 1,676).
static constexpr unsigned kLemmaBudgetMs = 20000;
/// Conditions above which the first query (their whole disjunction) is
/// skipped ([verify.queries]).
static constexpr size_t kFirstQueryMax = 10000;
/// Solver time of the per-op queries on the whole formula after which the
/// lemmas are proved ([verify.lemmas]).
static constexpr unsigned kLemmaTriggerMs = 5000;
/// Solver time of a local query ([verify.queries.local]).
static constexpr unsigned kLocalTimeoutMs = 1000;

std::string dealloc::verify::printLocation(Location loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    os << fl.getFilename().getValue() << ":" << fl.getLine() << ":"
       << fl.getColumn();
  else if (auto nl = dyn_cast<NameLoc>(loc))
    return printLocation(nl.getChildLoc());
  else if (auto fused = dyn_cast<FusedLoc>(loc);
           fused && !fused.getLocations().empty())
    return printLocation(fused.getLocations().front());
  else
    loc.print(os);
  return s;
}

std::string dealloc::verify::inputFromModel(Encoder &E, smt::Solver &S,
                                            func::FuncOp fn) {
  std::string out;
  std::map<int64_t, unsigned> groups;
  for (auto [i, v] : llvm::enumerate(E.argValues)) {
    if (i)
      out += ",";
    Type t = fn.getArgument(i).getType();
    if (v.kind == SymValue::Kind::Bool) {
      out += S.evalBool(v.e) ? "true" : "false";
    } else if (v.kind == SymValue::Kind::BV) {
      int64_t x = S.evalBV(v.e);
      if (auto ft = dyn_cast<FloatType>(t)) {
        llvm::APFloat f(ft.getFloatSemantics(),
                        llvm::APInt(ft.getWidth(), (uint64_t)x));
        bool lost;
        f.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &lost);
        llvm::SmallString<32> str;
        f.toString(str);
        out += str.str().str();
      } else {
        out += std::to_string(x);
      }
    } else {
      int64_t id = S.evalBV(E.heap.idOf(v.view));
      auto it = groups.emplace(id, groups.size()).first;
      out += "b" + std::to_string(it->second);
      if (!E.argExtents[i].empty()) {
        out += "[";
        for (auto [k, e] : llvm::enumerate(v.view.sizes)) {
          if (k)
            out += "x";
          out += std::to_string(S.evalBV(e));
        }
        out += "]";
      }
    }
  }
  return out;
}

/// Where `v` happens in the model: its location, or for a check at the
/// function's exit where several `func.return`s meet (located at the
/// function), the return the model's run takes.
static mlir::Location violationLoc(Encoder &E, smt::Solver &S,
                                   const Violation &v) {
  if (v.loc == E.exitLoc)
    for (const auto &[path, loc] : E.exitSites)
      if (S.evalBool(path))
        return loc;
  return v.loc;
}

/// The counterexample trace: the trace events that happen in the model.
static std::vector<std::string> traceFromModel(Encoder &E, smt::Solver &S,
                                               const Violation &v) {
  std::vector<std::string> lines;
  // The violation's slot and, for a fused slot, the slot it is in the
  // model ([verify.encoding.fusion]).
  std::set<int> family;
  for (std::vector<int> todo{v.slot}; !todo.empty();) {
    int s = todo.back();
    todo.pop_back();
    if (s < 0 || !family.insert(s).second)
      continue;
    const Slot &slot = E.heap.slots[s];
    for (auto [p, is] : llvm::zip(slot.parts, slot.partIs))
      if (S.evalBool(is))
        todo.push_back(p);
  }
  for (const SymEvent &ev : E.heap.events) {
    if (v.slot >= 0 && !family.count(ev.slot))
      continue;
    if (!S.evalBool(ev.cond))
      continue;
    lines.push_back((ev.text == "free" ? std::string("freed") : ev.text) +
                    " at " + printLocation(ev.loc));
  }
  lines.push_back(verdictName(v.kind).str() + " at " +
                  printLocation(violationLoc(E, S, v)) + ": " + v.message);
  return lines;
}

FunctionResult dealloc::verify::verifyFunction(ModuleOp module,
                                               func::FuncOp fn,
                                               const VerifyOptions &opts) {
  CheckSetup exact;
  return checkFunction(module, fn, opts, exact);
}

/// One check of `fn` (checkFunction without its error handling).
static FunctionResult checkFunctionOnce(ModuleOp module, func::FuncOp fn,
                                        const VerifyOptions &opts,
                                        CheckSetup &setup) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  FunctionResult res;
  res.function = fn.getSymName().str();
  res.diagLoc = fn.getLoc();
  // --solver-stats: where this check's time went.
  Clock::duration encodeTime{}, localTime{}, fullTime{}, lemmaTime{},
      bitBlastTime{};
  unsigned localQueries = 0, fullQueries = 0, bitBlastQueries = 0;
  std::vector<std::string> slowQueries;
  auto resultName = [](smt::Result r) {
    return r == smt::Result::Sat     ? "sat"
           : r == smt::Result::Unsat ? "unsat"
                                     : "unknown";
  };
  std::function<void()> reportStats;
  auto finish = [&]() {
    res.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (opts.stats && reportStats)
      reportStats();
    return res;
  };
  smt::Context ctx;
  Encoder E(ctx, module, opts, nullptr, setup.facts);
  E.setup = &setup;
  E.recordLemmas = true;
  bool encoded = E.encodeEntry(fn);
  std::vector<Expr> assumed;
  if (encoded)
    assumed = E.heap.constraintsForSafety();
  encodeTime = Clock::now() - start;
  reportStats = [&]() {
    auto secs = [](Clock::duration d) {
      char buf[32];
      snprintf(buf, sizeof buf, "%.2f s",
               std::chrono::duration<double>(d).count());
      return std::string(buf);
    };
    std::string mode = setup.contract    ? "contract model"
                       : setup.summaries ? "calls summarised"
                                         : "calls inlined";
    if (setup.induction)
      mode += ", induction (" + std::to_string(setup.inducted) + " loops)";
    std::string line = mode + ": " + verdictName(res.verdict).str() +
                       " in " + secs(Clock::now() - start) + "; encoding " +
                       secs(encodeTime);
    if (encoded)
      line += " (" + std::to_string(E.heap.violations.size()) +
              " violation conditions, " +
              std::to_string(E.heap.stops.size()) + " stop conditions, " +
              std::to_string(assumed.size()) + " constraints" +
              (assumed.size() < E.heap.constraintsToAssert().size()
                   ? " (address constraints not needed)"
                   : "") +
              ", " + std::to_string(E.heap.lemmas.size()) +
              " lemma points, " + std::to_string(E.helperContracts) +
              " dealloc_helper calls by their specification, " +
              std::to_string(E.heap.slots.size()) + " heap slots)";
    line += "; slice queries " + secs(localTime) + " (" +
            std::to_string(localQueries) + "), full queries " +
            secs(fullTime) + " (" + std::to_string(fullQueries) +
            "), bit-blasted " + secs(bitBlastTime) + " (" +
            std::to_string(bitBlastQueries) + "), lemmas " + secs(lemmaTime);
    if (E.inductionQueries)
      line += ", induction queries " +
              secs(std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(E.inductionSeconds))) +
              " (" + std::to_string(E.inductionQueries) + ", " +
              std::to_string(E.inductionReused) +
              " answered by an earlier one)";
    opts.stats(res.function, line);
    for (const std::string &q : slowQueries)
      opts.stats(res.function, "  " + q);
  };
  if (!encoded) {
    res.verdict = E.failure->verdict;
    res.reason = E.failure->reason;
    res.location = printLocation(E.failure->loc);
    res.diagLoc = E.failure->loc;
    return finish();
  }
  smt::Solver S(ctx);
  for (const Expr &c : assumed)
    S.add(c);
  Expr lastQuery;
  // [verify.lemmas]: prove the reachability lemmas point by point, in
  // encoding order, each on its slice ([verify.queries.local]), and assert
  // the proved ones. A point's candidates that a model of the slice
  // violates are dropped and the rest asked again (Houdini); a point not
  // decided in time contributes nothing. Asserted lemmas are consequences
  // of the constraints: they change no model, only the solver's work.
  LocalProver local(ctx, E.heap);
  auto prove = [&](Expr fact) {
    S.add(fact);
    local.addFact(fact);
  };
  // Proved lazily: only once the per-op queries need the whole formula (a
  // single condition is not decided in time, or together they took
  // kLemmaTriggerMs), so functions whose queries their slices decide do not
  // pay for them. A group not decided in time is split first: whether a
  // group of 600 conditions takes 0.4 or 0.6 s depends on the machine's
  // load, and 20 s of lemmas should not.
  bool lemmasDone = false;
  // The time of the per-op queries on the full solver (not the first query
  // for the whole disjunction), which triggers the lemmas.
  Clock::duration triggerTime{};
  auto proveLemmas = [&]() {
    if (lemmasDone)
      return;
    lemmasDone = true;
    auto began = Clock::now();
    llvm::scope_exit done(
        [&]() { lemmaTime += Clock::now() - began; });
    E.buildLemmas();
    unsigned budget = opts.timeoutMs == 0
                          ? kLemmaBudgetMs
                          : std::min(opts.timeoutMs, kLemmaBudgetMs);
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::milliseconds(budget);
    for (const Lemma &lemma : E.heap.lemmas) {
      std::vector<Expr> cands = lemma.candidates(ctx);
      for (unsigned round = 0; round < kLemmaRounds && !cands.empty(); ++round) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now())
                        .count();
        if (left <= 0 || smt::Budget::spent())
          return;
        unsigned ms = std::min<unsigned>(
            left, opts.timeoutMs == 0 ? kLemmaTimeoutMs
                                      : std::min(opts.timeoutMs, kLemmaTimeoutMs));
        smt::Result r = local.check(ctx.mkOr(cands), ms);
        if (r == smt::Result::Unsat) {
          for (const Expr &c : cands)
            prove(ctx.mkNot(c));
          break;
        }
        if (r != smt::Result::Sat)
          break;
        std::vector<Expr> kept;
        for (const Expr &c : cands)
          if (!local.solver().evalBool(c))
            kept.push_back(c);
        cands = std::move(kept);
      }
    }
  };
  auto timeout = [&]() {
    res.verdict = Verdict::Unknown;
    std::string why = S.reasonUnknown();
    bool budget = why == "budget" || smt::Budget::spent();
    res.reason = budget || why == "timeout" || why == "canceled"
                     ? timeoutReason(opts, budget)
                     : "solver gave up: " + why + " ([verify.output])";
    return finish();
  };
  // [verify.queries]: a query the incremental solver does not decide in
  // time is given to a one-shot solver that bit-blasts the whole formula
  // (Boolean-heavy formulas that the incremental core splits on for minutes
  // are often refuted by simplification and SAT in a fraction of a second).
  // Only its Unsat counts (the caller asserts the refuted query's negation,
  // as for any refuted query); after kBitBlastMisses answers that are not
  // Unsat in a row it is not tried again.
  unsigned bitBlastMisses = 0;
  // `whole`: the first query, the disjunction of every condition: each way
  // of bit-blasting gets the whole limit, since what follows when it is not
  // refuted (queries per op) takes longer than a second try (upstream's
  // 4,000-loop chain: refuted flattened in 10-14 s, about the two thirds
  // of 20 s a shared limit gives the first way; the queries per op after
  // it ran out of the function's 120 s).
  auto bitBlast = [&](Expr any, unsigned ms, bool whole = false) {
    if (bitBlastMisses >= kBitBlastMisses)
      return false;
    if (opts.timeoutMs != 0)
      ms = std::min(ms, opts.timeoutMs);
    auto began = Clock::now();
    bool refuted =
        S.refuteByBitBlasting(any, ms, whole) == smt::Result::Unsat;
    bitBlastTime += Clock::now() - began;
    ++bitBlastQueries;
    bitBlastMisses = refuted ? 0 : bitBlastMisses + 1;
    return refuted;
  };
  // [verify.queries]: one incremental query per op (the conditions recorded
  // at one location), stopping at the first satisfiable one. A single query
  // for the disjunction of all conditions is much harder for the solver than
  // the sum of its parts.
  auto anyOf = [&](auto pick, const auto &records, smt::Result &r) {
    std::vector<Expr> group;
    std::optional<Location> at;
    bool unknown = false;
    // A group that is not decided quickly is split in halves; single
    // conditions get the full timeout. Groups are asked in pieces of at most
    // `chunk` conditions: half the size of the last group not decided in
    // time, doubled by each piece decided in time. Halving every group anew
    // spent most of a leak check on queries that time out (a 103-condition
    // group of a 100-if chain: 25 s of 35 s).
    size_t chunk = std::numeric_limits<size_t>::max();
    std::function<smt::Result(ArrayRef<Expr>)> decide =
        [&](ArrayRef<Expr> conds) {
          smt::Result res;
          // [verify.timeout]: the function's budget is spent; every group
          // left is undecided.
          if (smt::Budget::spent()) {
            unknown = true;
            return smt::Result::Unknown;
          }
          if (conds.size() > chunk) {
            bool some = false;
            // `chunk` changes while the pieces are decided: advance by the
            // piece taken, so no condition is skipped.
            for (size_t i = 0, take; i < conds.size(); i += take) {
              take = std::min(chunk, conds.size() - i);
              res = decide(conds.slice(i, take));
              if (res == smt::Result::Sat)
                return res;
              some |= res == smt::Result::Unknown;
            }
            unknown |= some;
            return smt::Result::Unsat;
          }
          {
            // [verify.queries.local]: the slice first.
            Expr any = ctx.mkOr(std::vector<Expr>(conds));
            unsigned lms = opts.timeoutMs == 0
                               ? kLocalTimeoutMs
                               : std::min(opts.timeoutMs, kLocalTimeoutMs);
            auto began = Clock::now();
            smt::Result lr = local.check(any, lms);
            localTime += Clock::now() - began;
            ++localQueries;
            if (lr == smt::Result::Unsat) {
              prove(ctx.mkNot(any));
              return smt::Result::Unsat;
            }
          }
          unsigned ms = opts.timeoutMs;
          if (conds.size() > 1)
            ms = ms == 0 ? kGroupTimeoutMs : std::min(ms, kGroupTimeoutMs);
          Expr q = ctx.freshBool("query");
          S.add(ctx.mkImplies(q, ctx.mkOr(std::vector<Expr>(conds))));
          auto began = Clock::now();
          res = S.check({q}, ms);
          auto took = Clock::now() - began;
          triggerTime += took;
          fullTime += took;
          ++fullQueries;
          if (res == smt::Result::Unknown &&
              bitBlast(ctx.mkOr(std::vector<Expr>(conds)),
                       conds.size() == 1 ? kBitBlastMs * 2 : kBitBlastMs))
            res = smt::Result::Unsat;
          if (opts.stats && took > std::chrono::milliseconds(100))
            slowQueries.push_back(
                "full query of " + std::to_string(conds.size()) +
                " conditions at " + (at ? printLocation(*at) : "?") + ": " +
                resultName(res) + " in " +
                std::to_string(
                    std::chrono::duration_cast<std::chrono::milliseconds>(took)
                        .count()) +
                " ms");
          lastQuery = q;
          if (res == smt::Result::Unsat)
            prove(ctx.mkNot(ctx.mkOr(std::vector<Expr>(conds))));
          if (!lemmasDone &&
              ((res == smt::Result::Unknown && conds.size() == 1) ||
               triggerTime > std::chrono::milliseconds(kLemmaTriggerMs))) {
            proveLemmas();
            if (res == smt::Result::Unknown)
              return decide(conds);
          }
          if (res != smt::Result::Unknown) {
            if (chunk != std::numeric_limits<size_t>::max() &&
                conds.size() == chunk)
              chunk *= 2;
            return res;
          }
          if (conds.size() == 1)
            return res;
          size_t half = conds.size() / 2;
          chunk = std::max<size_t>(1, (conds.size() + 1) / 2);
          for (ArrayRef<Expr> part : {conds.take_front(half),
                                      conds.drop_front(half)}) {
            res = decide(part);
            if (res == smt::Result::Sat)
              return res;
            unknown |= res == smt::Result::Unknown;
          }
          return smt::Result::Unsat;
        };
    auto flush = [&]() {
      if (group.empty())
        return false;
      r = decide(group);
      group.clear();
      unknown |= r == smt::Result::Unknown;
      return r == smt::Result::Sat;
    };
    // First the whole disjunction, briefly: often decided at once. Not
    // for very many conditions: Z3 preprocesses them before its time limit
    // applies (135,453 conditions of a 300-diamond chain: 19-42 s for a
    // 2 s query).
    std::vector<Expr> every;
    for (const auto &rec : records) {
      Expr e = pick(rec);
      if (!e.isNull() && !e.isFalse())
        every.push_back(e);
    }
    // Many conditions: the one-shot solver first (its time limit holds; it
    // was at most 0.1 s slower where the incremental solver decided such a
    // disjunction, and a 30-if chain's 498 conditions took 0.04 s where
    // the incremental solver ran 2 s out of time).
    bool blastFirst = every.size() > kBitBlastOver;
    if (blastFirst && bitBlast(ctx.mkOr(every), kFirstBitBlastMs, true)) {
      prove(ctx.mkNot(ctx.mkOr(every)));
      r = smt::Result::Unsat;
      return r;
    }
    if (every.size() > 1 && every.size() <= kFirstQueryMax) {
      Expr q = ctx.freshBool("query");
      S.add(ctx.mkImplies(q, ctx.mkOr(every)));
      unsigned ms = opts.timeoutMs == 0
                        ? kGroupTimeoutMs * 4
                        : std::min(opts.timeoutMs, kGroupTimeoutMs * 4);
      auto began = Clock::now();
      r = S.check({q}, ms);
      fullTime += Clock::now() - began;
      ++fullQueries;
      lastQuery = q;
      if (r == smt::Result::Unknown && !blastFirst &&
          bitBlast(ctx.mkOr(every), kFirstBitBlastMs, true)) {
        prove(ctx.mkNot(ctx.mkOr(every)));
        r = smt::Result::Unsat;
      }
      if (r != smt::Result::Unknown)
        return r;
    }
    for (const auto &rec : records) {
      Expr e = pick(rec);
      if (e.isNull() || e.isFalse())
        continue;
      if (at && *at != rec.loc && flush())
        return r;
      group.push_back(e);
      at = rec.loc;
    }
    if (flush())
      return r;
    r = unknown ? smt::Result::Unknown : smt::Result::Unsat;
    return r;
  };
  // [verify.stops]: the reachable stop sites among the stops `pick`
  // selects, each the first stop of some run, with a witness input that
  // dealloc-run replays; the loop bound is asked for when no other site is
  // left, and a first site that is the loop bound ends the scan unlisted.
  // Sites are appended to `sites` in encoding order; `cut` says why the
  // list may be incomplete.
  struct StopScan {
    smt::Result result = smt::Result::Unsat; ///< Unknown: nothing decided
    const Stop *first = nullptr;             ///< the first site found
    std::string firstInput;
    bool inconsistent = false; ///< reachable, but no site in the model
    unsigned maxBound = 0;
  };
  auto scanStops = [&](llvm::function_ref<bool(const Stop &)> pick,
                       std::vector<StopSite> &sites,
                       std::string &cut) -> StopScan {
    StopScan scan;
    std::set<std::pair<std::string, std::string>> found;
    auto siteOf = [](const Stop &s) {
      return std::make_pair(printLocation(s.loc), s.reason);
    };
    bool bounds = llvm::none_of(E.heap.stops, [&](const Stop &s) {
      return s.isBound && pick(s);
    });
    auto open = [&](const Stop &s) {
      return !pick(s) || found.count(siteOf(s)) || (s.isBound && !bounds)
                 ? Expr()
                 : s.cond;
    };
    auto deadline = std::chrono::steady_clock::now();
    auto count = [&]() { return std::to_string(found.size()) + " sites"; };
    smt::Result r;
    while (true) {
      if (anyOf(open, E.heap.stops, r) == smt::Result::Unknown) {
        if (found.empty()) {
          scan.result = smt::Result::Unknown;
          return scan;
        }
        cut = "a query timed out after " + count();
        break;
      }
      if (r != smt::Result::Sat) {
        if (bounds)
          break;
        bounds = true;
        continue;
      }
      if (found.size() == kMaxStopSites) {
        cut = "cut off after " + count() + ", more are reachable";
        break;
      }
      if (!minimizeInput(E, S, {lastQuery}, opts.timeoutMs)) {
        if (found.empty()) {
          scan.result = smt::Result::Unknown;
          return scan;
        }
        cut = "a query timed out after " + count();
        break;
      }
      const Stop *hit = nullptr;
      for (const Stop &s : E.heap.stops)
        if (pick(s) && !found.count(siteOf(s)) && S.evalBool(s.cond)) {
          hit = &s;
          break;
        }
      if (!hit) {
        if (found.empty()) {
          scan.inconsistent = true;
          return scan;
        }
        cut = "a stop site was not confirmed in the model after " + count();
        break;
      }
      std::string input = inputFromModel(E, S, fn);
      if (found.empty()) {
        scan.result = smt::Result::Sat;
        scan.first = hit;
        scan.firstInput = input;
        if (hit->isBound)
          return scan;
        deadline += std::chrono::milliseconds(kStopBudgetMs);
      }
      found.insert(siteOf(*hit));
      StopSite site;
      site.kind = hit->reason;
      site.stopKind = hit->kind;
      site.loc = printLocation(hit->loc);
      site.input = input;
      site.bound = hit->isBound;
      if (hit->isBound)
        scan.maxBound = std::max(scan.maxBound, hit->bound);
      replayStop(module, fn, opts, site);
      sites.push_back(std::move(site));
      if (std::chrono::steady_clock::now() > deadline) {
        cut = "the time budget of " + std::to_string(kStopBudgetMs / 1000) +
              " s ran out after " + count();
        break;
      }
    }
    // Listed in encoding order, not in the order the solver found them.
    auto firstRecord = [&](const StopSite &site) {
      for (auto [i, s] : llvm::enumerate(E.heap.stops))
        if (printLocation(s.loc) == site.loc && s.reason == site.kind)
          return i;
      return E.heap.stops.size();
    };
    std::stable_sort(sites.begin(), sites.end(),
                     [&](const StopSite &a, const StopSite &b) {
                       return firstRecord(a) < firstRecord(b);
                     });
    return scan;
  };
  smt::Result r;
  if (anyOf([](const Violation &v) { return v.reach; }, E.heap.violations,
            r) == smt::Result::Unknown)
    return timeout();
  if (r == smt::Result::Sat) {
    // [verify.order]: the first kind, in verdict-table order, some input
    // reaches.
    for (Verdict kind : violationVerdicts()) {
      if (anyOf(
              [&](const Violation &v) {
                return v.kind == kind ? v.cond : Expr();
              },
              E.heap.violations, r) == smt::Result::Unknown)
        return timeout();
      if (r != smt::Result::Sat)
        continue;
      if (!minimizeInput(E, S, {lastQuery}, opts.timeoutMs))
        return timeout();
      const Violation *hit = nullptr;
      for (const Violation &v : E.heap.violations)
        if (v.kind == kind && S.evalBool(v.cond)) {
          hit = &v;
          break;
        }
      if (!hit)
        continue;
      res.input = inputFromModel(E, S, fn);
      res.trace = traceFromModel(E, S, *hit);
      res.diagLoc = violationLoc(E, S, *hit);
      res.location = printLocation(*res.diagLoc);
      res.reason = hit->message;
      res.verdict = kind;
      replayCounterexample(module, fn, opts, res);
      return finish();
    }
    res.verdict = Verdict::Unknown;
    res.reason = "a violation is reachable but no verdict kind was "
                 "confirmed (solver inconsistency)";
    return finish();
  }
  // No violation is reachable: does some run stop without a verdict?
  // [safety.defined]: by default only the stops of the tool's
  // incompleteness are asked for here; the program's undefined behaviour
  // excludes inputs and is listed below. With --strict-ub every stop is.
  auto incomplete = [&](const Stop &s) {
    return opts.strictUB || !isUndefinedBehaviour(s.kind);
  };
  StopScan scan = scanStops(incomplete, res.stops, res.stopsCut);
  if (scan.result == smt::Result::Unknown)
    return timeout();
  if (scan.inconsistent) {
    res.verdict = Verdict::Unknown;
    res.reason = "a stop is reachable but no stop was confirmed in "
                 "the model (solver inconsistency)";
    return finish();
  }
  if (scan.first) {
    const Stop *hit = scan.first;
    res.verdict = Verdict::Unknown;
    res.input = scan.firstInput;
    res.location = printLocation(hit->loc);
    res.diagLoc = hit->loc;
    if (hit->isBound) {
      res.bound = hit->bound;
      res.reason = "bounded: no violation with loops unrolled " +
                   std::to_string(hit->bound) + " times, but input " +
                   quotedInput(res.input) + " iterates more (" +
                   hit->reason + ")";
      return finish();
    }
    res.reason = "input " + quotedInput(res.input) + " reaches " +
                 hit->reason + ", where a run stops without a verdict";
    if (scan.maxBound)
      res.bound = scan.maxBound;
    return finish();
  }
  res.verdict = Verdict::Safe;
  if (opts.strictUB)
    return finish();
  // [safety.defined]: SAFE on every defined input. The excluded sites, each
  // with a witness dealloc-run replays; then whether any input is defined.
  auto undefined = [&](const Stop &s) { return isUndefinedBehaviour(s.kind); };
  StopScan ub = scanStops(undefined, res.excluded, res.excludedCut);
  if (ub.result == smt::Result::Unknown)
    res.excludedCut = "a query timed out before any site was found";
  else if (ub.inconsistent)
    res.excludedCut = "a site was not confirmed in the model (solver "
                      "inconsistency)";
  if (res.excluded.empty() && res.excludedCut.empty())
    return finish();
  std::vector<Expr> noStop;
  for (const Stop &s : E.heap.stops)
    noStop.push_back(ctx.mkNot(s.cond));
  Expr q = ctx.freshBool("defined");
  S.add(ctx.mkImplies(q, ctx.mkAnd(noStop)));
  smt::Result d = S.check({q}, opts.timeoutMs);
  if (d == smt::Result::Unsat) {
    res.verdict = Verdict::Unknown;
    res.reason = "no defined input: every input reaches undefined "
                 "behaviour ([safety.defined])";
    if (!res.excluded.empty()) {
      res.input = res.excluded.front().input;
      res.location = res.excluded.front().loc;
    }
    if (ub.first)
      res.diagLoc = ub.first->loc;
  } else if (d != smt::Result::Sat) {
    res.definedUndecided = "whether some input is defined was not decided ("
                           + timeoutReason(opts, smt::Budget::spent()) + ")";
  }
  return finish();
}

FunctionResult dealloc::verify::checkFunction(ModuleOp module, func::FuncOp fn,
                                              const VerifyOptions &opts,
                                              CheckSetup &setup) {
  // [verify.verdict], [verify.memory]: a failure of the solver or of
  // memory (Z3 throws "out of memory" under a memory limit, a failed
  // allocation of ours std::bad_alloc) makes this check UNKNOWN, with the
  // reason; its encoding and solvers are released on the way out, and the
  // next function is checked. Never a crash, never SAFE.
  auto unknown = [&](std::string reason) {
    FunctionResult res;
    res.function = fn.getSymName().str();
    res.diagLoc = fn.getLoc();
    res.verdict = Verdict::Unknown;
    res.reason = std::move(reason);
    return res;
  };
  try {
    return checkFunctionOnce(module, fn, opts, setup);
  } catch (const std::bad_alloc &) {
    return unknown("out of memory ([verify.memory])");
  } catch (const std::exception &e) {
    if (saysOutOfMemory(e))
      return unknown("out of memory ([verify.memory])");
    return unknown(std::string("the solver failed: ") + e.what() +
                   " ([verify.verdict])");
  }
}
