//===- FindingJson.h - The JSON shapes the tools share ----------*- C++ -*-===//
//
// One builder per JSON object that more than one tool prints, so that
// dealloc-run, dealloc-verify and dealloc-check (which prints what they
// print) use the same field names, the same clause format (e.g. "[heap.leak]")
// and the same location format (`file:line:col`, Support/JsonLocation.h); the
// shapes are documented once, in docs/architecture.md ("Contracts between the
// pieces").
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_FINDINGJSON_H
#define DEALLOC_SUPPORT_FINDINGJSON_H

#include "dealloc/Support/JsonLocation.h"
#include "dealloc/Support/StopKind.h"
#include "llvm/Support/JSON.h"

namespace dealloc {

/// A site where runs stop without a verdict ([safety.defined]: an
/// `"excluded"` site of either tool; [verify.stops]: a `"stops"` site of
/// dealloc-verify): `"kind"` (the stop kind's name, StopKind.h),
/// `"message"` (why the run stops there), `"loc"`, `"input"` (an input
/// whose run stops there) and, if known, `"op"`. Each tool adds its own
/// fields (`"count"`; `"replayed"`, `"run"`, ...).
inline llvm::json::Object stopSiteJson(StopKind kind, llvm::StringRef message,
                                       llvm::StringRef loc, llvm::StringRef op,
                                       llvm::StringRef input) {
  llvm::json::Object o{{"kind", stopKindName(kind).str()},
                       {"message", message.str()},
                       {"loc", jsonLocation(loc)},
                       {"input", input.str()}};
  if (!op.empty())
    o["op"] = op.str();
  return o;
}

/// One event of a run's trace: `"event"` (alloc, free, ..., or the event
/// that ends a run with a violation, Verdict.def), `"buffer"`, `"loc"`.
inline llvm::json::Object traceEventJson(llvm::StringRef event, int64_t buffer,
                                         llvm::StringRef loc) {
  return llvm::json::Object{
      {"event", event.str()}, {"buffer", buffer}, {"loc", jsonLocation(loc)}};
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_FINDINGJSON_H
