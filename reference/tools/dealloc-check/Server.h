//===- Server.h - dealloc-check's requests, warm-up and isolation -*- C++
//-*-===//
//
// The parts of dealloc-check around a job (Jobs.h): reading a request line,
// warming up once before the first job, and running a job in a forked child
// with its own time and memory limits (or in this process).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_CHECK_SERVER_H
#define DEALLOC_CHECK_SERVER_H

#include "Jobs.h"
#include "llvm/Support/JSON.h"

namespace dealloc::check {

/// dealloc-check's own options: the defaults of every job.
struct ServerOptions {
  unsigned timeoutMs = 20000; ///< --timeout: solver timeout per query
  unsigned unroll = 4;        ///< --unroll
  unsigned memoryMb = 4096;   ///< --memory-mb: a job's address space
};

/// One request line.
struct Request {
  llvm::json::Value id = nullptr;
  JobKind kind = JobKind::Verify;
  std::vector<JobInput> inputs;
  JobOptions options;
  unsigned memoryMb = 0; ///< address-space limit of the job's child
};

/// The deepest nesting of JSON arrays and objects a request line may have
/// (a request needs 3); deeper is a bad request, answered without parsing.
constexpr unsigned kMaxRequestDepth = 64;

/// Reads one request line (`defaults` for what it does not set); on a
/// malformed one returns the reason. In Request.cpp.
std::string parseRequest(llvm::StringRef line, const ServerOptions &defaults,
                         Request &req);

/// Runs the first `kinds` warm-up jobs (reference, run, verify, equiv);
/// writes a byte to `progressFd` (if >= 0) after each. Returns how many ran.
/// In WarmUp.cpp.
unsigned warmUp(const mlir::DialectRegistry &registry, unsigned kinds,
                int progressFd = -1);
/// How many warm-up jobs run without crashing, tried in a child first.
unsigned safeWarmUpKinds(const mlir::DialectRegistry &registry);

/// A reply line. In Isolation.cpp, as the two ways to run a job:
llvm::json::Object answer(const llvm::json::Value &id, llvm::StringRef status,
                          int exitCode, llvm::StringRef out,
                          llvm::StringRef err, double seconds);
/// In a forked child, killed after `jobTimeout` seconds (0: never).
llvm::json::Object isolated(const Request &req,
                            const mlir::DialectRegistry &registry,
                            unsigned jobTimeout);
/// SIGINT and SIGTERM kill the running job's child, then end the server.
void stopJobsOnSignals();
/// In this process.
llvm::json::Object inProcess(const Request &req,
                             const mlir::DialectRegistry &registry);

} // namespace dealloc::check

#endif // DEALLOC_CHECK_SERVER_H
