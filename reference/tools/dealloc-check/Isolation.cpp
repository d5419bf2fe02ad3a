//===- Isolation.cpp - A dealloc-check job in a forked child or in process
//-===//
//
// Crash isolation, per-job time and memory limits, and the reply of a job
// that runs out of memory ([verify.memory]).
//
//===----------------------------------------------------------------------===//
#include "Server.h"

#include "dealloc/Support/OutOfMemory.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace dealloc::check;

json::Object dealloc::check::answer(const json::Value &id, StringRef status,
                                    int exitCode, StringRef out, StringRef err,
                                    double seconds) {
  auto text = [](StringRef s) {
    return json::isUTF8(s) ? s.str() : json::fixUTF8(s);
  };
  return json::Object{{"id", id},
                      {"status", status},
                      {"exit", exitCode},
                      {"stdout", text(out)},
                      {"stderr", text(err)},
                      {"seconds", seconds}};
}

static StringRef statusOf(int exitCode) {
  return exitCode == 0 ? "ok" : "exit";
}

/// Reads everything from `fds` until EOF on all of them or the deadline;
/// false on the deadline.
static bool drain(int outFd, int errFd, std::string &out, std::string &err,
                  std::chrono::steady_clock::time_point deadline,
                  bool limited) {
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

/// The child running a job now (0: none), for the signal handler.
static volatile sig_atomic_t runningChild = 0;

static void stopOnSignal(int sig) {
  pid_t pid = runningChild;
  if (pid > 0)
    kill(pid, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

void dealloc::check::stopJobsOnSignals() {
  struct sigaction sa = {};
  sa.sa_handler = stopOnSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

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
  bool ok =
      writeAll(replyFd, head, sizeof head - 1) &&
      writeAll(replyFd, p.escapedOut.data(), p.escapedOut.size()) &&
      writeAll(replyFd, p.escapedPending.data(), p.escapedPending.size()) &&
      writeAll(replyFd, tail, sizeof tail - 1);
  _exit(ok ? 0 : dealloc::ExitUnsure);
}

/// The child's side: run the job, write {"exit","stdout","stderr"} to `fd`.
[[noreturn]] static void child(const Request &req,
                               const mlir::DialectRegistry &registry, int fd) {
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

json::Object dealloc::check::isolated(const Request &req,
                                      const mlir::DialectRegistry &registry,
                                      unsigned jobTimeout) {
  auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
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
    // The job dies with the server, and does not hold the client's pipe
    // (the server's stdout) open.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (int null = open("/dev/null", O_RDWR); null >= 0) {
      dup2(null, STDIN_FILENO);
      dup2(null, STDOUT_FILENO);
      close(null);
    }
    close(outPipe[0]);
    close(errPipe[0]);
    dup2(errPipe[1], STDERR_FILENO);
    close(errPipe[1]);
    child(req, registry, outPipe[1]);
  }
  runningChild = pid;
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
  runningChild = 0;
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
  int exitCode =
      static_cast<int>(obj->getInteger("exit").value_or(dealloc::ExitBadInput));
  return answer(req.id, statusOf(exitCode), exitCode,
                obj->getString("stdout").value_or(""),
                obj->getString("stderr").value_or("").str() + err, seconds());
}

json::Object dealloc::check::inProcess(const Request &req,
                                       const mlir::DialectRegistry &registry) {
  auto start = std::chrono::steady_clock::now();
  JobOutput r = runJob(req.kind, req.inputs, req.options, registry);
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return answer(req.id, statusOf(r.exitCode), r.exitCode, r.out, r.err, secs);
}
