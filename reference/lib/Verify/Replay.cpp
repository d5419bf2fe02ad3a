//===- Replay.cpp - Replaying counterexamples with dealloc-run ------------===//
//
// spec/verification.md [verify.replay]: every counterexample is run under
// dealloc-run's semantics (the DeallocSemantics library, in process). A
// counterexample that does not reproduce the same verdict turns the answer
// into UNKNOWN naming the disagreement - a bug in one of the two, never
// hidden.
//
//===----------------------------------------------------------------------===//
#include "Replay.h"

#ifdef DEALLOC_HAVE_SEMANTICS
#include "dealloc/Semantics/Interpreter.h"
#endif

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

void dealloc::verify::replayCounterexample(ModuleOp module, func::FuncOp fn,
                                           const VerifyOptions &opts,
                                           FunctionResult &res) {
  auto demote = [&](const std::string &why) {
    res.reason = "counterexample " + std::string(verdictName(res.verdict)) +
                 " (" + res.reason + ") on input " +
                 (res.input.empty() ? std::string("\"\"") : res.input) + " " + why +
                 " ([verify.replay])";
    res.verdict = Verdict::Unknown;
  };
  if (!opts.replay) {
    demote("was not replayed (--no-replay)");
    return;
  }
#ifdef DEALLOC_HAVE_SEMANTICS
  auto input = parseInput(res.input, fn.getFunctionType());
  if (!input) {
    demote("is not a valid dealloc-run input: " +
           llvm::toString(input.takeError()));
    return;
  }
  RunOptions ro;
  ro.reuseAddresses = opts.reuseAddresses;
  RunResult run = runFunction(module, fn, *input, ro);
  if (run.verdict != res.verdict) {
    demote("did not reproduce: dealloc-run says " +
           std::string(verdictName(run.verdict)) +
           (run.message.empty() ? "" : " (" + run.message + ")"));
    return;
  }
  for (const dealloc::TraceEvent &e : run.trace)
    res.runTrace.push_back(RunEvent{e.event, e.buffer, e.loc});
  res.trace.push_back("replayed by dealloc-run: " +
                      std::string(verdictName(run.verdict)) +
                      (run.clause.empty() ? "" : " " + run.clause) +
                      (run.message.empty() ? "" : ": " + run.message));
#else
  demote("was not replayed: dealloc-verify was built without dealloc-run's "
         "semantics library");
#endif
}
