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
#include "Calls/CallSummary.h"
#include "Check/FunctionCheck.h"
#include "Check/Replay.h"
#include "Check/SafetyQueries.h"
#include "Check/StopSites.h"
#include "Encoder/Encoder.h"
#include "dealloc/Support/OutOfMemory.h"
#include "dealloc/Support/SolverPolicy.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include <chrono>
#include <map>
#include <optional>
#include <set>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::detail;

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

/// Where `v` happens in the model: its location, or for a check at the
/// function's exit where several `func.return`s meet (located at the
/// function), the return the model's run takes.
static mlir::Location violationLoc(Encoder &E, smt::Solver &S,
                                   const Violation &v) {
  if (v.loc == E.boundary().exitLoc)
    for (const auto &[path, loc] : E.boundary().exitSites)
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
    const Slot &slot = E.heap.slot(s);
    for (auto [p, is] : llvm::zip(slot.parts, slot.partIs))
      if (S.evalBool(is))
        todo.push_back(p);
  }
  for (const SymEvent &ev : E.heap.events()) {
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

FunctionResult dealloc::verify::verifyFunction(ModuleOp module, func::FuncOp fn,
                                               const VerifyOptions &opts) {
  CheckSetup exact;
  return checkFunction(module, fn, opts, exact);
}

FunctionCheck::FunctionCheck(ModuleOp module, func::FuncOp fn,
                             const VerifyOptions &opts, CheckSetup &setup)
    : module(module), fn(fn), opts(opts), setup(setup), start(Clock::now()),
      E(ctx, module, opts, nullptr, setup.facts) {
  res.function = fn.getSymName().str();
  res.diagLoc = fn.getLoc();
}

FunctionResult FunctionCheck::run() {
  if (!encode())
    return encodingFailed();
  queries.emplace(E, assumed, stats);
  smt::Result r = queries->anyOf<Violation>(
      [](const Violation &v) { return v.reach; }, E.heap.violations());
  if (r == smt::Result::Unknown)
    return timeout();
  if (r == smt::Result::Sat)
    return classifyViolation();
  return checkStops();
}

bool FunctionCheck::encode() {
  unsigned inductedBefore = setup.inducted;
  setup.loopStops.clear();
  E.setSetup(&setup);
  E.hints().setRecordingLemmas(true);
  encoded = E.encodeEntry(fn);
  if (encoded)
    assumed = E.heap.constraintsForSafety();
  encodeTime = Clock::now() - start;
  abstract = setup.inducted > inductedBefore;
  return encoded;
}

FunctionResult FunctionCheck::encodingFailed() {
  res.verdict = E.failure()->verdict;
  res.reason = E.failure()->reason;
  res.location = printLocation(E.failure()->loc);
  res.diagLoc = E.failure()->loc;
  return finish();
}

FunctionResult FunctionCheck::finish() {
  res.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (opts.stats)
    reportStats();
  return res;
}

FunctionResult FunctionCheck::timeout() {
  res.verdict = Verdict::Unknown;
  std::string why = queries->solver().reasonUnknown();
  bool budget = why == "budget" || smt::Budget::spent();
  res.reason = budget || why == "timeout" || why == "canceled"
                   ? timeoutReason(opts, budget)
                   : "solver gave up: " + why + " ([verify.output])";
  return finish();
}

FunctionResult FunctionCheck::classifyViolation() {
  smt::Solver &S = queries->solver();
  // [verify.order]: the first kind, in verdict-table order, some input
  // reaches.
  for (Verdict kind : violationVerdicts()) {
    smt::Result r = queries->anyOf<Violation>(
        [&](const Violation &v) { return v.kind == kind ? v.cond : Expr(); },
        E.heap.violations());
    if (r == smt::Result::Unknown)
      return timeout();
    if (r != smt::Result::Sat)
      continue;
    if (!minimizeInput(E, S, {queries->lastQuery()}, opts.timeoutMs))
      return timeout();
    for (const Violation &v : E.heap.violations())
      if (v.kind == kind && S.evalBool(v.cond))
        return counterexample(kind, v);
  }
  res.verdict = Verdict::Unknown;
  res.reason = "a violation is reachable but no verdict kind was "
               "confirmed (solver inconsistency)";
  return finish();
}

FunctionResult FunctionCheck::counterexample(Verdict kind,
                                             const Violation &hit) {
  smt::Solver &S = queries->solver();
  res.input = inputFromModel(E, S, fn);
  res.trace = traceFromModel(E, S, hit);
  res.diagLoc = violationLoc(E, S, hit);
  res.location = printLocation(*res.diagLoc);
  res.reason = hit.message;
  res.verdict = kind;
  replayCounterexample(module, fn, opts, res);
  return finish();
}

FunctionResult FunctionCheck::checkStops() {
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
  if (scan.first)
    return stoppedRun(scan);
  res.verdict = Verdict::Safe;
  if (opts.strictUB)
    return finish();
  return listExcluded();
}

FunctionResult FunctionCheck::stoppedRun(const StopScan &scan) {
  const Stop *hit = scan.first;
  res.verdict = Verdict::Unknown;
  res.input = scan.firstInput;
  res.location = printLocation(hit->loc);
  res.diagLoc = hit->loc;
  if (hit->isBound) {
    res.bound = hit->bound;
    res.reason = "bounded: no violation with loops unrolled " +
                 std::to_string(hit->bound) + " times, but input " +
                 quotedInput(res.input) + " iterates more (" + hit->reason +
                 ")";
    return finish();
  }
  res.reason = "input " + quotedInput(res.input) + " reaches " + hit->reason +
               ", where a run stops without a verdict";
  if (scan.maxBound)
    res.bound = scan.maxBound;
  return finish();
}

NextStop FunctionCheck::nextStop(
    llvm::function_ref<Expr(const Stop &)> open,
    llvm::function_ref<bool(const Stop &)> pick,
    const std::set<std::pair<std::string, std::string>> &found, bool &bounds,
    const Stop *&hit) {
  smt::Solver &S = queries->solver();
  while (true) {
    smt::Result r = queries->anyOf<Stop>(open, E.heap.stops());
    if (r == smt::Result::Unknown)
      return NextStop::TimedOut;
    if (r == smt::Result::Sat)
      break;
    // The loop bound is asked for when no other site is left.
    if (bounds)
      return NextStop::Done;
    bounds = true;
  }
  if (found.size() == SolverPolicy::maxStopSites)
    return NextStop::Capped;
  if (!minimizeInput(E, S, {queries->lastQuery()}, opts.timeoutMs))
    return NextStop::TimedOut;
  for (const Stop &s : E.heap.stops())
    if (pick(s) && !found.count({printLocation(s.loc), s.reason}) &&
        S.evalBool(s.cond)) {
      hit = &s;
      return NextStop::Hit;
    }
  return NextStop::Unconfirmed;
}

// [verify.stops]: the reachable stop sites among the stops `pick` selects,
// each the first stop of some run, with a witness input that dealloc-run
// replays; the loop bound is asked for when no other site is left, and a
// first site that is the loop bound ends the scan unlisted. Sites are
// appended to `sites` in encoding order; `cut` says why the list may be
// incomplete.
StopScan FunctionCheck::scanStops(llvm::function_ref<bool(const Stop &)> pick,
                                  std::vector<StopSite> &sites,
                                  std::string &cut) {
  StopScan scan;
  std::set<std::pair<std::string, std::string>> found;
  auto siteOf = [](const Stop &s) {
    return std::make_pair(printLocation(s.loc), s.reason);
  };
  bool bounds = llvm::none_of(
      E.heap.stops(), [&](const Stop &s) { return s.isBound && pick(s); });
  auto open = [&](const Stop &s) {
    return !pick(s) || found.count(siteOf(s)) || (s.isBound && !bounds)
               ? Expr()
               : s.cond;
  };
  SiteListing listing;
  while (true) {
    const Stop *hit = nullptr;
    NextStop next = nextStop(open, pick, found, bounds, hit);
    if (next == NextStop::Done)
      break;
    if (next != NextStop::Hit && found.empty()) {
      if (next == NextStop::Unconfirmed)
        scan.inconsistent = true;
      else
        scan.result = smt::Result::Unknown;
      return scan;
    }
    if (next == NextStop::Capped) {
      cut = listing.capped();
      break;
    }
    if (next == NextStop::TimedOut) {
      cut = listing.timedOut();
      break;
    }
    if (next == NextStop::Unconfirmed) {
      cut = listing.unconfirmed();
      break;
    }
    std::string input = inputFromModel(E, queries->solver(), fn);
    if (found.empty()) {
      scan.result = smt::Result::Sat;
      scan.first = hit;
      scan.firstInput = input;
      if (hit->isBound)
        return scan;
    }
    found.insert(siteOf(*hit));
    if (hit->isBound)
      scan.maxBound = std::max(scan.maxBound, hit->bound);
    listing.add(*hit, input, "", module, fn, opts);
    cut = listing.budgetSpent();
    if (!cut.empty())
      break;
  }
  sites.insert(sites.end(), listing.sites.begin(), listing.sites.end());
  sortByEncodingOrder(sites);
  return scan;
}

/// Listed in encoding order, not in the order the solver found them.
void FunctionCheck::sortByEncodingOrder(std::vector<StopSite> &sites) const {
  auto firstRecord = [&](const StopSite &site) {
    for (auto [i, s] : llvm::enumerate(E.heap.stops()))
      if (printLocation(s.loc) == site.loc && s.reason == site.kind)
        return i;
    return E.heap.stops().size();
  };
  std::stable_sort(sites.begin(), sites.end(),
                   [&](const StopSite &a, const StopSite &b) {
                     return firstRecord(a) < firstRecord(b);
                   });
}

/// --solver-stats: where this check's time went.
void FunctionCheck::reportStats() {
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
  std::string line = mode + ": " + verdictName(res.verdict).str() + " in " +
                     secs(Clock::now() - start) + "; encoding " +
                     secs(encodeTime);
  if (encoded)
    line += " (" + std::to_string(E.heap.violations().size()) +
            " violation conditions, " + std::to_string(E.heap.stops().size()) +
            " stop conditions, " + std::to_string(assumed.size()) +
            " constraints" +
            (assumed.size() < E.heap.constraintsToAssert().size()
                 ? " (address constraints not needed)"
                 : "") +
            ", " + std::to_string(E.heap.lemmas().size()) + " lemma points, " +
            std::to_string(E.stats().helperContracts) +
            " dealloc_helper calls by their specification, " +
            std::to_string(E.heap.numSlots()) + " heap slots)";
  line += "; slice queries " + secs(stats.local) + " (" +
          std::to_string(stats.localQueries) + "), full queries " +
          secs(stats.full) + " (" + std::to_string(stats.fullQueries) +
          "), bit-blasted " + secs(stats.bitBlast) + " (" +
          std::to_string(stats.bitBlastQueries) + "), lemmas " +
          secs(stats.lemmas);
  if (E.stats().inductionQueries)
    line += ", induction queries " +
            secs(std::chrono::duration_cast<Clock::duration>(
                std::chrono::duration<double>(E.stats().inductionSeconds))) +
            " (" + std::to_string(E.stats().inductionQueries) + ", " +
            std::to_string(E.stats().inductionReused) +
            " answered by an earlier one)";
  opts.stats(res.function, line);
  for (const std::string &q : stats.slowQueries)
    opts.stats(res.function, "  " + q);
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
    return FunctionCheck(module, fn, opts, setup).run();
  } catch (const std::bad_alloc &) {
    return unknown("out of memory ([verify.memory])");
  } catch (const std::exception &e) {
    if (saysOutOfMemory(e))
      return unknown("out of memory ([verify.memory])");
    return unknown(std::string("the solver failed: ") + e.what() +
                   " ([verify.verdict])");
  }
}
