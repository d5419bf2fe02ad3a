//===- SafetyCheck.cpp - Safety queries and counterexamples ---------------===//
//
// spec/verification.md [verify.verdict], [verify.order], [verify.bound],
// [verify.replay], [verify.output]: one query for "some input reaches a
// violation"; if satisfiable, the first verdict kind (in the order of the
// verdict table) that some input reaches is reported with a counterexample
// input, which dealloc-run's semantics must reproduce. If no violation is
// reachable, the stop conditions (unroll bound, undefined behaviour) decide
// between SAFE and UNKNOWN.
//
//===----------------------------------------------------------------------===//
#include "CallSummary.h"
#include "Encoder.h"
#include "Replay.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// Solver time for a group of conditions before it is split
/// ([verify.queries]).
static constexpr unsigned kGroupTimeoutMs = 500;
/// Solver time for one round of a lemma point, and rounds per point
/// ([verify.lemmas]).
static constexpr unsigned kLemmaTimeoutMs = 1000;
static constexpr unsigned kLemmaRounds = 8;
/// Solver time for all lemma points of a function together: past it, the
/// remaining points are skipped (a for-loops chain of 30 loops has 1,676).
static constexpr unsigned kLemmaBudgetMs = 20000;
/// Definitions followed from a query's constants into its cone, and the
/// solver time of a local query ([verify.queries.local]).
static constexpr unsigned kConeDepth = 3;
static constexpr unsigned kLocalTimeoutMs = 1000;

namespace {
/// [verify.queries.local]: decides a query on a slice of the formula: the
/// definitions of the named terms it mentions, followed kConeDepth times,
/// the constraints that define nothing, and the proved facts that mention a
/// constant of the slice. Fewer constraints admit more models, so an
/// unsatisfiable slice proves the query unsatisfiable; a model of the slice
/// proves nothing.
class LocalProver {
public:
  LocalProver(smt::Context &ctx, const SymbolicHeap &heap)
      : ctx(ctx), heap(heap), defConsts(heap.constraints.size()) {
    std::vector<bool> isDef(heap.constraints.size(), false);
    for (const auto &d : heap.definitions)
      isDef[d.second] = true;
    for (size_t i = 0; i < heap.constraints.size(); ++i)
      if (!isDef[i])
        globals.push_back(heap.constraints[i]);
  }
  void addFact(Expr f) {
    size_t i = facts.size();
    facts.push_back(f);
    factConsts.emplace_back();
    for (const Expr &c : ctx.constantsOf(f)) {
      factsOf[c.termId()].push_back(i);
      factConsts.back().push_back(c.termId());
    }
  }
  /// Checks `query` on its slice; `S` keeps the solver (for its model).
  smt::Result check(Expr query, unsigned ms,
                    std::unique_ptr<smt::Solver> &S) {
    std::vector<Expr> frontier = ctx.constantsOf(query);
    llvm::DenseSet<unsigned> visited;
    std::vector<size_t> defs, factIdx;
    llvm::DenseSet<size_t> factSeen;
    for (unsigned depth = 0; depth <= kConeDepth && !frontier.empty();
         ++depth) {
      std::vector<Expr> next;
      for (const Expr &c : frontier) {
        if (!visited.insert(c.termId()).second)
          continue;
        auto f = factsOf.find(c.termId());
        if (f != factsOf.end())
          for (size_t i : f->second)
            if (factSeen.insert(i).second)
              factIdx.push_back(i);
        if (depth == kConeDepth)
          continue;
        auto d = heap.definitions.find(c.termId());
        if (d == heap.definitions.end())
          continue;
        defs.push_back(d->second);
        if (!defConsts[d->second])
          defConsts[d->second] = ctx.constantsOf(heap.constraints[d->second]);
        for (const Expr &k : *defConsts[d->second])
          next.push_back(k);
      }
      frontier = std::move(next);
    }
    S = std::make_unique<smt::Solver>(ctx);
    for (const Expr &g : globals)
      S->add(g);
    for (size_t i : defs)
      S->add(heap.constraints[i]);
    // Facts about the slice only (all their constants in it): facts about a
    // buffer's unchanged state recur at every later point.
    for (size_t i : factIdx)
      if (llvm::all_of(factConsts[i],
                       [&](unsigned c) { return visited.contains(c); }))
        S->add(facts[i]);
    // Through an assumption, like every other query: the solver's
    // incremental core honours the time limit.
    Expr q = ctx.freshBool("slice");
    S->add(ctx.mkImplies(q, query));
    return S->check({q}, ms);
  }

private:
  smt::Context &ctx;
  const SymbolicHeap &heap;
  std::vector<std::optional<std::vector<Expr>>> defConsts;
  std::vector<Expr> globals;
  std::vector<Expr> facts;
  std::vector<std::vector<unsigned>> factConsts;
  llvm::DenseMap<unsigned, std::vector<size_t>> factsOf;
};
} // namespace

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

void dealloc::verify::minimizeInputs(Encoder &E, smt::Solver &S,
                                     std::vector<Expr> base,
                                     unsigned timeoutMs) {
  smt::Context &c = E.ctx;
  using Cmp = smt::Context::Cmp;
  bool changed = false;
  for (const SymValue &v : E.argValues) {
    if (v.kind != SymValue::Kind::BV)
      continue;
    unsigned w = v.e.bvWidth();
    auto within = [&](int64_t hi) {
      std::vector<Expr> as = base;
      as.push_back(c.mkCmp(Cmp::Sge, v.e, c.bvVal(w, 0)));
      as.push_back(c.mkCmp(Cmp::Sle, v.e, c.bvVal(w, hi)));
      return S.check(as, timeoutMs) == smt::Result::Sat;
    };
    if (w < 8 || !within(64))
      continue;
    int64_t lo = 0, hi = 64;
    while (lo < hi) {
      int64_t mid = (lo + hi) / 2;
      if (within(mid))
        hi = mid;
      else
        lo = mid + 1;
    }
    base.push_back(c.mkEq(v.e, c.bvVal(w, lo)));
    changed = true;
  }
  // Dynamic extents: prefer dealloc-run's default 2 where possible.
  for (const auto &extents : E.argExtents)
    for (const Expr &e : extents) {
      std::vector<Expr> as = base;
      as.push_back(c.mkEq(e, c.bvVal(e.bvWidth(), 2)));
      if (S.check(as, timeoutMs) == smt::Result::Sat) {
        base = as;
        changed = true;
      }
    }
  (void)changed;
  S.check(base, timeoutMs); // restores a model after failed attempts
}

/// The counterexample trace: the trace events that happen in the model.
static std::vector<std::string> traceFromModel(Encoder &E, smt::Solver &S,
                                               const Violation &v) {
  std::vector<std::string> lines;
  for (const SymEvent &ev : E.heap.events) {
    if (v.slot >= 0 && ev.slot != v.slot)
      continue;
    if (!S.evalBool(ev.cond))
      continue;
    lines.push_back((ev.text == "free" ? std::string("freed") : ev.text) +
                    " at " + printLocation(ev.loc));
  }
  lines.push_back(verdictName(v.kind).str() + " at " + printLocation(v.loc) +
                  ": " + v.message);
  return lines;
}

FunctionResult dealloc::verify::verifyFunction(ModuleOp module,
                                               func::FuncOp fn,
                                               const VerifyOptions &opts) {
  CheckSetup exact;
  return checkFunction(module, fn, opts, exact);
}

FunctionResult dealloc::verify::checkFunction(ModuleOp module, func::FuncOp fn,
                                              const VerifyOptions &opts,
                                              CheckSetup &setup) {
  auto start = std::chrono::steady_clock::now();
  FunctionResult res;
  res.function = fn.getSymName().str();
  res.diagLoc = fn.getLoc();
  auto finish = [&]() {
    res.seconds = std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - start)
                      .count();
    return res;
  };
  smt::Context ctx;
  Encoder E(ctx, module, opts);
  E.setup = &setup;
  E.recordLemmas = true;
  if (!E.encodeEntry(fn)) {
    res.verdict = E.failure->verdict;
    res.reason = E.failure->reason;
    res.location = printLocation(E.failure->loc);
    res.diagLoc = E.failure->loc;
    return finish();
  }
  smt::Solver S(ctx);
  for (const Expr &c : E.heap.constraintsToAssert())
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
  // Proved lazily: only when the first query (the whole disjunction) was
  // not decided at once, so small functions do not pay for them.
  bool lemmasDone = false;
  auto proveLemmas = [&]() {
    if (lemmasDone)
      return;
    lemmasDone = true;
    unsigned budget = opts.timeoutMs == 0
                          ? kLemmaBudgetMs
                          : std::min(opts.timeoutMs, kLemmaBudgetMs);
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::milliseconds(budget);
    for (const Lemma &lemma : E.heap.lemmas) {
      std::vector<Expr> cands = lemma.cands;
      for (unsigned round = 0; round < kLemmaRounds && !cands.empty(); ++round) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now())
                        .count();
        if (left <= 0)
          return;
        unsigned ms = std::min<unsigned>(
            left, opts.timeoutMs == 0 ? kLemmaTimeoutMs
                                      : std::min(opts.timeoutMs, kLemmaTimeoutMs));
        std::unique_ptr<smt::Solver> L;
        smt::Result r = local.check(ctx.mkOr(cands), ms, L);
        if (r == smt::Result::Unsat) {
          for (const Expr &c : cands)
            prove(ctx.mkNot(c));
          break;
        }
        if (r != smt::Result::Sat)
          break;
        std::vector<Expr> kept;
        for (const Expr &c : cands)
          if (!L->evalBool(c))
            kept.push_back(c);
        cands = std::move(kept);
      }
    }
  };
  auto query = [&](const std::vector<Expr> &conds, smt::Result &r) {
    Expr q = ctx.freshBool("query");
    S.add(ctx.mkImplies(q, ctx.mkOr(conds)));
    r = S.check({q}, opts.timeoutMs);
    lastQuery = q;
    return r;
  };
  auto timeout = [&]() {
    res.verdict = Verdict::Unknown;
    std::string why = S.reasonUnknown();
    res.reason = why == "timeout" || why == "canceled"
                     ? "timeout after " + std::to_string(opts.timeoutMs) +
                           " ms ([verify.timeout])"
                     : "solver gave up: " + why + " ([verify.output])";
    return finish();
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
    // conditions get the full timeout.
    std::function<smt::Result(ArrayRef<Expr>)> decide =
        [&](ArrayRef<Expr> conds) {
          smt::Result res;
          {
            // [verify.queries.local]: the slice first.
            std::unique_ptr<smt::Solver> L;
            Expr any = ctx.mkOr(std::vector<Expr>(conds));
            unsigned lms = opts.timeoutMs == 0
                               ? kLocalTimeoutMs
                               : std::min(opts.timeoutMs, kLocalTimeoutMs);
            if (local.check(any, lms, L) == smt::Result::Unsat) {
              prove(ctx.mkNot(any));
              return smt::Result::Unsat;
            }
          }
          unsigned ms = opts.timeoutMs;
          if (conds.size() > 1)
            ms = ms == 0 ? kGroupTimeoutMs : std::min(ms, kGroupTimeoutMs);
          Expr q = ctx.freshBool("query");
          S.add(ctx.mkImplies(q, ctx.mkOr(std::vector<Expr>(conds))));
          res = S.check({q}, ms);
          lastQuery = q;
          if (res == smt::Result::Unsat)
            prove(ctx.mkNot(ctx.mkOr(std::vector<Expr>(conds))));
          if (res != smt::Result::Unknown || conds.size() == 1)
            return res;
          size_t half = conds.size() / 2;
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
    // First the whole disjunction, briefly: often decided at once.
    std::vector<Expr> every;
    for (const auto &rec : records) {
      Expr e = pick(rec);
      if (!e.isNull() && !e.isFalse())
        every.push_back(e);
    }
    if (every.size() > 1) {
      Expr q = ctx.freshBool("query");
      S.add(ctx.mkImplies(q, ctx.mkOr(every)));
      unsigned ms = opts.timeoutMs == 0
                        ? kGroupTimeoutMs * 4
                        : std::min(opts.timeoutMs, kGroupTimeoutMs * 4);
      r = S.check({q}, ms);
      lastQuery = q;
      if (r != smt::Result::Unknown)
        return r;
      proveLemmas();
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
  smt::Result r;
  if (anyOf([](const Violation &v) { return v.reach; }, E.heap.violations,
            r) == smt::Result::Unknown)
    return timeout();
  if (r == smt::Result::Sat) {
    // [verify.order]: the first kind, in verdict-table order, some input
    // reaches.
    for (Verdict kind : {Verdict::Leak, Verdict::DoubleFree,
                         Verdict::UseAfterFree, Verdict::InvalidFree,
                         Verdict::AbiViolation}) {
      if (anyOf(
              [&](const Violation &v) {
                return v.kind == kind ? v.cond : Expr();
              },
              E.heap.violations, r) == smt::Result::Unknown)
        return timeout();
      if (r != smt::Result::Sat)
        continue;
      minimizeInputs(E, S, {lastQuery}, opts.timeoutMs);
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
      res.location = printLocation(hit->loc);
      res.diagLoc = hit->loc;
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
  if (!E.heap.stops.empty()) {
    if (anyOf([](const Stop &s) { return s.cond; }, E.heap.stops, r) ==
        smt::Result::Unknown)
      return timeout();
    if (r == smt::Result::Sat) {
      minimizeInputs(E, S, {lastQuery}, opts.timeoutMs);
      for (const Stop &s : E.heap.stops) {
        if (!S.evalBool(s.cond))
          continue;
        res.verdict = Verdict::Unknown;
        res.input = inputFromModel(E, S, fn);
        res.location = printLocation(s.loc);
        res.diagLoc = s.loc;
        if (s.isBound) {
          res.bound = opts.unroll;
          res.reason = "bounded: no violation with loops unrolled " +
                       std::to_string(opts.unroll) +
                       " times, but input " + res.input + " iterates more (" +
                       s.reason + ")";
        } else {
          res.reason = "input " + res.input + " reaches " + s.reason +
                       ", where a run stops without a verdict";
        }
        return finish();
      }
    }
  }
  res.verdict = Verdict::Safe;
  return finish();
}
