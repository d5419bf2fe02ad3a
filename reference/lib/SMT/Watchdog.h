//===- Watchdog.h - Interrupts a Z3 check past its deadline -----*- C++ -*-===//
//
// Internal to the SMT library (spec/verification.md [verify.timeout]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_SMT_WATCHDOG_H
#define DEALLOC_LIB_SMT_WATCHDOG_H

#include "Alarm.h"

#include <z3++.h>

#include <functional>

namespace dealloc::smt {

/// Z3's own timer can miss a check that starts just as a 1 ms timer fires
/// (seen as a hang under load), so from a check's deadline on, the watchdog
/// interrupts the context every 100 ms until the check returns. One Alarm
/// per context, armed per check.
class Watchdog {
public:
  explicit Watchdog(z3::context &c)
      : c(c), alarm([&c] { c.interrupt(); }, std::chrono::milliseconds(100)) {}
  /// Runs `check` (a Z3 check in the context) with a deadline `timeoutMs`
  /// (+ 50 ms) away, none if 0. Returns whether the watchdog fired; then
  /// nothing the check returned is to be trusted.
  bool run(unsigned timeoutMs, const std::function<void()> &check);

private:
  z3::context &c;
  Alarm alarm;
};

} // namespace dealloc::smt

#endif // DEALLOC_LIB_SMT_WATCHDOG_H
