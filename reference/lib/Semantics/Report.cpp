//===- Report.cpp - Checking a function over its inputs -------------------===//
//
// spec/safety.md: [safety.verdicts] (verdict per function, precedence),
// [safety.first], [input.cap], [safety.defined] (excluded inputs). The
// report's output formats are the driver's (lib/Driver/RunOutput.cpp).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Interpreter.h"

using namespace mlir;

namespace dealloc {

std::string printLoc(Location loc);

bool isExcluded(const RunResult &r, bool strictUB) {
  return !strictUB && r.verdict == Verdict::Unknown && r.stop &&
         isUndefinedBehaviour(*r.stop);
}

/// Counts an excluded input at its site (kind and op location).
static void noteExcluded(FunctionReport &rep, const std::string &input,
                         const RunResult &r) {
  Operation *at = r.path.stopOp;
  std::string loc = at ? printLoc(at->getLoc()) : "";
  for (ExcludedSite &site : rep.excluded)
    if (site.kind == *r.stop && site.loc == loc) {
      ++site.count;
      return;
    }
  ExcludedSite site;
  site.kind = *r.stop;
  site.loc = loc;
  site.op = at ? at->getName().getStringRef().str() : "";
  site.input = input;
  site.message = r.message;
  site.count = 1;
  rep.excluded.push_back(std::move(site));
}

llvm::Expected<FunctionReport> checkFunction(ModuleOp module, func::FuncOp fn,
                                             const CheckOptions &options) {
  FunctionReport rep;
  rep.function = fn.getSymName().str();
  rep.strictUB = options.strictUB;
  std::vector<Input> inputs;
  if (options.inputText) {
    auto parsed = parseInput(*options.inputText, fn.getFunctionType());
    if (!parsed)
      return parsed.takeError();
    inputs.push_back(std::move(*parsed));
    rep.totalInputs = 1;
  }
  if ((rep.unsupported = findUnsupported(module, fn, options.run.index))) {
    rep.verdict = Verdict::Unsupported;
    return rep;
  }
  if (!options.inputText) {
    auto all = enumerateInputs(fn.getFunctionType(), options.maxInputs,
                               rep.totalInputs);
    if (!all) {
      rep.verdict = Verdict::Unsupported;
      rep.unsupported =
          UnsupportedOp{"func.func", "", llvm::toString(all.takeError())};
      return rep;
    }
    inputs = std::move(*all);
  }
  rep.capped = rep.totalInputs > inputs.size();
  RunResult firstExcluded;
  for (const Input &in : inputs) {
    RunResult r = runFunction(module, fn, in, options.run);
    ++rep.inputsRun;
    if (r.aborted)
      ++rep.aborted;
    std::string text = formatInput(in);
    if (options.allInputs)
      rep.perInput.push_back({text, r});
    // [safety.defined]: an input whose run reaches undefined behaviour
    // (before any violation: the run stops at the first) is excluded.
    if (isExcluded(r, options.strictUB)) {
      if (rep.excluded.empty())
        firstExcluded = r;
      noteExcluded(rep, text, r);
      continue;
    }
    if (r.verdict == Verdict::Safe || isViolation(r.verdict))
      ++rep.defined;
    // [safety.verdicts]: a violation outranks UNKNOWN, which outranks SAFE;
    // the first input with the deciding verdict is reported.
    if (isViolation(r.verdict) && !isViolation(rep.verdict)) {
      rep.verdict = r.verdict;
      rep.input = text;
      rep.result = r;
      if (!options.allInputs)
        break;
    } else if (r.verdict != Verdict::Safe && rep.verdict == Verdict::Safe) {
      rep.verdict = r.verdict;
      rep.input = text;
      rep.result = r;
    }
  }
  // [safety.defined]: no input run is defined, so nothing was checked; not
  // a vacuous SAFE.
  if (rep.verdict == Verdict::Safe && rep.defined == 0 &&
      !rep.excluded.empty()) {
    rep.verdict = Verdict::Unknown;
    rep.input = rep.excluded.front().input;
    rep.result = std::move(firstExcluded);
    rep.result.clause = "[safety.defined]";
    rep.result.message = "no defined input: every input run reaches "
                         "undefined behaviour";
  }
  return rep;
}

} // namespace dealloc
