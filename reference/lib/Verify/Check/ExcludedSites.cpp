//===- ExcludedSites.cpp - The excluded sites of a SAFE answer ------------===//
//
// spec/safety.md [safety.defined], docs/verifier-proofs.md [verify.induction]:
// a SAFE answer lists the sites of undefined behaviour that some input
// reaches first, each with a witness input dealloc-run replays. In the
// exact encoding a model is a run, so its input is a witness. Where loops
// were proved by induction the encoding over-approximates the runs: a model
// of a site after a loop may be no run, and the sites inside a proved
// loop's abstract iteration (which end the run: undefined behaviour is no
// failed proof by default) are not stops of the encoding at all. Those get
// their witnesses from the exact encoding (loops unrolled, [verify.bound]);
// a site it does not reach is unreachable if no run reaches the unroll
// bound, and otherwise named in the listing's cut: never dropped silently.
//
//===----------------------------------------------------------------------===//
#include "Check/FunctionCheck.h"
#include "Check/Replay.h"
#include "Check/StopSites.h"

#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/SolverPolicy.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::detail;

using SiteKey = std::pair<std::string, std::string>;

FunctionResult FunctionCheck::listExcluded() {
  // [safety.defined]: SAFE on every defined input. The excluded sites, each
  // with a witness dealloc-run replays; then whether any input is defined.
  auto undefined = [&](const Stop &s) { return isUndefinedBehaviour(s.kind); };
  StopScan ub = scanStops(undefined, res.excluded, res.excludedCut);
  if (std::string why = ub.cut("", "the model"); !why.empty())
    res.excludedCut = ub.result == smt::Result::Unknown
                          ? why + " before any site was found"
                          : why;
  if (abstract)
    witnessAbstractSites();
  if (res.excluded.empty() && res.excludedCut.empty())
    return finish();
  smt::Solver &S = queries->solver();
  std::vector<Expr> noStop;
  for (const Stop &s : E.heap.stops())
    noStop.push_back(ctx.mkNot(s.cond));
  Expr q = ctx.freshBool("defined");
  S.add(ctx.mkImplies(q, ctx.mkAnd(noStop)));
  smt::Result d = S.check({q}, opts.timeoutMs);
  // Every defined run is a model without a stop of the abstract encoding
  // too (its exit headers are states the runs leave the loops in), so
  // Unsat decides; a model of it may be no run, and is confirmed.
  if (d == smt::Result::Unsat) {
    res.verdict = Verdict::Unknown;
    res.reason = "no defined input: every input reaches undefined "
                 "behaviour ([safety.defined])";
    res.undefinedEverywhere = true;
    if (!res.excluded.empty()) {
      res.input = res.excluded.front().input;
      res.location = res.excluded.front().loc;
    }
    if (ub.first)
      res.diagLoc = ub.first->loc;
  } else if (d != smt::Result::Sat) {
    res.definedUndecided = "whether some input is defined was not decided (" +
                           timeoutReason(opts, smt::Budget::spent()) + ")";
  } else {
    // A model of either encoding may be no run: the abstract one's exit
    // headers, and both encodings' over-approximated contents (a linalg
    // body's or an unmodelled op's outputs), are states no run needs to
    // reach. Its input is run.
    if (!minimizeInput(E, S, {q}, opts.timeoutMs))
      res.definedUndecided = "whether some input is defined was not "
                             "decided (" +
                             timeoutReason(opts, smt::Budget::spent()) + ")";
    else
      confirmDefined();
  }
  return finish();
}

void FunctionCheck::witnessAbstractSites() {
  AbstractVersion v{"", module, fn, &setup.loopStops, setup};
  exactDefined =
      detail::witnessAbstractSites({v}, opts, res.excluded, res.excludedCut);
}

smt::Result dealloc::verify::detail::witnessAbstractSites(
    llvm::ArrayRef<AbstractVersion> versions, const VerifyOptions &opts,
    std::vector<StopSite> &sites, std::string &cut) {
  smt::Result defined = smt::Result::Unknown;
  std::vector<StopSite> kept;
  for (StopSite &s : sites)
    if (s.replayed)
      kept.push_back(s);
  std::vector<StopSite> found;
  std::string missed, exactCut;
  unsigned bound = 0;
  bool unbounded = true; // every exact encoding decides its runs in full
  for (const AbstractVersion &v : versions) {
    std::vector<std::pair<SiteKey, StopKind>> wanted;
    std::set<SiteKey> keys, open;
    for (const StopSite &s : kept)
      if (s.version == v.tag)
        keys.insert({s.loc, s.kind});
    auto want = [&](SiteKey key, StopKind kind) {
      if (keys.insert(key).second) {
        open.insert(key);
        wanted.push_back({std::move(key), kind});
      }
    };
    for (const StopSite &s : sites)
      if (s.version == v.tag && !s.replayed)
        want({s.loc, s.kind}, s.stopKind);
    for (const CheckSetup::LoopStop &l : *v.loopStops)
      want({printLocation(l.loc), l.reason}, l.kind);
    if (wanted.empty())
      continue;
    if (!opts.replay) {
      // No witness is replayed (--no-replay, and the quiet checks of call
      // contracts, for which any excluded site denies the contract): the
      // abstract sites stay as listed, the loops' are named.
      for (const StopSite &s : sites)
        if (s.version == v.tag && !s.replayed)
          found.push_back(s);
      for (const CheckSetup::LoopStop &l : *v.loopStops)
        if (open.count({printLocation(l.loc), l.reason}))
          missed += (missed.empty() ? "" : ", ") + stopKindName(l.kind).str() +
                    " at " + printLocation(l.loc) +
                    (v.tag.empty() ? "" : " (" + v.tag + ")");
      unbounded = false;
      continue;
    }
    CheckSetup exactSetup = v.setup;
    exactSetup.induction = false;
    exactSetup.relational = nullptr;
    exactSetup.loopStops.clear();
    FunctionCheck exact(v.module, v.fn, opts, exactSetup);
    ExactWitnesses w = exact.witnessSites(open);
    if (versions.size() == 1)
      defined = w.defined;
    for (StopSite &s : w.sites) {
      open.erase({s.loc, s.kind});
      s.version = v.tag;
      found.push_back(std::move(s));
    }
    if (!w.cut.empty())
      exactCut += (exactCut.empty() ? "" : "; ") + w.cut;
    unbounded &= w.bound == smt::Result::Unsat && w.cut.empty();
    bound = std::max(bound, w.boundN);
    for (auto &[key, kind] : wanted)
      if (open.count(key))
        missed += (missed.empty() ? "" : ", ") + stopKindName(kind).str() +
                  " at " + key.first +
                  (v.tag.empty() ? "" : " (" + v.tag + ")");
  }
  if (kept.size() == sites.size() && found.empty() && missed.empty())
    return defined;
  sites = std::move(kept);
  llvm::append_range(sites, found);
  // No run reaches the bound: the exact encoding covers every run, and a
  // site it does not reach is reached by none.
  if (!missed.empty() && !unbounded)
    exactCut += (exactCut.empty() ? "" : "; ") +
                std::string("reachable in the abstract encoding of a loop "
                            "proved by induction, ") +
                (opts.replay ? "no witness input with loops unrolled " +
                                   std::to_string(bound ? bound : opts.unroll) +
                                   " times: "
                             : std::string("no witness searched "
                                           "(--no-replay): ")) +
                missed;
  if (!exactCut.empty())
    cut = cut.empty() ? exactCut : cut + "; " + exactCut;
  return defined;
}

ExactWitnesses FunctionCheck::witnessSites(const std::set<SiteKey> &wanted) {
  ExactWitnesses w;
  if (!encode()) {
    w.cut = "the exact encoding failed: " + E.failure()->reason;
    return w;
  }
  queries.emplace(E, assumed, stats);
  auto pick = [&](const Stop &s) {
    return isUndefinedBehaviour(s.kind) &&
           wanted.count({printLocation(s.loc), s.reason});
  };
  StopScan scan = scanStops(pick, w.sites, w.cut);
  if (std::string why =
          scan.cut(" of the exact encoding", "the exact encoding's model");
      !why.empty())
    w.cut = why;
  w.bound = queries->anyOf<Stop>(
      [](const Stop &s) { return s.isBound ? s.cond : Expr(); },
      E.heap.stops());
  for (const Stop &s : E.heap.stops())
    if (s.isBound)
      w.boundN = std::max(w.boundN, s.bound);
  // A model without any stop (the unroll bound included) is a defined run.
  std::vector<Expr> noStop;
  for (const Stop &s : E.heap.stops())
    noStop.push_back(ctx.mkNot(s.cond));
  Expr q = ctx.freshBool("defined");
  queries->solver().add(ctx.mkImplies(q, ctx.mkAnd(noStop)));
  w.defined = queries->solver().check({q}, opts.timeoutMs);
  return w;
}

void FunctionCheck::confirmDefined() {
  // The model's input, run by dealloc-run.
  std::string input = inputFromModel(E, queries->solver(), fn);
  if (opts.replay) {
    if (auto in = parseInput(input, fn.getFunctionType())) {
      RunOptions ro;
      ro.reuseAddresses = opts.reuseAddresses;
      RunResult run = runFunction(module, fn, *in, ro);
      if (run.verdict != Verdict::Unknown || run.aborted)
        return; // ends with a verdict or its own abort: defined
    } else {
      llvm::consumeError(in.takeError());
    }
  }
  if (!abstract) {
    res.definedUndecided =
        "whether some input is defined was not confirmed: the encoding's "
        "model (input " +
        quotedInput(input) + ") " +
        (opts.replay ? "reaches undefined behaviour in dealloc-run (the "
                       "encoding over-approximates some contents)"
                     : "is not run (--no-replay)");
    return;
  }
  if (exactDefined == smt::Result::Sat)
    return;
  res.definedUndecided =
      "whether some input is defined was not confirmed: the abstract "
      "encoding's model (input " +
      quotedInput(input) + ") need not be a run" +
      (!opts.replay ? std::string(" (--no-replay)")
       : exactDefined == smt::Result::Unsat
           ? std::string(", and the exact encoding has no run without a stop")
           : std::string());
}
