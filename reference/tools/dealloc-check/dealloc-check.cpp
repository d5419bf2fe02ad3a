//===- dealloc-check.cpp - Many tool runs in one process (JSON lines) -----===//
//
// dealloc-check [--timeout MS] [--unroll N] [--job-timeout S] [--memory-mb N]
//               [--no-isolation] [--no-warm-up] [--load-dialect-plugin LIB]...
//
// Reads jobs on stdin, one JSON object a line, and answers each with one JSON
// line on stdout, in order. A job replaces one run of a project tool on
// in-memory text, with the same stdout and exit code:
//
//   {"id": 7, "tool": "reference", "inputs": ["module {...}"]}
//       dealloc-opt --reference-buffer-deallocation-pipeline
//   {"id": 8, "tool": "verify", "inputs": [TEXT]}     dealloc-verify --json
//   {"id": 9, "tool": "run", "inputs": [TEXT]}        dealloc-run --json
//   {"id": 10, "tool": "equiv", "inputs": [A, B], "names": ["impl.mlir",
//   "ref.mlir"]}
//                                                     dealloc-verify --equiv
//                                                     --json
//   optional: "names" (file names diagnostics print), "options": {"timeout_ms",
//   "function_timeout_ms", "unroll", "reuse_addresses", "strict_ub",
//   "max_inputs", "max_steps", "pipeline", "memory_mb" (this job's limit
//   instead of --memory-mb)}; an option of another name, of the wrong type or
//   out of range is a bad request
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
// "exit" 2 with the answers so far ([verify.memory]). Each job runs in a forked
// child of the initialized and warmed-up process (crash isolation, per-job time
// and memory limits, start-up paid once). --no-isolation runs jobs in this
// process, several times faster where page faults are expensive (VMs), but a
// crashing job ends the process and --job-timeout / --memory-mb do not apply:
// the client keeps time, limits the process and restarts it
// (harness/dealloc_harness/server.py). A request line longer than
// --max-request-mb (256) MiB or nested deeper than 64 levels, an "id" that is
// not null, a string or an integer, a field of another name or of the wrong
// type ("names": one non-empty string per input) is a bad request; the server
// goes on with the next line. SIGINT / SIGTERM kill the job's child before the
// server ends (by the same signal); a forked job also dies with the server
// (PR_SET_PDEATHSIG) and does not hold the server's stdout: a client reading to
// EOF gets it.
// --load-dialect-plugin LIB (repeatable): every job reads the dialects of
// the plugin library too (as the tools with the same option).
// Exit code of dealloc-check: 0 at the end of stdin, 3 when stdout cannot be
// written (the client is gone), 3 for a bad flag or a plugin that cannot be
// loaded.
//
//===----------------------------------------------------------------------===//
#include "Server.h"

#include "dealloc/Driver/Describe.h"
#include "dealloc/Driver/Plugins.h"
#include "dealloc/Ownership/Passes.h"
#include "dealloc/Support/DeepStack.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/ToolOutput.h"
#include "dealloc/Support/Verdict.h"
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

/// --help lists these only (not LLVM's global options).
static cl::OptionCategory serverCategory("dealloc-check options");
static cl::opt<unsigned>
    timeoutMs("timeout", cl::desc("Default solver timeout per query in ms"),
              cl::init(dealloc::SolverPolicy::defaultTimeoutMs),
              cl::cat(serverCategory));
static cl::opt<unsigned>
    unroll("unroll", cl::desc("Default unroll bound of verify and equiv jobs"),
           cl::init(dealloc::SolverPolicy::defaultUnroll),
           cl::cat(serverCategory));
static cl::opt<unsigned>
    jobTimeout("job-timeout",
               cl::desc("Seconds before a job is killed (0: none)"),
               cl::init(120), cl::cat(serverCategory));
static cl::opt<unsigned>
    memoryMb("memory-mb",
             cl::desc("Address-space limit of a job in MiB (0: none)"),
             cl::init(4096), cl::cat(serverCategory));
static cl::opt<unsigned> maxRequestMb(
    "max-request-mb",
    cl::desc("Longest request line in MiB; longer lines are bad requests"),
    cl::init(256), cl::cat(serverCategory));
static cl::opt<bool>
    noIsolation("no-isolation",
                cl::desc("Run jobs in this process (a crash ends all jobs)"),
                cl::cat(serverCategory));
static cl::opt<bool>
    describe("describe",
             cl::desc("Print the verdicts, exit codes and stop kinds as one "
                      "JSON object and exit"),
             cl::cat(serverCategory));
static cl::list<std::string>
    dialectPlugins(StringRef(dealloc::kDialectPluginOption),
                   cl::value_desc("LIB"), cl::desc(dealloc::kDialectPluginHelp),
                   cl::cat(serverCategory));
static cl::opt<bool>
    noWarmUp("no-warm-up",
             cl::desc("Do not run one job of each kind before reading jobs"),
             cl::cat(serverCategory));

namespace {
enum class LineRead { Ok, TooLong, End };
} // namespace

/// Reads one line of stdin into `line`, keeping at most `max` bytes: a
/// longer line is read to its end and dropped (TooLong), so that a huge
/// request costs no more memory than the limit.
static LineRead readLine(std::string &line, size_t max) {
  line.clear();
  std::streambuf *in = std::cin.rdbuf();
  bool any = false, tooLong = false;
  for (int c; (c = in->sbumpc()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n')
      break;
    if (line.size() < max)
      line.push_back(static_cast<char>(c));
    else
      tooLong = true;
  }
  if (!any)
    return LineRead::End;
  if (tooLong)
    line.clear();
  return tooLong ? LineRead::TooLong : LineRead::Ok;
}

/// A reply for a request that is not run.
static json::Object badRequest(const Request &req, unsigned lineNo,
                               const std::string &why) {
  return answer(req.id, "bad-request", dealloc::ExitBadInput, "",
                "<stdin>:" + std::to_string(lineNo) +
                    ": error: bad request: " + why + "\n",
                0);
}

static int toolMain(int argc, char **argv) {
  // A bad flag or flag value is bad input (exit 3), not a violation (cl's
  // own exit code is 1).
  cl::HideUnrelatedOptions(serverCategory);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "dealloc-check: reference pipeline, dealloc-verify "
          "and dealloc-run jobs as JSON lines\n",
          &llvm::errs()))
    return 3;
  if (describe)
    return dealloc::finishStandardOutput(
        dealloc::printDescription(outs(), "dealloc-check"));
  signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);
  stopJobsOnSignals();
  mlir::registerAllPasses();
  dealloc::registerReferencePasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  if (!dealloc::loadDialectPlugins(dialectPlugins, registry, errs()))
    return dealloc::ExitBadInput;
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
  size_t maxLine = size_t(maxRequestMb) << 20;
  for (unsigned lineNo = 1;; ++lineNo) {
    LineRead got = readLine(line, maxLine);
    if (got == LineRead::End)
      break;
    if (got == LineRead::Ok && StringRef(line).trim().empty())
      continue;
    Request req;
    std::string bad = got == LineRead::TooLong
                          ? "longer than --max-request-mb " +
                                std::to_string(maxRequestMb) + " MiB"
                          : parseRequest(line, defaults, req);
    json::Object reply = !bad.empty()  ? badRequest(req, lineNo, bad)
                         : noIsolation ? inProcess(req, registry)
                                       : isolated(req, registry, jobTimeout);
    outs() << json::Value(std::move(reply)) << "\n";
    // A client gone (a closed stdout) ends the server as the tools end on
    // an output error: exit 3 with a message, not LLVM's fatal error.
    if (int code = dealloc::finishStandardOutput(0))
      return code;
  }
  return 0;
}

/// Everything runs on a thread with a large stack (Support/DeepStack.h).
int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  return dealloc::runWithDeepStack([&] { return toolMain(argc, argv); });
}
