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
#include "Jobs.h"

#include "dealloc/Driver/Describe.h"
#include "dealloc/Support/ToolOutput.h"
#include "dealloc/Ownership/Passes.h"
#include "dealloc/Support/DeepStack.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/Verdict.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "llvm/Support/CommandLine.h"
#include "dealloc/Support/OutOfMemory.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <limits>
#include <type_traits>
#include <fcntl.h>
#include <iostream>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace dealloc::check;

static cl::opt<unsigned> timeoutMs("timeout", cl::desc("Default solver timeout per query in ms"), cl::init(dealloc::SolverPolicy::defaultTimeoutMs));
static cl::opt<unsigned> unroll("unroll", cl::desc("Default unroll bound of verify and equiv jobs"), cl::init(dealloc::SolverPolicy::defaultUnroll));
static cl::opt<unsigned> jobTimeout("job-timeout", cl::desc("Seconds before a job is killed (0: none)"), cl::init(120));
static cl::opt<unsigned> memoryMb("memory-mb", cl::desc("Address-space limit of a job in MiB (0: none)"), cl::init(4096));
static cl::opt<bool> noIsolation("no-isolation", cl::desc("Run jobs in this process (a crash ends all jobs)"));
static cl::opt<bool> describe("describe", cl::desc("Print the verdicts, exit codes and stop kinds as one JSON object and exit"));
static cl::opt<bool> noWarmUp("no-warm-up", cl::desc("Do not run one job of each kind before reading jobs"));

namespace {

/// A small program with the ops generated programs use most, run once per
/// job kind before the first job: first-use initialization (lazy symbol
/// binding, dialect and interface set-up, the solver) then happens once in
/// this process instead of once in every forked job.
const char *const kWarmUpProgram = R"mlir(
func.func private @helper(%m: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %r = arith.select %c, %a, %m : memref<4xf32>
  return %r : memref<4xf32>
}
func.func @warm(%arg: memref<4xf32>, %c: i1, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() {dealloc.site = 1 : i64} : memref<4xf32>
  %s = memref.alloca() {dealloc.site = 2 : i64} : memref<4xf32>
  memref.store %cst, %a[%c0] : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %x = memref.load %v[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %i = scf.if %c -> (memref<4xf32>) {
    %b = memref.alloc() {dealloc.site = 3 : i64} : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  %f = scf.for %k = %c0 to %n step %c1 iter_args(%it = %i) -> (memref<4xf32>) {
    %t = bufferization.clone %it {dealloc.site = 4 : i64} : memref<4xf32> to memref<4xf32>
    scf.yield %t : memref<4xf32>
  }
  %w:2 = scf.while (%wa = %f, %wi = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
    %wc = arith.cmpi slt, %wi, %n : index
    scf.condition(%wc) %wa, %wi : memref<4xf32>, index
  } do {
  ^bb0(%wb: memref<4xf32>, %wj: index):
    %wk = arith.addi %wj, %c1 : index
    scf.yield %wb, %wk : memref<4xf32>, index
  }
  memref.copy %s, %w#0 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2(%a : memref<4xf32>)
^bb1:
  %h = func.call @helper(%w#0, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  cf.br ^bb2(%h : memref<4xf32>)
^bb2(%j: memref<4xf32>):
  return %j : memref<4xf32>
}
)mlir";

/// Runs the first `kinds` warm-up jobs (reference, run, verify, equiv);
/// writes a byte to `progressFd` (if >= 0) after each. Returns how many ran.
unsigned warmUp(const mlir::DialectRegistry &registry, unsigned kinds,
                int progressFd = -1) {
  JobOptions options;
  // No solver timeout: Z3 runs timeouts on timer threads, which a fork would
  // not copy; with none started, the forked jobs start their own.
  options.verifyTimeoutMs = 0;
  options.verifyFunctionTimeoutMs = 0;
  JobInput out{"warm-up.mlir", kWarmUpProgram};
  const JobKind order[] = {JobKind::Reference, JobKind::Run, JobKind::Verify,
                           JobKind::Equiv};
  unsigned done = 0;
  for (; done < kinds && done < 4; ++done) {
    std::vector<JobInput> inputs = {out};
    if (order[done] == JobKind::Equiv)
      inputs.push_back(out);
    JobOutput r = runJob(order[done], inputs, options, registry);
    if (order[done] == JobKind::Reference && r.exitCode == 0)
      out.text = r.out;
    if (progressFd >= 0 && write(progressFd, "+", 1) != 1)
      break;
  }
  return done;
}

/// How many warm-up jobs run without crashing, tried in a child first: a
/// library that crashes on the warm-up program must not take this process
/// down (then the jobs of that kind and later kinds run cold).
unsigned safeWarmUpKinds(const mlir::DialectRegistry &registry) {
  int progress[2];
  if (pipe(progress) != 0)
    return 0;
  pid_t pid = fork();
  if (pid == 0) {
    close(progress[0]);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, STDERR_FILENO);
    alarm(60);
    warmUp(registry, 4, progress[1]);
    _exit(0);
  }
  close(progress[1]);
  unsigned ok = 0;
  char byte;
  while (pid > 0 && read(progress[0], &byte, 1) == 1)
    ++ok;
  close(progress[0]);
  int status = 0;
  if (pid > 0)
    waitpid(pid, &status, 0);
  return ok;
}

struct Request {
  json::Value id = nullptr;
  JobKind kind = JobKind::Verify;
  std::vector<JobInput> inputs;
  JobOptions options;
  unsigned memoryMb = 0; ///< address-space limit of the job's child
};

/// Reads one request; on a malformed one returns the reason.
std::string parseRequest(StringRef line, Request &req) {
  Expected<json::Value> value = json::parse(line);
  if (!value)
    return "not JSON: " + toString(value.takeError());
  json::Object *obj = value->getAsObject();
  if (!obj)
    return "not a JSON object";
  if (const json::Value *id = obj->get("id"))
    req.id = *id;
  std::optional<StringRef> tool = obj->getString("tool");
  if (!tool || !parseJobKind(*tool, req.kind))
    return "\"tool\" must be one of reference, verify, run, equiv";
  const json::Array *inputs = obj->getArray("inputs");
  if (!inputs || inputs->size() != inputCount(req.kind))
    return "\"inputs\" must be a list of " +
           std::to_string(inputCount(req.kind)) + " MLIR text(s)";
  const json::Array *names = obj->getArray("names");
  for (size_t i = 0; i < inputs->size(); ++i) {
    std::optional<StringRef> text = (*inputs)[i].getAsString();
    if (!text)
      return "\"inputs\" must hold strings";
    std::string name = "input" + std::to_string(i) + ".mlir";
    if (names && i < names->size() && (*names)[i].getAsString())
      name = (*names)[i].getAsString()->str();
    req.inputs.push_back({name, text->str()});
  }
  JobOptions &o = req.options;
  req.memoryMb = memoryMb;
  o.verifyTimeoutMs = timeoutMs;
  o.unroll = unroll;
  const json::Value *optsValue = obj->get("options");
  if (!optsValue)
    return "";
  const json::Object *opts = optsValue->getAsObject();
  if (!opts)
    return "\"options\" must be an object";
  // Values of the wrong type or out of range are bad requests, as the
  // command-line tools reject them (they were ignored, or wrapped around).
  std::string bad;
  auto count = [&](StringRef key, uint64_t max, auto &dst, int64_t min = 0) {
    const json::Value *v = opts->get(key);
    if (!v || !bad.empty())
      return;
    std::optional<int64_t> i = v->getAsInteger();
    if (!i || *i < min || uint64_t(*i) > max)
      bad = "\"options\".\"" + key.str() + "\" must be an integer from " +
            std::to_string(min) + " to " + std::to_string(max);
    else
      dst = static_cast<std::remove_reference_t<decltype(dst)>>(*i);
  };
  constexpr uint64_t kUnsigned = std::numeric_limits<unsigned>::max();
  count("timeout_ms", kUnsigned, o.verifyTimeoutMs);
  count("function_timeout_ms", kUnsigned, o.verifyFunctionTimeoutMs);
  count("unroll", kUnsigned, o.unroll);
  count("max_inputs", std::numeric_limits<int64_t>::max(), o.maxInputs, 1);
  count("max_steps", std::numeric_limits<int64_t>::max(), o.maxSteps);
  count("memory_mb", kUnsigned, req.memoryMb);
  auto flag = [&](StringRef key, bool &dst) {
    if (const json::Value *v = opts->get(key)) {
      if (auto b = v->getAsBoolean())
        dst = *b;
      else if (bad.empty())
        bad = "\"options\".\"" + key.str() + "\" must be true or false";
    }
  };
  flag("reuse_addresses", o.reuseAddresses);
  flag("strict_ub", o.strictUB);
  if (const json::Value *v = opts->get("pipeline")) {
    if (auto s = v->getAsString())
      o.pipeline = s->str();
    else if (bad.empty())
      bad = "\"options\".\"pipeline\" must be a string";
  }
  for (const auto &kv : *opts) {
    StringRef key = kv.first;
    if (bad.empty() &&
        !llvm::is_contained({"timeout_ms", "function_timeout_ms", "unroll",
                             "max_inputs", "max_steps", "memory_mb",
                             "reuse_addresses", "strict_ub", "pipeline"},
                            key))
      bad = "unknown option \"" + key.str() + "\"";
  }
  return bad;
}

json::Object answer(const json::Value &id, StringRef status, int exitCode,
                    StringRef out, StringRef err, double seconds) {
  auto text = [](StringRef s) {
    return json::isUTF8(s) ? s.str() : json::fixUTF8(s);
  };
  return json::Object{{"id", id},           {"status", status},
                      {"exit", exitCode},   {"stdout", text(out)},
                      {"stderr", text(err)}, {"seconds", seconds}};
}

StringRef statusOf(int exitCode) { return exitCode == 0 ? "ok" : "exit"; }

/// Reads everything from `fds` until EOF on all of them or the deadline;
/// false on the deadline.
bool drain(int outFd, int errFd, std::string &out, std::string &err,
           std::chrono::steady_clock::time_point deadline, bool limited) {
  struct pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
  std::string *bufs[2] = {&out, &err};
  int open = 2;
  char chunk[65536];
  while (open > 0) {
    int wait = -1;
    if (limited) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0)
        return false;
      wait = static_cast<int>(left.count());
    }
    int n = poll(fds, 2, wait);
    if (n < 0 && errno == EINTR)
      continue;
    if (n == 0)
      return false;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t got = read(fds[i].fd, chunk, sizeof(chunk));
      if (got > 0) {
        // The crash stack dump is kept short; a job's answer in full.
        if (i == 0 || bufs[i]->size() < (1u << 16))
          bufs[i]->append(chunk, got);
      } else if (got == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open;
      }
    }
  }
  return true;
}

/// Writes all of `text` to `fd` (without allocating); false on failure.
static bool writeAll(int fd, const char *text, size_t size) {
  for (size_t done = 0; done < size;) {
    ssize_t n = write(fd, text + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += n;
  }
  return true;
}

/// The forked job's reply fd, for its out-of-memory handler.
static int replyFd = -1;

/// [verify.memory] in a job: memory ran out. A verify job replies what
/// dealloc-verify prints then (the answers so far and UNKNOWN for the
/// function being checked, exit 2); other jobs end without an answer, as
/// before. Does not allocate (pendingVerifyAnswer() is kept escaped).
[[noreturn]] static void jobOutOfMemory() {
  const dealloc::check::PendingVerifyAnswer &p =
      dealloc::check::pendingVerifyAnswer();
  if (p.escapedPending.empty())
    _exit(dealloc::ExitUnsure);
  static const char head[] =
      "{\"exit\":2,\"stderr\":\"error: out of memory; the function being "
      "checked is UNKNOWN, functions not printed were not checked "
      "([verify.memory])\\n\",\"stdout\":\"";
  static const char tail[] = "\"}";
  bool ok = writeAll(replyFd, head, sizeof head - 1) &&
            writeAll(replyFd, p.escapedOut.data(), p.escapedOut.size()) &&
            writeAll(replyFd, p.escapedPending.data(),
                     p.escapedPending.size()) &&
            writeAll(replyFd, tail, sizeof tail - 1);
  _exit(ok ? 0 : dealloc::ExitUnsure);
}

/// The child's side: run the job, write {"exit","stdout","stderr"} to `fd`.
[[noreturn]] void child(const Request &req, const mlir::DialectRegistry &registry,
                        int fd) {
  replyFd = fd;
  llvm::remove_bad_alloc_error_handler();
  llvm::install_bad_alloc_error_handler(
      [](void *, const char *, bool) { jobOutOfMemory(); });
  if (req.memoryMb) {
    rlim_t bytes = static_cast<rlim_t>(req.memoryMb) << 20;
    struct rlimit lim = {bytes, bytes};
    setrlimit(RLIMIT_AS, &lim);
  }
  JobOutput r = dealloc::stopWhenOutOfMemory(
      [&] { return runJob(req.kind, req.inputs, req.options, registry); },
      [] { jobOutOfMemory(); });
  std::string text;
  raw_string_ostream os(text);
  os << json::Value(answer(nullptr, "", r.exitCode, r.out, r.err, 0));
  os.flush();
  _exit(writeAll(fd, text.data(), text.size()) ? 0 : dealloc::ExitBadInput);
}

json::Object isolated(const Request &req, const mlir::DialectRegistry &registry) {
  auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
        .count();
  };
  int outPipe[2], errPipe[2];
  if (pipe(outPipe) != 0 || pipe(errPipe) != 0)
    return answer(req.id, "signal", -SIGPIPE, "", "error: pipe failed\n", 0);
  outs().flush();
  errs().flush();
  pid_t pid = fork();
  if (pid < 0)
    return answer(req.id, "signal", -SIGCHLD, "", "error: fork failed\n", 0);
  if (pid == 0) {
    close(outPipe[0]);
    close(errPipe[0]);
    dup2(errPipe[1], STDERR_FILENO);
    close(errPipe[1]);
    child(req, registry, outPipe[1]);
  }
  close(outPipe[1]);
  close(errPipe[1]);
  std::string out, err;
  bool inTime = drain(outPipe[0], errPipe[0], out, err,
                      start + std::chrono::seconds(jobTimeout), jobTimeout > 0);
  if (!inTime)
    kill(pid, SIGKILL);
  close(outPipe[0]);
  close(errPipe[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!inTime)
    return answer(req.id, "timeout", -SIGKILL, "",
                  "error: job killed after " + std::to_string(jobTimeout) +
                      " s\n" + err,
                  seconds());
  if (WIFSIGNALED(status))
    return answer(req.id, "signal", -WTERMSIG(status), "", err, seconds());
  Expected<json::Value> reply = json::parse(out);
  json::Object *obj = reply ? reply->getAsObject() : nullptr;
  if (!reply)
    consumeError(reply.takeError());
  if (!obj || WEXITSTATUS(status) != 0)
    return answer(req.id, "signal", -SIGABRT, "",
                  "error: the job ended without an answer\n" + err, seconds());
  int exitCode = static_cast<int>(obj->getInteger("exit").value_or(dealloc::ExitBadInput));
  return answer(req.id, statusOf(exitCode), exitCode,
                obj->getString("stdout").value_or(""),
                obj->getString("stderr").value_or("").str() + err, seconds());
}

json::Object inProcess(const Request &req, const mlir::DialectRegistry &registry) {
  auto start = std::chrono::steady_clock::now();
  JobOutput r = runJob(req.kind, req.inputs, req.options, registry);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                    .count();
  return answer(req.id, statusOf(r.exitCode), r.exitCode, r.out, r.err, secs);
}

} // namespace

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

  std::string line;
  for (unsigned lineNo = 1; std::getline(std::cin, line); ++lineNo) {
    if (StringRef(line).trim().empty())
      continue;
    Request req;
    std::string bad = parseRequest(line, req);
    json::Object reply =
        !bad.empty() ? answer(req.id, "bad-request", dealloc::ExitBadInput, "",
                              "<stdin>:" + std::to_string(lineNo) +
                                  ": error: bad request: " + bad + "\n",
                              0)
        : noIsolation ? inProcess(req, registry)
                      : isolated(req, registry);
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
