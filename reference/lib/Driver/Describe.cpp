//===- Describe.cpp - The tools' contract as JSON (--describe) ------------===//
//
// Printed from the tables the tools decide by (Support/Verdict.def,
// Support/StopKind.h) and the constants they stop at (Semantics/Heap.h,
// Semantics/CallDepth.h, Semantics/Interpreter.h, Support/SolverPolicy.h),
// never from a copy: spec/tools/limits.py checks the limits the spec states
// against them.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/Describe.h"
#include "dealloc/Driver/Nesting.h"
#include "dealloc/Driver/OptionRanges.h"
#include "dealloc/Semantics/CallDepth.h"
#include "dealloc/Semantics/Heap.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/DeepStack.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/StopKind.h"
#include "dealloc/Support/ToolOutput.h"
#include "dealloc/Support/Verdict.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace dealloc {

/// The limits and defaults a run or a check stops at ([safety.limits]).
static json::Object describeLimits() {
  json::Array intValues;
  for (int64_t v : kIntArgValues)
    intValues.push_back(v);
  using P = SolverPolicy;
  return json::Object{
      {"max_buffer_bytes", kMaxBufferBytes},
      {"max_written_bytes", kMaxTouchedBytes},
      {"max_steps_default", int64_t(RunOptions().maxSteps)},
      {"max_call_depth", int64_t(kMaxCallDepth)},
      {"max_inputs_default", int64_t(CheckOptions().maxInputs)},
      {"int_arg_values", std::move(intValues)},
      {"unroll_default", int64_t(P::defaultUnroll)},
      {"constant_loop_iterations", int64_t(P::maxLiteralIterations)},
      {"timeout_ms_default", int64_t(P::defaultTimeoutMs)},
      {"function_timeout_ms_default", int64_t(P::defaultFunctionTimeoutMs)},
      {"max_stop_sites", int64_t(P::maxStopSites)},
      {"stop_budget_ms", int64_t(P::stopBudgetMs)},
      {"max_arg_extent", P::maxArgExtent},
      {"max_unranked_arg_rank", int64_t(P::maxUnrankedArgRank)},
      {"max_region_depth", int64_t(P::maxRegionDepth)},
      {"stack_bytes", int64_t(kDeepStackBytes)},
      {"min_memory_limit_mib", int64_t(kMinMemoryLimitMb)},
      {"max_text_nesting", int64_t(kMaxNesting)}};
}

static json::Object describeTool(StringRef tool) {
  json::Array verdicts;
  for (const VerdictInfo &v : kVerdicts)
    verdicts.push_back(json::Object{{"name", v.name},
                                    {"violation", v.violation},
                                    {"exit_code", int(v.exitCode)},
                                    {"clause", v.clause}});
  json::Array equiv;
  for (const EquivVerdictInfo &v : kEquivVerdicts)
    equiv.push_back(
        json::Object{{"name", v.name}, {"exit_code", int(v.exitCode)}});
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
                      {"stop_kinds", std::move(stops)},
                      {"limits", describeLimits()}};
}

int printDescription(raw_ostream &os, StringRef tool) {
  os << json::Value(describeTool(tool)) << "\n";
  return ExitOk;
}

} // namespace dealloc
