//===- VersionComparison.cpp - One --equiv comparison of two versions -----===//
//
// spec/verification.md [equiv.def], docs/verifier-proofs.md [equiv.loops],
// spec/safety.md [safety.defined]: the steps of comparing two versions of
// one function (Verify/Equiv/VersionComparison.h).
//
//===----------------------------------------------------------------------===//
#include "Equiv/VersionComparison.h"
#include "Calls/CallSummary.h"
#include "Check/FunctionCheck.h"
#include "Check/Replay.h"
#include "Check/StopSites.h"
#include "Encoder/Encoder.h"
#include "Induction/LoopInductionPair.h"

#include "dealloc/Semantics/Interpreter.h"
#include <chrono>
#include <optional>

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
    text =
        "input not accepted by dealloc-run: " + llvm::toString(in.takeError());
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
  for (const Violation &v : h.violations())
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
    explain.push_back(
        {ctx.mkNe(countOf(xa, s), countOf(xb, s)),
         "site " + sa.names[s] + " allocates a different number of times"});
  auto atOf = [&](const State &x, unsigned slot) {
    return slot < x.freedAt.size() ? x.freedAt[slot]
                                   : ctx.bvVal(kIndexWidth, 0);
  };
  for (unsigned i = 0; i < ea.heap.numSlots(); ++i) {
    const Slot &si = ea.heap.slot(i);
    if (si.site < 0 && si.siteVar.isNull())
      continue;
    for (unsigned j = 0; j < eb.heap.numSlots(); ++j) {
      const Slot &sj = eb.heap.slot(j);
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

static double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t)
      .count();
}

namespace {

/// One comparison: the encodings of both versions, the solver that holds
/// both, and the answer being built. Each step returns the answer once it
/// has one.
class VersionComparison {
public:
  VersionComparison(ModuleOp a, ModuleOp b, StringRef name,
                    const VerifyOptions &opts, EquivStats &stats)
      : a(a), b(b), opts(opts), stats(stats) {
    res.function = name.str();
    fa = a.lookupSymbol<func::FuncOp>(name);
    fb = b.lookupSymbol<func::FuncOp>(name);
  }
  EquivResult run(bool abstract, bool &abstracted, bool *suspect);

private:
  std::optional<std::string> comparable(StringRef name);
  bool encode(bool abstract, bool &abstracted);
  bool relateLoops(std::vector<Expr> &loopFacts, bool *suspect);
  void assertBoth(const std::vector<Expr> &loopFacts);
  smt::Result check(Expr q, smt::Result &r);
  std::string outcome(SymbolicHeap &h);
  EquivResult distinguish(const std::string &what, bool verdictsMustDiffer);
  EquivResult notDecided();
  bool minimize();
  bool witness(Expr q, std::optional<EquivResult> &answer);
  std::optional<EquivResult> compareOutcomes();
  std::optional<EquivResult> compareFrees();
  std::optional<EquivResult> findStops();
  std::optional<EquivResult> listExcluded();
  /// After the abstract encodings: witnesses from the exact ones, and
  /// whether some input is defined; false if none is (res says so).
  bool witnessAbstract();

  ModuleOp a, b;
  const VerifyOptions &opts;
  EquivStats &stats;
  EquivResult res;
  func::FuncOp fa, fb;
  SiteNumbering sa, sb;
  smt::Context ctx;
  std::optional<Encoder> ea, eb;
  /// [equiv.loops]: each version's loops by the safety check's induction;
  /// calls are inlined (no summaries: their sites count).
  CheckSetup setups[2];
  /// Loops that allocate matched sites: kept for the relational proof.
  std::vector<LoopRecord> loops[2];
  bool abstracted = false;
  std::optional<smt::Solver> S;
  /// Neither version stopped.
  Expr running;
  Expr lastQuery;
};

} // namespace

/// Why the versions cannot be compared at all, if they cannot.
std::optional<std::string> VersionComparison::comparable(StringRef name) {
  if (!fa || !fb || fa.isDeclaration() || fb.isDeclaration())
    return std::string("function has no body in ") + (fa ? "B" : "A");
  if (fa.getFunctionType() != fb.getFunctionType())
    return std::string("the versions' signatures differ");
  SiteMatch match = matchSites(a, b, sa, sb);
  return match.reasonFor(a, b, name);
}

/// Encodes both versions over one symbolic input; false (res says why) if
/// one cannot be encoded.
bool VersionComparison::encode(bool abstract, bool &abstractedOut) {
  ea.emplace(ctx, a, opts, &sa);
  eb.emplace(ctx, b, opts, &sb);
  eb->takeInputsFrom(&*ea);
  ea->shareInputsWith(fb);
  if (abstract)
    for (int k : {0, 1}) {
      setups[k].induction = true;
      setups[k].relational = &loops[k];
      (k ? *eb : *ea).setSetup(&setups[k]);
    }
  auto encodeStart = std::chrono::steady_clock::now();
  for (auto [e, f, tag] :
       {std::tuple{&*ea, fa, "A"}, std::tuple{&*eb, fb, "B"}})
    if (!e->encodeEntry(f)) {
      res.reason = std::string(tag) + ": " + e->failure()->reason + " at " +
                   printLocation(e->failure()->loc);
      // The exact encoding gives the reason, as for the safety check.
      abstractedOut =
          ea->stats().inductionAttempts + eb->stats().inductionAttempts > 0;
      return false;
    }
  stats.encodeSeconds = secondsSince(encodeStart);
  for (auto [e, tag] : {std::pair{&*ea, "A"}, std::pair{&*eb, "B"}})
    stats.sizes += std::string(stats.sizes.empty() ? " (" : ", ") + tag + ": " +
                   std::to_string(e->heap.violations().size()) +
                   " violation conditions, " +
                   std::to_string(e->heap.constraints().size()) +
                   " constraints, " + std::to_string(e->heap.numSlots()) +
                   " heap slots";
  stats.sizes += ")";
  stats.inducted = setups[0].inducted + setups[1].inducted;
  abstracted = abstractedOut = stats.inducted > 0;
  return true;
}

/// [equiv.loops]: the relational invariant of each pair of loops that
/// allocate matched sites; its exit headers' relation (`loopFacts`) is
/// assumed by the queries. False (res says why) if it is not proved.
bool VersionComparison::relateLoops(std::vector<Expr> &loopFacts,
                                    bool *suspect) {
  if (loops[0].empty() && loops[1].empty())
    return true;
  for (const auto &list : loops)
    for (const LoopRecord &r : list)
      stats.nested = stats.nested || !r.inner.empty();
  std::string why;
  bool differ = false;
  auto began = std::chrono::steady_clock::now();
  bool related =
      proveLoopPairs(*ea, *eb, loops[0], loops[1], loopFacts, why, differ);
  stats.relateSeconds = secondsSince(began);
  if (!related) {
    if (suspect)
      *suspect = differ;
    res.reason = "not decided with loops proved by induction (" + why + ")";
    return false;
  }
  stats.related = loops[0].size();
  return true;
}

void VersionComparison::assertBoth(const std::vector<Expr> &loopFacts) {
  S.emplace(ctx);
  for (Encoder *e : {&*ea, &*eb})
    for (const Expr &c : e->heap.constraintsToAssert())
      S->add(c);
  for (const Expr &c : loopFacts)
    S->add(c);
  auto anyStop = [&](SymbolicHeap &h) {
    std::vector<Expr> v;
    for (const Stop &s : h.stops())
      v.push_back(s.cond);
    return ctx.mkOr(v);
  };
  running =
      ctx.mkAnd(ctx.mkNot(anyStop(ea->heap)), ctx.mkNot(anyStop(eb->heap)));
}

smt::Result VersionComparison::check(Expr q, smt::Result &r) {
  Expr lit = ctx.freshBool("equiv_query");
  S->add(ctx.mkImplies(lit, q));
  lastQuery = lit;
  auto began = std::chrono::steady_clock::now();
  r = S->check({lit}, opts.timeoutMs);
  ++stats.queries;
  stats.querySeconds += secondsSince(began);
  if (r == smt::Result::Unknown)
    res.reason = timeoutReason(opts, smt::Budget::spent());
  return r;
}

std::string VersionComparison::outcome(SymbolicHeap &h) {
  for (Verdict k : violationVerdicts())
    for (const Violation &v : h.violations())
      if (v.kind == k && S->evalBool(v.cond))
        return verdictName(k).str() + " at " + printLocation(v.loc);
  return "returns without violation";
}

/// DIFFERENT on the model's input, if both versions' runs on it replay.
EquivResult VersionComparison::distinguish(const std::string &what,
                                           bool verdictsMustDiffer) {
  res.input = inputFromModel(*ea, *S, fa);
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
}

/// A model of the abstract encoding need not be a run: no answer.
EquivResult VersionComparison::notDecided() {
  res.reason = "not decided with loops proved by induction";
  return res;
}

/// [verify.output]: small inputs; the model still satisfies the query.
/// False (res says timeout) if the solver gives no model again.
bool VersionComparison::minimize() {
  if (minimizeInput(*ea, *S, {lastQuery}, opts.timeoutMs))
    return true;
  res.reason = timeoutReason(opts, smt::Budget::spent());
  return false;
}

/// Whether `q` has a model of the exact encoding, minimized, in S. If not,
/// `answer` is the step's: none where q is unsatisfiable (the next step
/// asks), the timeout or "not decided" of the abstract encoding otherwise.
bool VersionComparison::witness(Expr q, std::optional<EquivResult> &answer) {
  smt::Result r;
  if (check(q, r) == smt::Result::Unknown)
    answer = res;
  else if (r != smt::Result::Sat)
    answer = std::nullopt;
  else if (abstracted)
    answer = notDecided();
  else if (!minimize())
    answer = res;
  else
    return true;
  return false;
}

/// 1. The versions end differently ([equiv.def], outcome).
std::optional<EquivResult> VersionComparison::compareOutcomes() {
  std::vector<Expr> differ;
  for (Verdict k : violationVerdicts())
    differ.push_back(
        ctx.mkNe(ctx.mkOr(ofKind(ea->heap, k)), ctx.mkOr(ofKind(eb->heap, k))));
  std::optional<EquivResult> answer;
  if (!witness(ctx.mkAnd(running, ctx.mkOr(differ)), answer))
    return answer;
  return distinguish("A: " + outcome(ea->heap) + "; B: " + outcome(eb->heap),
                     true);
}

/// 2. Both return: matched buffers are freed in the same interval.
std::optional<EquivResult> VersionComparison::compareFrees() {
  const State &xa = *ea->boundary().exitState, &xb = *eb->boundary().exitState;
  std::vector<std::pair<Expr, std::string>> explain =
      freePointDifferences(*ea, *eb, sa);
  std::vector<Expr> frees;
  for (auto &[c, text] : explain)
    frees.push_back(c);
  Expr bothReturn = ctx.mkAnd({running, xa.guard, xb.guard});
  std::optional<EquivResult> answer;
  if (!witness(ctx.mkAnd(bothReturn, ctx.mkOr(frees)), answer))
    return answer;
  std::string what = "the versions free buffers differently";
  for (auto &[c, text] : explain)
    if (S->evalBool(c)) {
      what = text;
      break;
    }
  // dealloc-run reports verdicts only: both runs are expected to be SAFE.
  return distinguish(what, false);
}

/// 3. Runs that stop (unroll bound, undefined behaviour) were not compared.
/// [safety.defined]: by default an input on which a version reaches
/// undefined behaviour is excluded (listExcluded), only the encoding's own
/// stops make the answer UNKNOWN.
std::optional<EquivResult> VersionComparison::findStops() {
  auto counts = [&](const Stop &s) {
    return opts.strictUB || !isUndefinedBehaviour(s.kind);
  };
  std::vector<Expr> stopping;
  for (Encoder *e : {&*ea, &*eb})
    for (const Stop &s : e->heap.stops())
      if (counts(s))
        stopping.push_back(s.cond);
  std::optional<EquivResult> answer;
  if (!witness(ctx.mkOr(stopping), answer))
    return answer;
  res.input = inputFromModel(*ea, *S, fa);
  for (Encoder *e : {&*ea, &*eb})
    for (const Stop &s : e->heap.stops())
      if (counts(s) && S->evalBool(s.cond)) {
        res.reason = "no difference found, but input " +
                     quotedInput(res.input) + " reaches " + s.reason + " at " +
                     printLocation(s.loc);
        if (s.isBound)
          res.bound = s.bound;
        return res;
      }
  res.reason = "no difference found, but some run stops";
  return res;
}

/// [safety.defined]: the excluded sites, each with a witness input; after
/// the abstract encoding, sites whose witness does not replay and those
/// inside proved loops get theirs from the exact encodings
/// (witnessAbstract).
std::optional<EquivResult> VersionComparison::listExcluded() {
  if (opts.strictUB)
    return std::nullopt;
  auto ask = [&](Expr q) {
    smt::Result r;
    check(q, r);
    return r;
  };
  auto shrink = [&] { return minimize(); };
  // Every defined input is a model of the abstract encodings without a
  // stop, so "no defined input" holds of them too.
  if (auto none = scanExcludedEquiv(*ea, *eb, a, b, fa, fb, opts, *S, ask,
                                    shrink, res.excluded, res.excludedCut,
                                    res.definedUndecided)) {
    res.reason = *none;
    res.undefinedEverywhere = true;
    return res;
  }
  res.reason.clear(); // a timed-out listing query set it
  if (abstracted && !witnessAbstract())
    return res;
  return std::nullopt;
}

bool VersionComparison::witnessAbstract() {
  namespace checks = dealloc::verify::detail;
  checks::AbstractVersion versions[] = {
      {"A", a, fa, &setups[0].loopStops, CheckSetup{}},
      {"B", b, fb, &setups[1].loopStops, CheckSetup{}}};
  checks::witnessAbstractSites(versions, opts, res.excluded, res.excludedCut);
  if ((res.excluded.empty() && res.excludedCut.empty()) ||
      !res.definedUndecided.empty())
    return true;
  // A model of the abstract encodings need not be a run: its defined input
  // is confirmed by running both versions on it.
  std::vector<Expr> noStop;
  for (Encoder *e : {&*ea, &*eb})
    for (const Stop &s : e->heap.stops())
      noStop.push_back(ctx.mkNot(s.cond));
  smt::Result d;
  if (check(ctx.mkAnd(noStop), d) == smt::Result::Unsat) {
    res.reason = "no defined input: on every input a version reaches "
                 "undefined behaviour ([safety.defined])";
    res.undefinedEverywhere = true;
    return false;
  }
  res.reason.clear();
  if (d != smt::Result::Sat) {
    res.definedUndecided = "whether some input is defined was not decided (" +
                           timeoutReason(opts, smt::Budget::spent()) + ")";
    return true;
  }
  std::string input, ta, tb;
  std::optional<VersionRun> ra, rb;
  if (opts.replay && minimize()) {
    input = inputFromModel(*ea, *S, fa);
    auto va = replayOne(a, fa, input, opts, ta, ra);
    auto vb = replayOne(b, fb, input, opts, tb, rb);
    if (va && vb && *va != Verdict::Unknown && *vb != Verdict::Unknown)
      return true;
  }
  res.reason.clear(); // a timed-out minimization set it
  res.definedUndecided =
      "whether some input is defined was not confirmed: a model of the "
      "abstract encodings need not be a run" +
      (input.empty() ? std::string()
                     : " (on its input " + input + " dealloc-run says " + ta +
                           " / " + tb + ")");
  return true;
}

EquivResult VersionComparison::run(bool abstract, bool &abstractedOut,
                                   bool *suspect) {
  abstractedOut = false;
  if (auto why = comparable(res.function)) {
    res.reason = *why;
    return res;
  }
  if (!encode(abstract, abstractedOut))
    return res;
  std::vector<Expr> loopFacts;
  if (!relateLoops(loopFacts, suspect))
    return res;
  assertBoth(loopFacts);
  for (auto step :
       {&VersionComparison::compareOutcomes, &VersionComparison::compareFrees,
        &VersionComparison::findStops, &VersionComparison::listExcluded})
    if (std::optional<EquivResult> answer = (this->*step)())
      return *answer;
  res.verdict = EquivVerdict::Equivalent;
  return res;
}

EquivResult dealloc::verify::compareVersions(ModuleOp a, ModuleOp b,
                                             StringRef name,
                                             const VerifyOptions &opts,
                                             EquivStats &stats, bool abstract,
                                             bool &abstracted, bool *suspect) {
  VersionComparison cmp(a, b, name, opts, stats);
  return cmp.run(abstract, abstracted, suspect);
}
