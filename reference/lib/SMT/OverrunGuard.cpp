//===- OverrunGuard.cpp - Ends the process when a check does not stop ----===//
//
// docs/verifier-proofs.md [verify.timeout.overrun].
//
//===----------------------------------------------------------------------===//
#include "dealloc/SMT/OverrunGuard.h"
#include "Alarm.h"

#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/Verdict.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <unistd.h>

using namespace dealloc;
using namespace dealloc::smt;

unsigned dealloc::smt::overrunGraceMs(unsigned budgetMs) {
  return std::max(budgetMs / SolverPolicy::overrunGraceDivisor,
                  SolverPolicy::overrunGraceMinMs);
}

OverrunGuard::OverrunGuard()
    : alarm(std::make_unique<Alarm>([this] { fire(); },
                                    std::chrono::milliseconds(100))) {}

OverrunGuard::~OverrunGuard() = default;

void OverrunGuard::prepare(std::string a, std::string msg) {
  answer = std::move(a);
  message = std::move(msg);
}

void OverrunGuard::arm(unsigned afterMs) {
  alarm->arm(std::chrono::milliseconds(afterMs));
}

void OverrunGuard::disarm() { alarm->disarm(); }

void OverrunGuard::fire() {
  // Rung with the alarm's lock held: the checking thread cannot disarm and
  // print meanwhile, and it writes nothing to stdout while armed; what it
  // printed before goes first, so the answers stay in order.
  llvm::outs().flush();
  if (::write(1, answer.data(), answer.size()) < 0 ||
      ::write(2, message.data(), message.size()) < 0)
    _exit(ExitUnsure);
  _exit(ExitUnsure);
}
