//===- Report.cpp - dealloc-verify's output and its loop over functions ---===//
//
// spec/verification.md [verify.output]: `@f: VERDICT` plus details, or
// ([verify.report.json]) one JSON object per function with dealloc-run's
// field names: "function", "verdict", "seconds" and, where they apply,
// "input", "clause", "message", "op", "loc", "trace" (the replayed run's
// events: "event", "buffer", "loc"), "bound", "summarised" and the stop
// sites ([verify.stops]) "stops", "stops_complete", "stops_cut", and the
// excluded sites ([safety.defined]) "excluded", "excluded_complete",
// "excluded_cut", "defined_undecided".
//
//===----------------------------------------------------------------------===//
#include "Check/Overrun.h"
#include "Check/StopSites.h"
#include "dealloc/SMT/OverrunGuard.h"
#include "dealloc/SMT/Solver.h"
#include "dealloc/Support/FindingJson.h"
#include "dealloc/Verify/Verify.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace dealloc;
using namespace dealloc::verify;

std::string dealloc::verify::clauseOf(llvm::StringRef message) {
  // The last `[a.b...]` citation: lowercase, digits, '_', '-', with a dot.
  size_t end = message.rfind(']');
  while (end != llvm::StringRef::npos) {
    size_t begin = message.rfind('[', end);
    if (begin == llvm::StringRef::npos)
      break;
    llvm::StringRef id = message.slice(begin + 1, end);
    bool ok = id.contains('.') && !id.starts_with(".") && !id.ends_with(".");
    for (char c : id)
      ok &= (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
            c == '_' || c == '-';
    if (ok)
      return message.slice(begin, end + 1).str();
    end = begin == 0 ? llvm::StringRef::npos : message.rfind(']', begin - 1);
  }
  return "";
}

std::string dealloc::verify::withoutClause(llvm::StringRef message,
                                           llvm::StringRef clause) {
  if (clause.empty())
    return message.str();
  std::string suffix = " (" + clause.str() + ")";
  if (message.ends_with(suffix))
    return message.drop_back(suffix.size()).str();
  return message.str();
}

std::string dealloc::verify::jsonWithSeconds(std::string text, double seconds) {
  // llvm::json prints doubles with 17 significant digits; "seconds" is
  // printed with three decimals instead. Of the keys a result can have, only
  // "stops" (and "stops_complete", "stops_cut"), "summarised", "trace" and
  // "verdict" sort after "seconds"; nested objects ("A", "B") sort before
  // them and strings escape their quotes, so the first of the last
  // top-level `,"stops":`, `,"summarised":`, `,"trace":` or `,"verdict":` is
  // the place ("stops" is only on UNKNOWN, "summarised" only on SAFE,
  // "trace" only on violations).
  size_t at = text.rfind(",\"stops\":[");
  if (at == std::string::npos)
    at = text.rfind(",\"summarised\":[");
  if (at == std::string::npos)
    at = text.rfind(",\"trace\":[");
  if (at == std::string::npos)
    at = text.rfind(",\"verdict\":");
  if (at == std::string::npos)
    return text;
  char buf[48];
  snprintf(buf, sizeof buf, ",\"seconds\":%.3f", seconds);
  text.insert(at, buf);
  return text;
}

/// A JSON object's text.
static std::string jsonText(llvm::json::Object o) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(o));
  return text;
}

/// The op an UNSUPPORTED reason names (`'math.absi': op not modelled`).
static std::string opOf(llvm::StringRef reason) {
  if (!reason.consume_front("'"))
    return "";
  size_t q = reason.find('\'');
  return q == llvm::StringRef::npos ? "" : reason.take_front(q).str();
}

void dealloc::verify::printResult(llvm::raw_ostream &os,
                                  const FunctionResult &r, bool json) {
  if (json) {
    llvm::json::Object o;
    o["function"] = r.function;
    o["verdict"] = verdictName(r.verdict).str();
    // [verify.report.json]: also for a bounded or stopped UNKNOWN.
    if (!r.input.empty() || isViolation(r.verdict) || r.bound ||
        !r.stops.empty() ||
        (r.verdict == Verdict::Unknown && !r.excluded.empty()))
      o["input"] = r.input;
    if (!r.reason.empty()) {
      std::string clause = r.verdict == Verdict::Unsupported
                               ? "[verify.unsupported]"
                               : clauseOf(r.reason);
      if (!clause.empty())
        o["clause"] = clause;
      o["message"] = withoutClause(r.reason, clause);
    }
    if (r.verdict == Verdict::Unsupported) {
      std::string op = opOf(r.reason);
      if (!op.empty())
        o["op"] = op;
    }
    if (!r.location.empty())
      o["loc"] = jsonLocation(r.location);
    if (!r.runTrace.empty()) {
      llvm::json::Array t;
      for (const RunEvent &e : r.runTrace)
        t.push_back(traceEventJson(e.event, e.buffer, e.loc));
      o["trace"] = std::move(t);
    }
    if (r.bound)
      o["bound"] = int64_t(*r.bound);
    if (!r.stops.empty()) {
      // [verify.stops]
      o["stops"] = stopSitesJson(r.stops);
      o["stops_complete"] = r.stopsCut.empty();
      if (!r.stopsCut.empty())
        o["stops_cut"] = r.stopsCut;
    }
    if (!r.excluded.empty() || !r.excludedCut.empty())
      addExcludedJson(o, r.excluded, r.excludedCut, r.definedUndecided);
    if (!r.summarised.empty()) {
      llvm::json::Array s;
      for (const std::string &f : r.summarised)
        s.push_back(f);
      o["summarised"] = std::move(s);
    }
    os << jsonWithSeconds(jsonText(std::move(o)), r.seconds) << "\n";
    return;
  }
  os << "@" << r.function << ": " << verdictName(r.verdict);
  switch (r.verdict) {
  case Verdict::Safe:
    if (!r.excluded.empty() || !r.excludedCut.empty())
      os << " (on defined inputs: undefined behaviour excluded, "
            "[safety.defined])";
    break;
  case Verdict::Unsupported:
  case Verdict::Unknown:
    os << " (" << r.reason;
    if (!r.location.empty())
      os << " at " << r.location;
    os << ")";
    break;
  default:
    os << " on input " << quotedInput(r.input) << " (" << r.reason << ")";
    break;
  }
  os << "\n";
  for (const std::string &line : r.trace)
    os << "  " << line << "\n";
  if (!r.stops.empty())
    for (const std::string &line : stopNotes(r))
      os << "  " << line << "\n";
  if (!r.excluded.empty() || !r.excludedCut.empty())
    for (const std::string &line :
         excludedNotes(r.excluded, r.excludedCut, r.definedUndecided))
      os << "  " << line << "\n";
}

void dealloc::verify::emitDiagnostic(const FunctionResult &r) {
  if (r.verdict == Verdict::Safe || !r.diagLoc)
    return;
  std::string text = "@" + r.function + ": " + verdictName(r.verdict).str();
  if (isViolation(r.verdict))
    text += " on input " + quotedInput(r.input);
  text += " (" + r.reason + ")";
  if (isViolation(r.verdict))
    mlir::emitError(*r.diagLoc) << text;
  else
    mlir::emitWarning(*r.diagLoc) << text;
}

void dealloc::verify::prepareOverrun(
    llvm::StringRef function, const VerifyOptions &opts,
    llvm::function_ref<std::string(const std::string &)> answer) {
  smt::OverrunGuard *guard = smt::Budget::guard();
  if (!guard || opts.functionTimeoutMs == 0)
    return;
  std::string grace =
      std::to_string(smt::overrunGraceMs(opts.functionTimeoutMs));
  std::string budget = std::to_string(opts.functionTimeoutMs);
  guard->prepare(
      answer("timeout after " + budget +
             " ms for the function (--function-timeout); its check did not "
             "stop within " +
             grace +
             " ms more and the process ended "
             "([verify.timeout.overrun])"),
      "error: the check of @" + function.str() + " did not stop " + grace +
          " ms after its --function-timeout of " + budget +
          " ms; it is UNKNOWN, functions not printed were not checked "
          "([verify.timeout.overrun])\n");
}

void dealloc::verify::prepareSafetyOverrun(llvm::StringRef function,
                                           const VerifyOptions &opts,
                                           bool json) {
  prepareOverrun(function, opts, [&](const std::string &reason) {
    FunctionResult o;
    o.function = function.str();
    o.verdict = Verdict::Unknown;
    o.reason = reason;
    std::string text;
    llvm::raw_string_ostream ts(text);
    printResult(ts, o, json);
    return ts.str();
  });
}

int dealloc::verify::verifyFunctions(
    mlir::ModuleOp module, llvm::ArrayRef<mlir::func::FuncOp> fns,
    const VerifyOptions &opts, bool json, llvm::raw_ostream &out,
    llvm::function_ref<void(llvm::StringRef)> pending,
    llvm::function_ref<void(mlir::func::FuncOp, const FunctionResult &,
                            llvm::StringRef)>
        done) {
  int exitCode = ExitOk;
  ModuleVerifier verifier(module, opts);
  for (mlir::func::FuncOp fn : fns) {
    // [verify.memory]: the answer if memory runs out during the check.
    FunctionResult oom;
    oom.function = fn.getSymName().str();
    oom.verdict = Verdict::Unknown;
    oom.reason = "out of memory ([verify.memory])";
    std::string line;
    llvm::raw_string_ostream ls(line);
    printResult(ls, oom, json);
    ls.flush();
    pending(line);
    prepareSafetyOverrun(fn.getSymName(), opts, json);
    FunctionResult r = verifier.verify(fn);
    line.clear();
    printResult(ls, r, json);
    ls.flush();
    if (done)
      done(fn, r, line);
    pending("");
    out << line;
    emitDiagnostic(r);
    exitCode = combineExitCodes(exitCode, exitCodeFor(r.verdict));
  }
  return exitCode;
}
