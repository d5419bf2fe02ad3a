//===- Report.cpp - dealloc-verify's output -------------------------------===//
//
// spec/verification.md [verify.output]: `@f: VERDICT` plus details, or one
// JSON object per function with "function", "verdict" and, where they apply,
// "input", "trace", "bound", "reason", "location", "seconds".
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/Verify.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace dealloc;
using namespace dealloc::verify;

std::string dealloc::verify::jsonQuote(llvm::StringRef s) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::json::Value(s.str());
  return out;
}

void dealloc::verify::printResult(llvm::raw_ostream &os,
                                  const FunctionResult &r, bool json) {
  if (json) {
    llvm::json::Object o;
    o["function"] = r.function;
    o["verdict"] = verdictName(r.verdict).str();
    if (!r.input.empty())
      o["input"] = r.input;
    if (!r.trace.empty()) {
      llvm::json::Array t;
      for (const std::string &line : r.trace)
        t.push_back(line);
      o["trace"] = std::move(t);
    }
    if (r.bound)
      o["bound"] = int64_t(*r.bound);
    if (!r.reason.empty())
      o["reason"] = r.reason;
    if (!r.location.empty())
      o["location"] = r.location;
    os << llvm::json::Value(std::move(o)) << "\n";
    return;
  }
  os << "@" << r.function << ": " << verdictName(r.verdict);
  switch (r.verdict) {
  case Verdict::Safe:
    break;
  case Verdict::Unsupported:
  case Verdict::Unknown:
    os << " (" << r.reason;
    if (!r.location.empty())
      os << " at " << r.location;
    os << ")";
    break;
  default:
    os << " on input " << (r.input.empty() ? "\"\"" : r.input) << " ("
       << r.reason << ")";
    break;
  }
  os << "\n";
  for (const std::string &line : r.trace)
    os << "  " << line << "\n";
}

void dealloc::verify::emitDiagnostic(const FunctionResult &r) {
  if (r.verdict == Verdict::Safe || !r.diagLoc)
    return;
  std::string text = "@" + r.function + ": " + verdictName(r.verdict).str();
  if (isViolation(r.verdict))
    text += " on input " + (r.input.empty() ? std::string("\"\"") : r.input);
  text += " (" + r.reason + ")";
  if (isViolation(r.verdict))
    mlir::emitError(*r.diagLoc) << text;
  else
    mlir::emitWarning(*r.diagLoc) << text;
}
