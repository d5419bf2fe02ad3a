//===- Equivalence.cpp - dealloc-equivalence of two versions --------------===//
//
// spec/verification.md [equiv.match], [equiv.def], [equiv.output]: both
// versions are encoded over the same symbolic input; allocation sites of the
// input program are matched by SiteMatching.cpp; a distinguishing input is one where the versions end differently, or
// free a matched buffer in different intervals between input-program
// allocations.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/Equivalence.h"
#include "CallSummary.h"
#include "Encoder.h"
#include "LoopInductionPair.h"
#include "Replay.h"
#include "StopSites.h"

#include "llvm/Support/JSON.h"
#include <chrono>
#include <map>

#include "dealloc/Semantics/Interpreter.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// What one version does on `input`, under dealloc-run's semantics.
static std::optional<Verdict> replayOne(ModuleOp m, func::FuncOp fn,
                                        const std::string &input,
                                        const VerifyOptions &opts,
                                        std::string &text,
                                        std::optional<VersionRun> &run) {
  auto in = parseInput(input, fn.getFunctionType());
  if (!in) {
    text = "input not accepted by dealloc-run: " + llvm::toString(in.takeError());
    return std::nullopt;
  }
  RunOptions ro;
  ro.reuseAddresses = opts.reuseAddresses;
  RunResult r = runFunction(m, fn, *in, ro);
  text = verdictName(r.verdict).str() +
         (r.message.empty() ? "" : " (" + r.message + ")");
  run = VersionRun{r.verdict, r.clause, r.message};
  return r.verdict;
}

static std::vector<Expr> ofKind(SymbolicHeap &h, Verdict k) {
  std::vector<Expr> out;
  for (const Violation &v : h.violations)
    if (v.kind == k)
      out.push_back(v.cond);
  return out;
}

/// [equiv.def] (2): per matched site, the condition that the versions
/// allocate it differently often, and per pair of slots of one site
/// instance, that they free it at different points; each with its text.
static std::vector<std::pair<Expr, std::string>>
freePointDifferences(Encoder &ea, Encoder &eb, const SiteNumbering &sa) {
  smt::Context &ctx = ea.ctx;
  const State &xa = *ea.boundary().exitState, &xb = *eb.boundary().exitState;
  std::vector<std::pair<Expr, std::string>> explain;
  auto countOf = [&](const State &x, size_t s) {
    return s < x.siteCount.size() ? x.siteCount[s] : ctx.bvVal(kIndexWidth, 0);
  };
  for (size_t s = 0; s < sa.names.size(); ++s)
    explain.push_back({ctx.mkNe(countOf(xa, s), countOf(xb, s)),
                       "site " + sa.names[s] +
                           " allocates a different number of times"});
  auto atOf = [&](const State &x, unsigned slot) {
    return slot < x.freedAt.size() ? x.freedAt[slot] : ctx.bvVal(kIndexWidth, 0);
  };
  for (unsigned i = 0; i < ea.heap.slots.size(); ++i) {
    const Slot &si = ea.heap.slots[i];
    if (si.site < 0 && si.siteVar.isNull())
      continue;
    for (unsigned j = 0; j < eb.heap.slots.size(); ++j) {
      const Slot &sj = eb.heap.slots[j];
      // [equiv.loops]: a summary slot's site is a term.
      Expr sameInstance = sameSiteInstance(ctx, si, sj, sa.names.size());
      if (sameInstance.isNull())
        continue;
      Expr same = ctx.mkAnd(
          {ea.heap.allocOf(xa, i), eb.heap.allocOf(xb, j), sameInstance});
      Expr fa = ea.heap.freedOf(xa, i), fb = eb.heap.freedOf(xb, j);
      Expr bad = ctx.mkAnd(
          same, ctx.mkOr(ctx.mkNe(fa, fb),
                         ctx.mkAnd(fa, ctx.mkNe(atOf(xa, i), atOf(xb, j)))));
      explain.push_back(
          {bad, "a buffer of site " +
                    (si.site >= 0 ? sa.names.at(si.site)
                                  : std::string("of a loop's iteration")) +
                    " is freed at a different point: in one version only, "
                    "or after a different number of input-program "
                    "allocations"});
    }
  }
  return explain;
}

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
};

/// With `abstract`, loops that allocate no matched site may be proved by
/// induction ([equiv.loops]); `abstracted` says whether one was. Such a
/// check's encoding over-approximates: it decides only by EQUIVALENT.
static EquivResult compareVersions(ModuleOp a, ModuleOp b, StringRef name,
                                   const VerifyOptions &opts,
                                   EquivStats &stats, bool abstract,
                                   bool &abstracted, bool *suspect = nullptr);

/// [equiv.loops]: where the relational proof found a pair header after
/// which the versions may differ, a bounded answer is searched again with
/// --unroll raised 4-fold, up to this many iterations.
static constexpr unsigned kDeepestUnroll = 64;

EquivResult dealloc::verify::checkEquivalence(ModuleOp a, ModuleOp b,
                                              StringRef name,
                                              const VerifyOptions &opts) {
  auto start = std::chrono::steady_clock::now();
  smt::Budget budget(opts.functionTimeoutMs);
  EquivStats stats;
  // [equiv.loops]: first with loops proved by induction where they can be;
  // any answer but EQUIVALENT comes from the exact (unrolled) encoding.
  bool abstracted = false, suspect = false;
  EquivResult res = compareVersions(a, b, name, opts, stats,
                                    /*abstract=*/true, abstracted, &suspect);
  if (abstracted && res.verdict != EquivVerdict::Equivalent) {
    stats = EquivStats{};
    res = compareVersions(a, b, name, opts, stats, /*abstract=*/false,
                          abstracted);
    // A difference after more iterations than --unroll: the deeper exact
    // encodings' DIFFERENT (replayed) replaces the bounded answer.
    VerifyOptions deeper = opts;
    while (suspect && res.verdict == EquivVerdict::Unknown && res.bound &&
           deeper.unroll < kDeepestUnroll && !smt::Budget::spent()) {
      deeper.unroll = std::min(deeper.unroll * 4, kDeepestUnroll);
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
  res.seconds = std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - start)
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
                         (stats.inducted
                              ? "; loops proved by induction: " +
                                    std::to_string(stats.inducted)
                              : "") +
                         (stats.related ? "; loop pairs related: " +
                                              std::to_string(stats.related) +
                                              " in " +
                                              secs(stats.relateSeconds)
                                        : ""));
  }
  return res;
}

static EquivResult compareVersions(ModuleOp a, ModuleOp b, StringRef name,
                                   const VerifyOptions &opts,
                                   EquivStats &stats, bool abstract,
                                   bool &abstracted, bool *suspect) {
  abstracted = false;
  EquivResult res;
  res.function = name.str();
  auto fa = a.lookupSymbol<func::FuncOp>(name);
  auto fb = b.lookupSymbol<func::FuncOp>(name);
  if (!fa || !fb || fa.isDeclaration() || fb.isDeclaration()) {
    res.reason = std::string("function has no body in ") + (fa ? "B" : "A");
    return res;
  }
  if (fa.getFunctionType() != fb.getFunctionType()) {
    res.reason = "the versions' signatures differ";
    return res;
  }
  SiteNumbering sa, sb;
  SiteMatch match = matchSites(a, b, sa, sb);
  if (auto why = match.reasonFor(a, b, name)) {
    res.reason = *why;
    return res;
  }
  smt::Context ctx;
  Encoder ea(ctx, a, opts, &sa), eb(ctx, b, opts, &sb);
  eb.takeInputsFrom(&ea);
  // [equiv.loops]: each version's loops by the safety check's induction;
  // calls are inlined (no summaries: their sites count).
  CheckSetup setups[2];
  // Loops that allocate matched sites: kept for the relational proof.
  std::vector<LoopRecord> loops[2];
  if (abstract)
    for (int k : {0, 1}) {
      setups[k].induction = true;
      setups[k].relational = &loops[k];
      (k ? eb : ea).setSetup(&setups[k]);
    }
  auto encodeStart = std::chrono::steady_clock::now();
  for (auto [e, f, tag] : {std::tuple{&ea, fa, "A"}, std::tuple{&eb, fb, "B"}})
    if (!e->encodeEntry(f)) {
      res.reason = std::string(tag) + ": " + e->failure()->reason + " at " +
                   printLocation(e->failure()->loc);
      // The exact encoding gives the reason, as for the safety check.
      abstracted =
          ea.stats().inductionAttempts + eb.stats().inductionAttempts > 0;
      return res;
    }
  stats.encodeSeconds = std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - encodeStart)
                            .count();
  for (auto [e, tag] : {std::pair{&ea, "A"}, std::pair{&eb, "B"}})
    stats.sizes += std::string(stats.sizes.empty() ? " (" : ", ") + tag +
                   ": " + std::to_string(e->heap.violations.size()) +
                   " violation conditions, " +
                   std::to_string(e->heap.constraints.size()) +
                   " constraints, " + std::to_string(e->heap.slots.size()) +
                   " heap slots";
  stats.sizes += ")";
  stats.inducted = setups[0].inducted + setups[1].inducted;
  abstracted = stats.inducted > 0;
  // [equiv.loops]: the relational invariant of each pair of loops that
  // allocate matched sites; its exit headers' relation is assumed below.
  std::vector<Expr> loopFacts;
  if (!loops[0].empty() || !loops[1].empty()) {
    std::string why;
    bool differ = false;
    auto began = std::chrono::steady_clock::now();
    bool related =
        proveLoopPairs(ea, eb, loops[0], loops[1], loopFacts, why, differ);
    stats.relateSeconds = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - began)
                              .count();
    if (!related) {
      if (suspect)
        *suspect = differ;
      res.reason = "not decided with loops proved by induction (" + why + ")";
      return res;
    }
    stats.related = loops[0].size();
  }
  smt::Solver S(ctx);
  for (Encoder *e : {&ea, &eb})
    for (const Expr &c : e->heap.constraintsToAssert())
      S.add(c);
  for (const Expr &c : loopFacts)
    S.add(c);
  auto anyStop = [&](SymbolicHeap &h) {
    std::vector<Expr> v;
    for (const Stop &s : h.stops)
      v.push_back(s.cond);
    return ctx.mkOr(v);
  };
  Expr stopA = anyStop(ea.heap), stopB = anyStop(eb.heap);
  Expr running = ctx.mkAnd(ctx.mkNot(stopA), ctx.mkNot(stopB));
  Expr lastQuery;
  auto check = [&](Expr q, smt::Result &r) {
    Expr lit = ctx.freshBool("equiv_query");
    S.add(ctx.mkImplies(lit, q));
    lastQuery = lit;
    auto began = std::chrono::steady_clock::now();
    r = S.check({lit}, opts.timeoutMs);
    ++stats.queries;
    stats.querySeconds += std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - began)
                              .count();
    if (r == smt::Result::Unknown)
      res.reason = timeoutReason(opts, smt::Budget::spent());
    return r;
  };
  auto outcome = [&](SymbolicHeap &h) -> std::string {
    for (Verdict k : violationVerdicts())
      for (const Violation &v : h.violations)
        if (v.kind == k && S.evalBool(v.cond))
          return verdictName(k).str() + " at " + printLocation(v.loc);
    return "returns without violation";
  };
  auto distinguish = [&](const std::string &what, bool verdictsMustDiffer) {
    res.input = inputFromModel(ea, S, fa);
    res.reason = what;
    std::string ta, tb;
    auto va = replayOne(a, fa, res.input, opts, ta, res.runA);
    auto vb = replayOne(b, fb, res.input, opts, tb, res.runB);
    res.details.push_back("A: " + ta);
    res.details.push_back("B: " + tb);
    res.verdict = EquivVerdict::Different;
    if (!va || !vb || (verdictsMustDiffer && *va == *vb)) {
      res.verdict = EquivVerdict::Unknown;
      res.reason = "distinguishing input " + res.input + " (" + what +
                   ") did not reproduce under dealloc-run ([verify.replay])";
    }
    return res;
  };
  // 1. The versions end differently ([equiv.def], outcome).
  std::vector<Expr> differ;
  for (Verdict k : violationVerdicts())
    differ.push_back(ctx.mkNe(ctx.mkOr(ofKind(ea.heap, k)),
                              ctx.mkOr(ofKind(eb.heap, k))));
  smt::Result r;
  if (check(ctx.mkAnd(running, ctx.mkOr(differ)), r) == smt::Result::Unknown)
    return res;
  // A model of the abstract encoding need not be a run: no answer.
  auto notDecided = [&] {
    res.reason = "not decided with loops proved by induction";
    return res;
  };
  // [verify.output]: small inputs; the model still satisfies the query.
  // False (res says timeout) if the solver gives no model again.
  auto minimize = [&] {
    if (minimizeInput(ea, S, {lastQuery}, opts.timeoutMs))
      return true;
    res.reason = timeoutReason(opts, smt::Budget::spent());
    return false;
  };
  if (r == smt::Result::Sat) {
    if (abstracted)
      return notDecided();
    if (!minimize())
      return res;
    return distinguish("A: " + outcome(ea.heap) + "; B: " + outcome(eb.heap),
                       true);
  }
  // 2. Both return: matched buffers are freed in the same interval.
  const State &xa = *ea.boundary().exitState, &xb = *eb.boundary().exitState;
  std::vector<std::pair<Expr, std::string>> explain =
      freePointDifferences(ea, eb, sa);
  std::vector<Expr> frees;
  for (auto &[c, text] : explain)
    frees.push_back(c);
  Expr bothReturn = ctx.mkAnd({running, xa.guard, xb.guard});
  if (check(ctx.mkAnd(bothReturn, ctx.mkOr(frees)), r) == smt::Result::Unknown)
    return res;
  if (r == smt::Result::Sat) {
    if (abstracted)
      return notDecided();
    if (!minimize())
      return res;
    std::string what = "the versions free buffers differently";
    for (auto &[c, text] : explain)
      if (S.evalBool(c)) {
        what = text;
        break;
      }
    // dealloc-run reports verdicts only: both runs are expected to be SAFE.
    return distinguish(what, false);
  }
  // 3. Runs that stop (unroll bound, undefined behaviour) were not compared.
  // [safety.defined]: by default an input on which a version reaches
  // undefined behaviour is excluded (listed below), only the encoding's own
  // stops make the answer UNKNOWN.
  auto counts = [&](const Stop &s) {
    return opts.strictUB || !isUndefinedBehaviour(s.kind);
  };
  std::vector<Expr> stopping;
  for (Encoder *e : {&ea, &eb})
    for (const Stop &s : e->heap.stops)
      if (counts(s))
        stopping.push_back(s.cond);
  if (check(ctx.mkOr(stopping), r) == smt::Result::Unknown)
    return res;
  if (r == smt::Result::Sat) {
    if (abstracted)
      return notDecided();
    if (!minimize())
      return res;
    res.input = inputFromModel(ea, S, fa);
    for (Encoder *e : {&ea, &eb})
      for (const Stop &s : e->heap.stops)
        if (counts(s) && S.evalBool(s.cond)) {
          res.reason = "no difference found, but input " +
                       quotedInput(res.input) + " reaches " + s.reason +
                       " at " + printLocation(s.loc);
          if (s.isBound)
            res.bound = s.bound;
          return res;
        }
    res.reason = "no difference found, but some run stops";
    return res;
  }
  if (!opts.strictUB && abstracted) {
    // The excluded sites are listed with witnesses from the exact encoding.
    std::vector<Expr> ub;
    for (Encoder *e : {&ea, &eb})
      for (const Stop &s : e->heap.stops)
        if (isUndefinedBehaviour(s.kind))
          ub.push_back(s.cond);
    if (check(ctx.mkOr(ub), r) != smt::Result::Unsat)
      return notDecided();
  } else if (!opts.strictUB) {
    auto ask = [&](Expr q) {
      smt::Result a;
      check(q, a);
      return a;
    };
    if (auto none = scanExcludedEquiv(ea, eb, a, b, fa, fb, opts, S, ask,
                                      minimize, res.excluded, res.excludedCut,
                                      res.definedUndecided)) {
      res.reason = *none;
      return res;
    }
    res.reason.clear(); // a timed-out listing query set it
  }
  res.verdict = EquivVerdict::Equivalent;
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
    os << " on input " << quotedInput(r.input) << " ("
       << r.reason << ")";
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
    EquivResult r = checkEquivalence(a, b, n, opts);
    printEquivResult(os, r, json);
    code = combineExitCodes(code, exitCodeFor(r.verdict));
    if (results)
      results->push_back(std::move(r));
  }
  return code;
}
