//===- StopSites.cpp - Replaying the stop sites of an UNKNOWN -------------===//
//
// spec/verification.md [verify.stops]: every stop site an UNKNOWN answer
// lists comes with a witness input, which dealloc-run's semantics runs: the
// site is `replayed` only if that run stops without a verdict at an op of the
// same location.
//
//===----------------------------------------------------------------------===//
#include "Check/StopSites.h"
#include "Check/Replay.h"
#include "Encoder/Encoder.h"
#include "dealloc/Support/FindingJson.h"

#include "dealloc/Support/SolverPolicy.h"
#include <algorithm>
#include <chrono>
#include <set>
#include <tuple>

#include "dealloc/Semantics/Interpreter.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

void dealloc::verify::replayStop(ModuleOp module, func::FuncOp fn,
                                 const VerifyOptions &opts, StopSite &site) {
  site.replayed = false;
  if (site.bound) {
    site.run = "not replayed: dealloc-run does not bound loops";
    return;
  }
  if (!opts.replay) {
    site.run = "not replayed (--no-replay)";
    return;
  }
  auto input = parseInput(site.input, fn.getFunctionType());
  if (!input) {
    site.run =
        "not a valid dealloc-run input: " + llvm::toString(input.takeError());
    return;
  }
  RunOptions ro;
  ro.reuseAddresses = opts.reuseAddresses;
  RunResult run = runFunction(module, fn, *input, ro);
  site.runMessage = run.message;
  site.run = "dealloc-run says " + verdictName(run.verdict).str();
  if (!run.message.empty())
    site.run += " (" + run.message + ")";
  Operation *at = run.path.stopOp;
  if (run.verdict != Verdict::Unknown || run.aborted || !at)
    return;
  if (printLocation(at->getLoc()) != site.loc) {
    site.run += ", at another op";
    return;
  }
  site.op = at->getName().getStringRef().str();
  // [safety.defined]: an excluded site is undefined behaviour in both tools.
  if (isUndefinedBehaviour(site.stopKind) &&
      !(run.stop && isUndefinedBehaviour(*run.stop))) {
    site.run += ", not at undefined behaviour";
    return;
  }
  site.replayed = true;
}

std::vector<std::string> dealloc::verify::stopNotes(const FunctionResult &r) {
  std::vector<std::string> lines;
  for (const StopSite &s : r.stops) {
    std::string line = "note: stop at " + s.loc;
    if (!s.op.empty())
      line += " ('" + s.op + "')";
    line += ": " + s.kind + ", on input " + quotedInput(s.input);
    line += s.replayed ? "; replayed by dealloc-run"
                       : "; " + s.run + " ([verify.replay])";
    lines.push_back(line);
  }
  if (r.stopsCut.empty())
    lines.push_back("note: the list of stop sites is complete (" +
                    std::to_string(r.stops.size()) +
                    (r.stops.size() == 1 ? " site" : " sites") +
                    ", [verify.stops])");
  else
    lines.push_back("note: stop sites: " + r.stopsCut + " ([verify.stops])");
  return lines;
}

std::vector<std::string>
dealloc::verify::excludedNotes(const std::vector<StopSite> &sites,
                               const std::string &cut,
                               const std::string &undecided) {
  std::vector<std::string> lines;
  for (const StopSite &s : sites) {
    std::string line =
        "note: excluded: " + stopKindName(s.stopKind).str() + " at " + s.loc;
    if (!s.op.empty())
      line += " ('" + s.op + "')";
    if (!s.version.empty())
      line += " in " + s.version;
    line += ": " + s.kind + ", on input " + quotedInput(s.input);
    line += s.replayed ? "; replayed by dealloc-run"
                       : "; " + s.run + " ([verify.replay])";
    lines.push_back(line);
  }
  if (cut.empty())
    lines.push_back("note: the list of excluded sites is complete (" +
                    std::to_string(sites.size()) +
                    (sites.size() == 1 ? " site" : " sites") +
                    ", [safety.defined])");
  else
    lines.push_back("note: excluded sites: " + cut + " ([safety.defined])");
  if (!undecided.empty())
    lines.push_back("note: " + undecided + " ([safety.defined])");
  return lines;
}

llvm::json::Array
dealloc::verify::stopSitesJson(const std::vector<StopSite> &sites) {
  llvm::json::Array a;
  for (const StopSite &s : sites) {
    llvm::json::Object so =
        stopSiteJson(s.stopKind, s.kind, s.loc, s.op, s.input);
    so["replayed"] = s.replayed;
    so["run"] = s.run;
    if (!s.runMessage.empty())
      so["run_message"] = s.runMessage;
    if (!s.version.empty())
      so["version"] = s.version;
    if (s.bound)
      so["bound"] = true;
    a.push_back(std::move(so));
  }
  return a;
}

void dealloc::verify::addExcludedJson(llvm::json::Object &o,
                                      const std::vector<StopSite> &sites,
                                      const std::string &cut,
                                      const std::string &undecided) {
  o["excluded"] = stopSitesJson(sites);
  o["excluded_complete"] = cut.empty();
  if (!cut.empty())
    o["excluded_cut"] = cut;
  if (!undecided.empty())
    o["defined_undecided"] = undecided;
}

SiteListing::SiteListing()
    : deadline(std::chrono::steady_clock::now() +
               std::chrono::milliseconds(SolverPolicy::stopBudgetMs)) {}

void SiteListing::add(const Stop &stop, std::string input, std::string version,
                      ModuleOp module, func::FuncOp fn,
                      const VerifyOptions &opts) {
  StopSite site;
  site.kind = stop.reason;
  site.stopKind = stop.kind;
  site.loc = printLocation(stop.loc);
  site.input = std::move(input);
  site.version = std::move(version);
  site.bound = stop.isBound;
  replayStop(module, fn, opts, site);
  sites.push_back(std::move(site));
}

std::string SiteListing::count() const {
  return std::to_string(sites.size()) + " sites";
}
std::string SiteListing::capped() const {
  return "cut off after " + count() + ", more are reachable";
}
std::string SiteListing::timedOut() const {
  return "a query timed out after " + count();
}
std::string SiteListing::unconfirmed() const {
  return "a stop site was not confirmed in the model after " + count();
}
std::string SiteListing::budgetSpent() const {
  if (std::chrono::steady_clock::now() <= deadline)
    return "";
  return "the time budget of " +
         std::to_string(SolverPolicy::stopBudgetMs / 1000) +
         " s ran out after " + count();
}

std::optional<std::string> dealloc::verify::scanExcludedEquiv(
    Encoder &ea, Encoder &eb, ModuleOp a, ModuleOp b, func::FuncOp fa,
    func::FuncOp fb, const VerifyOptions &opts, smt::Solver &S,
    llvm::function_ref<smt::Result(Expr)> check,
    llvm::function_ref<bool()> minimize, std::vector<StopSite> &sites,
    std::string &cut, std::string &undecided) {
  smt::Context &ctx = ea.ctx;
  struct Version {
    Encoder *e;
    ModuleOp m;
    func::FuncOp fn;
    const char *tag;
  };
  Version versions[] = {{&ea, a, fa, "A"}, {&eb, b, fb, "B"}};
  std::set<std::tuple<std::string, std::string, std::string>> found;
  auto key = [](const Version &v, const Stop &s) {
    return std::make_tuple(std::string(v.tag), printLocation(s.loc), s.reason);
  };
  SiteListing listing;
  while (true) {
    std::vector<Expr> open;
    for (const Version &v : versions)
      for (const Stop &s : v.e->heap.stops())
        if (isUndefinedBehaviour(s.kind) && !found.count(key(v, s)))
          open.push_back(s.cond);
    if (open.empty())
      break;
    smt::Result r = check(ctx.mkOr(open));
    if (r == smt::Result::Unsat)
      break;
    if (listing.size() == SolverPolicy::maxStopSites) {
      cut = listing.capped();
      break;
    }
    if (r != smt::Result::Sat || !minimize()) {
      cut = listing.timedOut();
      break;
    }
    const Version *in = nullptr;
    const Stop *hit = nullptr;
    for (const Version &v : versions)
      for (const Stop &s : v.e->heap.stops())
        if (!hit && isUndefinedBehaviour(s.kind) && !found.count(key(v, s)) &&
            S.evalBool(s.cond)) {
          in = &v;
          hit = &s;
        }
    if (!hit) {
      cut = listing.unconfirmed();
      break;
    }
    found.insert(key(*in, *hit));
    listing.add(*hit, inputFromModel(ea, S, fa), in->tag, in->m, in->fn, opts);
    cut = listing.budgetSpent();
    if (!cut.empty())
      break;
  }
  sites.insert(sites.end(), listing.sites.begin(), listing.sites.end());
  // Listed by version, each in encoding order.
  auto rank = [&](const StopSite &site) {
    size_t at = 0;
    for (const Version &v : versions) {
      for (const Stop &s : v.e->heap.stops()) {
        if (site.version == v.tag && printLocation(s.loc) == site.loc &&
            s.reason == site.kind)
          return at;
        ++at;
      }
    }
    return at;
  };
  std::stable_sort(
      sites.begin(), sites.end(),
      [&](const StopSite &x, const StopSite &y) { return rank(x) < rank(y); });
  if (sites.empty() && cut.empty())
    return std::nullopt;
  // Some input on which neither version stops?
  std::vector<Expr> noStop;
  for (const Version &v : versions)
    for (const Stop &s : v.e->heap.stops())
      noStop.push_back(ctx.mkNot(s.cond));
  smt::Result d = check(ctx.mkAnd(noStop));
  if (d == smt::Result::Unsat)
    return std::string("no defined input: on every input a version reaches "
                       "undefined behaviour ([safety.defined])");
  if (d != smt::Result::Sat)
    undecided = "whether some input is defined was not decided (" +
                timeoutReason(opts, smt::Budget::spent()) + ")";
  return std::nullopt;
}
