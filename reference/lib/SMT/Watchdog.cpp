//===- Watchdog.cpp - Interrupts a Z3 check past its deadline -------------===//
//
// spec/verification.md [verify.timeout].
//
//===----------------------------------------------------------------------===//
#include "Watchdog.h"

using namespace dealloc::smt;

bool Watchdog::run(unsigned timeoutMs, const std::function<void()> &check) {
  if (timeoutMs == 0) {
    check();
    return false;
  }
  alarm.arm(std::chrono::milliseconds(timeoutMs + 50));
  check();
  bool fired = alarm.disarm();
  if (fired) {
    // The interrupt may have landed after the check returned. Z3 keeps the
    // context cancelled until its next check starts, and a push() before
    // that throws "push canceled" (seen when the process was stopped past
    // the deadline): a check of an empty solver clears it.
    try {
      z3::solver scratch(c, z3::solver::simple());
      scratch.check();
    } catch (const z3::exception &) {
    }
  }
  return fired;
}
