//===- OutOfMemory.h - An answer when memory runs out -----------*- C++ -*-===//
//
// spec/verification.md [verify.memory]. Where Z3 runs out of memory, the
// check of the function ends UNKNOWN ("out of memory") and the next one is
// checked (Verify/Check/SafetyCheck.cpp). Where an allocation of LLVM's, MLIR's
// or ours fails, the process ends with the answer UNKNOWN for the function
// being checked, if any, printed as any other answer, and exit code 2; answers
// printed before stay valid. Without this, such a failure aborted with
// "LLVM ERROR: out of memory" (exit 134) and no answer.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_OUTOFMEMORY_H
#define DEALLOC_SUPPORT_OUTOFMEMORY_H

#include "dealloc/Support/Verdict.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <new>
#include <string>
#include <sys/resource.h>
#include <system_error>
#include <unistd.h>

namespace dealloc {

/// [verify.memory]: a limit on the address space, so that an encoding that
/// keeps growing (e.g. --unroll 2000 over a loop compared with --equiv)
/// ends in an UNKNOWN answer instead of exhausting the machine: `mb` MiB, 0
/// for none, negative for the default, half the machine's memory. A tighter
/// limit set by the caller (ulimit -v) stays.
inline void limitAddressSpace(int64_t mb) {
  uint64_t want;
  if (mb >= 0) {
    if (mb == 0)
      return;
    want = uint64_t(mb) << 20;
  } else {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
      return;
    want = uint64_t(pages) * uint64_t(size) / 2;
  }
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) != 0)
    return;
  if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur <= want)
    return;
  rl.rlim_cur = want;
  if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want)
    rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_AS, &rl);
}

/// The answer line (text or JSON, as the tool prints answers) for the
/// function being checked, printed if memory runs out before its check ends;
/// empty: nothing is being checked.
inline std::string &pendingAnswer() {
  static std::string answer;
  return answer;
}

/// Prints the pending answer and a message, and exits with ExitUnsure. Does
/// not allocate: the text was formatted before memory ran out.
[[noreturn]] inline void stopOutOfMemory() {
  llvm::outs().flush();
  const std::string &a = pendingAnswer();
  if (!a.empty() && ::write(1, a.data(), a.size()) < 0)
    _exit(ExitUnsure);
  static const char msg[] =
      "error: out of memory; the function being checked is UNKNOWN, "
      "functions not printed were not checked ([verify.memory])\n";
  if (::write(2, msg, sizeof msg - 1) < 0)
    _exit(ExitUnsure);
  _exit(ExitUnsure);
}

/// A failed allocation reaches LLVM's new handler (installed by InitLLVM),
/// which aborts; with this handler it ends the process by stopOutOfMemory.
/// (Throwing std::bad_alloc from it instead, as a new handler may, ended in
/// std::terminate where the allocation was in a noexcept function.)
inline void installOutOfMemoryHandler() {
  llvm::install_bad_alloc_error_handler(
      [](void *, const char *, bool) { stopOutOfMemory(); });
}

/// Whether `e` says memory ran out: Z3 throws "out of memory" (or "max.
/// memory exceeded") under a memory limit.
inline bool saysOutOfMemory(const std::exception &e) {
  return std::strstr(e.what(), "out of memory") ||
         std::strstr(e.what(), "memory exceeded");
}

/// Runs `body`; an exception that says memory ran out (std::bad_alloc, a
/// thread that cannot be made, or Z3's "out of memory") stops the process by
/// `stop` (which does not return).
template <typename Body, typename Stop>
auto stopWhenOutOfMemory(Body body, Stop stop) -> decltype(body()) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    stop();
    throw; // not reached: `stop` does not return
  } catch (const std::system_error &e) {
    // A thread that cannot be made (the solver's watchdog) for lack of it.
    if (e.code() == std::errc::resource_unavailable_try_again)
      stop();
    throw;
  } catch (const std::exception &e) {
    if (saysOutOfMemory(e))
      stop();
    throw;
  }
}
template <typename Body> int stopWhenOutOfMemory(Body body) {
  return stopWhenOutOfMemory(body, [] { stopOutOfMemory(); });
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_OUTOFMEMORY_H
