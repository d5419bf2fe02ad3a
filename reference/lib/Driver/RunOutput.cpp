//===- RunOutput.cpp - dealloc-run's output -------------------------------===//
//
// spec/safety.md [safety.verdicts] (the report lines), [safety.defined]
// (excluded sites); docs/architecture.md for the JSON fields.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/RunOutput.h"
#include "dealloc/Support/FindingJson.h"
#include "llvm/Support/JSON.h"
#include <limits>

using namespace mlir;

namespace dealloc {

/// A location as MLIR prints it (`loc("file":line:col)`).
static std::string locText(Location loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

static std::string eventText(const TraceEvent &e) {
  std::string b = "buffer #" + std::to_string(e.buffer);
  if (e.event == "alloc")
    return "allocated " + b + " at " + e.loc;
  if (e.event == "arg")
    return b + " is a caller-provided argument buffer, " + e.loc;
  if (e.event == "stack")
    return "allocated stack " + b + " at " + e.loc;
  if (e.event == "global")
    return b + " is the global defined at " + e.loc;
  if (e.event == "free")
    return "freed at " + e.loc;
  if (e.event == "release")
    return "released (its allocation scope ended) at " + e.loc;
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
    os << ", " << e.count << (e.count == 1 ? " input" : " inputs") << ", first "
       << (e.input.empty() ? "\"\"" : e.input) << ": " << e.message << "\n";
  }
}

static llvm::json::Array excludedJson(const FunctionReport &rep) {
  llvm::json::Array a;
  for (const ExcludedSite &e : rep.excluded) {
    llvm::json::Object o =
        stopSiteJson(e.kind, e.message, e.loc, e.op, e.input);
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
         << rep.unsupported->location
         << "\n  reason: " << rep.unsupported->reason << "\n";
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
    o["loc"] = jsonLocation(locText(r.path.stopOp->getLoc()));
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
    o["total_inputs"] =
        rep.totalInputs; // uint64: a saturated count is 2^64 - 1
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

int reportExitCode(const FunctionReport &rep) {
  return exitCodeFor(rep.verdict);
}

/// --events: per input, the run's buffer events in execution order; an
/// allocation names its op's `dealloc.site` attribute if it has one (for
/// differential checks of [equiv.def] between two versions).
static void printEvents(llvm::raw_ostream &os, const FunctionReport &rep) {
  for (const auto &[text, r] : rep.perInput) {
    os << "@" << rep.function << "(" << text << ") events:";
    for (const PathEvent &e : r.path.events) {
      os << " " << e.event << " #" << e.buffer;
      if (e.op)
        if (auto site = e.op->getAttrOfType<mlir::IntegerAttr>("dealloc.site"))
          os << " site " << site.getInt();
      os << ";";
    }
    if (r.path.droppedEvents)
      os << " ... " << r.path.droppedEvents << " more";
    os << "\n";
  }
}

int checkFunctions(
    ModuleOp module, llvm::ArrayRef<func::FuncOp> fns,
    const CheckOptions &options, RunOutputForm form, llvm::raw_ostream &out,
    llvm::raw_ostream &err,
    llvm::function_ref<void(func::FuncOp, const FunctionReport &)> each) {
  bool json = form == RunOutputForm::Json;
  int exitCode = ExitOk;
  for (func::FuncOp fn : fns) {
    llvm::Expected<FunctionReport> report = checkFunction(module, fn, options);
    if (!report) {
      err << "error: " << llvm::toString(report.takeError()) << "\n";
      return ExitBadInput;
    }
    if (options.allInputs) {
      printInputResults(out, *report, json);
      if (form == RunOutputForm::TextWithEvents)
        printEvents(out, *report);
    } else if (json)
      printReportJson(out, *report);
    else
      printReport(out, *report);
    exitCode = combineExitCodes(exitCode, reportExitCode(*report));
    if (each)
      each(fn, *report);
  }
  return exitCode;
}

} // namespace dealloc
