//===- StopSites.cpp - Replaying the stop sites of an UNKNOWN -------------===//
//
// spec/verification.md [verify.stops]: every stop site an UNKNOWN answer
// lists comes with a witness input, which dealloc-run's semantics runs: the
// site is `replayed` only if that run stops without a verdict at an op of the
// same location.
//
//===----------------------------------------------------------------------===//
#include "StopSites.h"
#include "Replay.h"

#ifdef DEALLOC_HAVE_SEMANTICS
#include "dealloc/Semantics/Interpreter.h"
#endif

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
#ifdef DEALLOC_HAVE_SEMANTICS
  auto input = parseInput(site.input, fn.getFunctionType());
  if (!input) {
    site.run = "not a valid dealloc-run input: " +
               llvm::toString(input.takeError());
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
  site.replayed = true;
#else
  site.run = "not replayed: dealloc-verify was built without dealloc-run's "
             "semantics library";
#endif
}

std::vector<std::string> dealloc::verify::stopNotes(const FunctionResult &r) {
  std::vector<std::string> lines;
  for (const StopSite &s : r.stops) {
    std::string line = "note: stop at " + s.loc;
    if (!s.op.empty())
      line += " ('" + s.op + "')";
    line += ": " + s.kind + ", on input " +
            quotedInput(s.input);
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
