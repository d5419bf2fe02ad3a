//===- Report.cpp - Checking a function over its inputs, and output -------===//
//
// spec/safety.md: [safety.verdicts] (verdict per function, precedence),
// [safety.first], [input.cap]; the output formats of dealloc-run.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/FindingJson.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <limits>

using namespace mlir;

namespace dealloc {

std::vector<func::FuncOp> publicFunctions(ModuleOp module) {
  std::vector<func::FuncOp> out;
  for (auto fn : module.getOps<func::FuncOp>())
    if (fn.isPublic() && !fn.isDeclaration())
      out.push_back(fn);
  return out;
}

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
      rep.unsupported = UnsupportedOp{"func.func", "", llvm::toString(all.takeError())};
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

static std::string eventText(const TraceEvent &e) {
  std::string b = "buffer #" + std::to_string(e.buffer);
  if (e.event == "alloc") return "allocated " + b + " at " + e.loc;
  if (e.event == "arg") return b + " is a caller-provided argument buffer, " + e.loc;
  if (e.event == "stack") return "allocated stack " + b + " at " + e.loc;
  if (e.event == "global") return b + " is the global defined at " + e.loc;
  if (e.event == "free") return "freed at " + e.loc;
  if (e.event == "release") return "released (its function returned) at " + e.loc;
  // The event that ends a run with a violation (Verdict.def).
  if (const VerdictInfo *v = verdictOfEvent(e.event))
    return std::string(v->reportText) + " at " + e.loc;
  return e.event + " at " + e.loc;
}

static void printRunDetails(llvm::raw_ostream &os, const RunResult &r) {
  if (r.verdict == Verdict::Safe && !r.aborted)
    return;
  os << "  reason: ";
  if (!r.clause.empty())
    os << r.clause << " ";
  os << r.message << "\n";
  if (r.trace.empty())
    return;
  os << "  trace:\n";
  for (const TraceEvent &e : r.trace)
    os << "    " << eventText(e) << "\n";
}

/// The excluded inputs' lines: `  excluded: KIND at LOC ('op'), N inputs,
/// first X: message` ([safety.defined]).
static void printExcluded(llvm::raw_ostream &os, const FunctionReport &rep) {
  for (const ExcludedSite &e : rep.excluded) {
    os << "  excluded: " << stopKindName(e.kind) << " at " << e.loc;
    if (!e.op.empty())
      os << " ('" << e.op << "')";
    os << ", " << e.count << (e.count == 1 ? " input" : " inputs")
       << ", first " << (e.input.empty() ? "\"\"" : e.input) << ": "
       << e.message << "\n";
  }
}

static llvm::json::Array excludedJson(const FunctionReport &rep) {
  llvm::json::Array a;
  for (const ExcludedSite &e : rep.excluded) {
    llvm::json::Object o = stopSiteJson(e.kind, e.message, e.loc, e.op, e.input);
    o["count"] = static_cast<int64_t>(e.count);
    a.push_back(std::move(o));
  }
  return a;
}

void printReport(llvm::raw_ostream &os, const FunctionReport &rep) {
  os << "@" << rep.function << ": " << verdictName(rep.verdict);
  if (rep.unsupported) {
    if (rep.unsupported->location.empty())
      os << ": " << rep.unsupported->reason << "\n";
    else
      os << " '" << rep.unsupported->opName << "' at "
         << rep.unsupported->location << "\n  reason: "
         << rep.unsupported->reason << "\n";
    return;
  }
  os << " (" << rep.inputsRun << (rep.inputsRun == 1 ? " input" : " inputs");
  if (rep.capped) {
    // The count saturates: 2^64 - 1 stands for "at least that many".
    os << ", capped at " << rep.inputsRun << " of ";
    if (rep.totalInputs == std::numeric_limits<uint64_t>::max())
      os << "2^64 or more";
    else
      os << rep.totalInputs;
  }
  if (rep.aborted)
    os << ", " << rep.aborted << " aborted by cf.assert";
  bool listExcluded = !rep.excluded.empty() && !isViolation(rep.verdict);
  if (listExcluded) {
    uint64_t n = 0;
    for (const ExcludedSite &e : rep.excluded)
      n += e.count;
    os << ", " << n << " excluded: undefined behaviour";
  }
  os << ")";
  if (rep.verdict == Verdict::Unknown || rep.verdict == Verdict::Unsupported)
    os << ": " << rep.result.message;
  os << "\n";
  if (rep.verdict != Verdict::Safe) {
    os << "  input: " << rep.input << "\n";
    if (rep.verdict != Verdict::Unknown && rep.verdict != Verdict::Unsupported)
      printRunDetails(os, rep.result);
  }
  if (listExcluded)
    printExcluded(os, rep);
}

static llvm::json::Array traceJson(const RunResult &r) {
  llvm::json::Array a;
  for (const TraceEvent &e : r.trace)
    a.push_back(traceEventJson(e.event, e.buffer, e.loc));
  return a;
}

static void addRun(llvm::json::Object &o, const RunResult &r) {
  if (!r.clause.empty())
    o["clause"] = r.clause;
  // A run that stops without a verdict: the op it stopped at
  // ([safety.verdicts]).
  if (r.verdict == Verdict::Unknown && r.path.stopOp) {
    o["op"] = r.path.stopOp->getName().getStringRef().str();
    o["loc"] = jsonLocation(printLoc(r.path.stopOp->getLoc()));
  }
  if (!r.message.empty())
    o["message"] = r.message;
  if (!r.trace.empty())
    o["trace"] = traceJson(r);
}

void printReportJson(llvm::raw_ostream &os, const FunctionReport &rep) {
  llvm::json::Object o{{"function", rep.function},
                       {"verdict", verdictName(rep.verdict)}};
  if (rep.unsupported) {
    o["op"] = rep.unsupported->opName;
    o["loc"] = jsonLocation(rep.unsupported->location);
    o["message"] = rep.unsupported->reason;
    o["clause"] = "[op.unsupported]";
    o["inputs"] = 0;
  } else {
    o["inputs"] = static_cast<int64_t>(rep.inputsRun);
    o["total_inputs"] = rep.totalInputs;   // uint64: a saturated count is 2^64 - 1
    o["capped"] = rep.capped;
    o["aborted"] = static_cast<int64_t>(rep.aborted);
    if (!rep.excluded.empty() && !isViolation(rep.verdict)) {
      o["defined_inputs"] = static_cast<int64_t>(rep.defined);
      o["excluded"] = excludedJson(rep);
    }
    if (rep.verdict != Verdict::Safe) {
      o["input"] = rep.input;
      addRun(o, rep.result);
    }
  }
  os << llvm::json::Value(std::move(o)) << "\n";
}

void printInputResults(llvm::raw_ostream &os, const FunctionReport &rep,
                       bool json) {
  if (rep.unsupported) {
    json ? printReportJson(os, rep) : printReport(os, rep);
    return;
  }
  for (const auto &[text, r] : rep.perInput) {
    if (json) {
      llvm::json::Object o{{"function", rep.function},
                           {"input", text},
                           {"verdict", verdictName(r.verdict)},
                           {"aborted", r.aborted}};
      addRun(o, r);
      if (isExcluded(r, rep.strictUB))
        o["excluded"] = true;
      os << llvm::json::Value(std::move(o)) << "\n";
      continue;
    }
    os << "@" << rep.function << "(" << text << "): " << verdictName(r.verdict);
    if (r.aborted)
      os << " (aborted by cf.assert)";
    if (isExcluded(r, rep.strictUB))
      os << " (excluded: undefined behaviour)";
    os << "\n";
    printRunDetails(os, r);
  }
}

int reportExitCode(const FunctionReport &rep) { return exitCodeFor(rep.verdict); }

} // namespace dealloc
