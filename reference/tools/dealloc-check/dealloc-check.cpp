//===- dealloc-check.cpp - Many tool runs in one process (JSON lines) -----===//
//
// dealloc-check [--timeout MS] [--unroll N] [--job-timeout S] [--memory-mb N]
//               [--no-isolation] [--no-warm-up]
//
// Reads jobs on stdin, one JSON object a line, and answers each with one JSON
// line on stdout, in order. A job replaces one run of a project tool on
// in-memory text, with the same stdout and exit code:
//
//   {"id": 7, "tool": "reference", "inputs": ["module {...}"]}
//       dealloc-opt --reference-buffer-deallocation-pipeline
//   {"id": 8, "tool": "verify", "inputs": [TEXT]}     dealloc-verify --json
//   {"id": 9, "tool": "run", "inputs": [TEXT]}        dealloc-run --json
//   {"id": 10, "tool": "equiv", "inputs": [A, B], "names": ["impl.mlir", "ref.mlir"]}
//                                                     dealloc-verify --equiv --json
//   optional: "names" (file names diagnostics print), "options": {"timeout_ms",
//   "function_timeout_ms", "unroll", "reuse_addresses", "strict_ub", "max_inputs", "max_steps", "pipeline",
//   "memory_mb" (this job's limit instead of --memory-mb)}; an option of
//   another name, of the wrong type or out of range is a bad request
//
//   --describe: prints the verdicts, exit codes and stop kinds as one JSON
//   object (as dealloc-run and dealloc-verify do) and exits 0
//
//   -> {"id": 7, "status": S, "exit": N, "stdout": "...", "stderr": "...",
//       "seconds": F}
//
// status: "ok" (exit 0), "exit" (the tool's non-zero exit code: 1 violation /
// difference, 2 unsupported / unknown, 3 unreadable input), "signal" (the job
// crashed; exit is minus the signal number, stderr has the stack dump),
// "timeout" (killed after --job-timeout), "bad-request" (exit 3; stderr
// names the request line). A verify job that runs out of memory replies
// "exit" 2 with the answers so far ([verify.memory]). Each job runs in a forked child of the initialized
// and warmed-up process (crash isolation, per-job time and memory limits,
// start-up paid once). --no-isolation runs jobs in this process, several
// times faster where page faults are expensive (VMs), but a crashing job ends
// the process and --job-timeout / --memory-mb do not apply: the client keeps
// time, limits the process and restarts it (harness/dealloc_harness/server.py).
// Exit code of dealloc-check: 0 at the end of stdin.
//
//===----------------------------------------------------------------------===//
#include "Server.h"

#include "dealloc/Driver/Describe.h"
#include "dealloc/Ownership/Passes.h"
#include "dealloc/Support/DeepStack.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/Verdict.h"
#include "dealloc/Support/ToolOutput.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <iostream>

using namespace llvm;
using namespace dealloc::check;

static cl::opt<unsigned> timeoutMs("timeout", cl::desc("Default solver timeout per query in ms"), cl::init(dealloc::SolverPolicy::defaultTimeoutMs));
static cl::opt<unsigned> unroll("unroll", cl::desc("Default unroll bound of verify and equiv jobs"), cl::init(dealloc::SolverPolicy::defaultUnroll));
static cl::opt<unsigned> jobTimeout("job-timeout", cl::desc("Seconds before a job is killed (0: none)"), cl::init(120));
static cl::opt<unsigned> memoryMb("memory-mb", cl::desc("Address-space limit of a job in MiB (0: none)"), cl::init(4096));
static cl::opt<bool> noIsolation("no-isolation", cl::desc("Run jobs in this process (a crash ends all jobs)"));
static cl::opt<bool> describe("describe", cl::desc("Print the verdicts, exit codes and stop kinds as one JSON object and exit"));
static cl::opt<bool> noWarmUp("no-warm-up", cl::desc("Do not run one job of each kind before reading jobs"));

static int toolMain(int argc, char **argv) {
  // A bad flag or flag value is bad input (exit 3), not a violation (cl's
  // own exit code is 1).
  if (!cl::ParseCommandLineOptions(argc, argv,
                              "dealloc-check: reference pipeline, dealloc-verify "
                              "and dealloc-run jobs as JSON lines\n", &llvm::errs()))
    return 3;
  if (describe)
    return dealloc::finishStandardOutput(
        dealloc::printDescription(outs(), "dealloc-check"));
  signal(SIGPIPE, SIG_IGN);
  mlir::registerAllPasses();
  dealloc::registerReferencePasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // Warm-up pays first-use costs once for all forked jobs; in-process jobs
  // share them anyway.
  if (!noWarmUp && !noIsolation) {
    unsigned kinds = safeWarmUpKinds(registry);
    if (kinds < 4)
      errs() << "dealloc-check: warning: warm-up job " << kinds + 1
             << " of 4 fails; later kinds run without warm-up\n";
    warmUp(registry, kinds);
  }

  ServerOptions defaults;
  defaults.timeoutMs = timeoutMs;
  defaults.unroll = unroll;
  defaults.memoryMb = memoryMb;
  std::string line;
  for (unsigned lineNo = 1; std::getline(std::cin, line); ++lineNo) {
    if (StringRef(line).trim().empty())
      continue;
    Request req;
    std::string bad = parseRequest(line, defaults, req);
    json::Object reply =
        !bad.empty() ? answer(req.id, "bad-request", dealloc::ExitBadInput, "",
                              "<stdin>:" + std::to_string(lineNo) +
                                  ": error: bad request: " + bad + "\n",
                              0)
        : noIsolation ? inProcess(req, registry)
                      : isolated(req, registry, jobTimeout);
    outs() << json::Value(std::move(reply)) << "\n";
    outs().flush();
  }
  return 0;
}

/// Everything runs on a thread with a large stack (Support/DeepStack.h).
int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  return dealloc::runWithDeepStack([&] { return toolMain(argc, argv); });
}
