//===- Jobs.h - One dealloc-check job: a tool run on in-memory text -*- C++
//-*-===//
//
// A job is what one run of dealloc-opt
// --reference-buffer-deallocation-pipeline, dealloc-verify --json, dealloc-run
// --json or dealloc-verify --equiv --json does on its input files, run
// in-process through the project's libraries (Ownership, Verify, Semantics):
// same stdout, same exit code (dealloc/Support/Verdict.h), diagnostics
// collected as stderr text.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_CHECK_JOBS_H
#define DEALLOC_CHECK_JOBS_H

#include "dealloc/Support/SolverPolicy.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace dealloc::check {

/// The job kinds, named after the tool whose run they replace.
enum class JobKind { Reference, Verify, Run, Equiv };

/// Parses "reference" / "verify" / "run" / "equiv"; false if unknown.
bool parseJobKind(llvm::StringRef name, JobKind &kind);
/// How many input texts a job kind reads (equiv: 2, others: 1).
unsigned inputCount(JobKind kind);

/// The options of the replaced tools that the harness uses.
struct JobOptions {
  /// dealloc-verify --timeout, --function-timeout, --unroll.
  unsigned verifyTimeoutMs = SolverPolicy::defaultTimeoutMs;
  unsigned verifyFunctionTimeoutMs = SolverPolicy::defaultFunctionTimeoutMs;
  unsigned unroll = SolverPolicy::defaultUnroll;
  bool reuseAddresses = false; ///< --reuse-addresses (verify, run)
  bool strictUB = false;       ///< --strict-ub (verify, run, equiv)
  uint64_t maxInputs = 4096;   ///< dealloc-run --max-inputs
  uint64_t maxSteps = 1000000; ///< dealloc-run --max-steps
  /// The pass pipeline of a reference job, nested under builtin.module.
  std::string pipeline = "reference-buffer-deallocation-pipeline";
};

/// One named input text (the name is what diagnostics print as file name).
struct JobInput {
  std::string name;
  std::string text;
};

/// What the replaced tool would have printed and returned.
struct JobOutput {
  int exitCode = 0;
  std::string out;
  std::string err;
};

/// A verify job's answer should memory run out in the middle of it
/// ([verify.memory], as dealloc-verify prints it): the answers printed so
/// far and the UNKNOWN of the function being checked, kept as JSON string
/// contents (escaped) so that the out-of-memory handler of a forked job can
/// write its reply without allocating. Both empty outside a verify job.
struct PendingVerifyAnswer {
  std::string escapedOut, escapedPending;
};
PendingVerifyAnswer &pendingVerifyAnswer();

/// Runs one job. `registry` holds every upstream dialect and extension.
JobOutput runJob(JobKind kind, const std::vector<JobInput> &inputs,
                 const JobOptions &options,
                 const mlir::DialectRegistry &registry);

} // namespace dealloc::check

#endif // DEALLOC_CHECK_JOBS_H
