//===- Watchdog.h - Interrupts a Z3 check past its deadline -----*- C++ -*-===//
//
// Internal to the SMT library (spec/verification.md [verify.timeout]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_SMT_WATCHDOG_H
#define DEALLOC_LIB_SMT_WATCHDOG_H

#include <z3++.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace dealloc::smt {

/// Z3's own timer can miss a check that starts just as a 1 ms timer fires
/// (seen as a hang under load), so from a check's deadline on, the watchdog
/// interrupts the context until the check returns. One thread per context,
/// started at the first timed check and armed per check (not a thread
/// creation and join for each of thousands of small queries).
class Watchdog {
public:
  explicit Watchdog(z3::context &c) : c(c) {}
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;
  /// Runs `check` (a Z3 check in the context) with a deadline `timeoutMs`
  /// (+ 50 ms) away, none if 0. Returns whether the watchdog fired; then
  /// nothing the check returned is to be trusted.
  bool run(unsigned timeoutMs, const std::function<void()> &check);

private:
  void loop();
  z3::context &c;
  std::mutex m;
  std::condition_variable cv;
  /// Whether a check runs under a deadline; `generation` counts the checks
  /// (an armed flag alone would let a check inherit the previous check's
  /// deadline); `fired` whether this check's deadline passed.
  bool armed = false, fired = false, stop = false;
  unsigned generation = 0;
  std::chrono::steady_clock::time_point deadline;
  std::thread thread;
};

} // namespace dealloc::smt

#endif // DEALLOC_LIB_SMT_WATCHDOG_H
