//===- Describe.cpp - The tools' contract as JSON (--describe) ------------===//
//
// Printed from the tables the tools decide by (Support/Verdict.def,
// Support/StopKind.h), never from a copy.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/Describe.h"
#include "dealloc/Support/StopKind.h"
#include "dealloc/Support/ToolOutput.h"
#include "dealloc/Support/Verdict.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace dealloc {

static json::Object describeTool(StringRef tool) {
  json::Array verdicts;
  for (const VerdictInfo &v : kVerdicts)
    verdicts.push_back(json::Object{{"name", v.name},
                                    {"violation", v.violation},
                                    {"exit_code", int(v.exitCode)},
                                    {"clause", v.clause}});
  json::Array equiv;
  for (const EquivVerdictInfo &v : kEquivVerdicts)
    equiv.push_back(json::Object{{"name", v.name},
                                 {"exit_code", int(v.exitCode)}});
  json::Object exitCodes;
  for (const ExitCodeInfo &e : kExitCodes)
    exitCodes[std::to_string(int(e.code))] = e.meaning;
  json::Array stops;
  for (const StopKindInfo &k : kStopKinds)
    stops.push_back(json::Object{{"name", k.name},
                                 {"class", k.undefined ? "ub" : "limit"}});
  return json::Object{{"tool", tool},
                      {"schema", kDescribeSchema},
                      {"verdicts", std::move(verdicts)},
                      {"equiv_verdicts", std::move(equiv)},
                      {"exit_codes", std::move(exitCodes)},
                      {"stop_kinds", std::move(stops)}};
}

int printDescription(raw_ostream &os, StringRef tool) {
  os << json::Value(describeTool(tool)) << "\n";
  return ExitOk;
}

} // namespace dealloc
