//===- OverrunGuard.h - Ends the process when a check does not stop -*- C++
//-*-===//
//
// spec/verification.md [verify.timeout.overrun]. A function's budget
// (Budget, Solver.h; --function-timeout) is kept by asking no further
// query once it is spent and by interrupting the running one (Watchdog).
// A Z3 check can still run on after an interrupt, and evaluating a model
// cannot be interrupted at all: before [verify.encoding.prune], upstream's
// output of a 400-`scf.if` chain ran 292 s against the default 120 s. The
// guard bounds that. A tool installs one (Budget::guardWith); every
// outermost Budget then arms it for its end plus overrunGraceMs(), and
// disarms it when it ends. Should a check still run then, the guard prints
// the answer the tool prepared for that case (UNKNOWN, the function's
// check did not stop) and ends the process with exit code 2, as
// [verify.memory] does when memory runs out: the answers printed before
// stay valid, the functions not printed were not checked.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SMT_OVERRUNGUARD_H
#define DEALLOC_SMT_OVERRUNGUARD_H

#include <memory>
#include <string>

namespace dealloc::smt {

/// How long a check may run past its budget of `budgetMs` before the guard
/// ends the process: half the budget, and at least 10 s.
unsigned overrunGraceMs(unsigned budgetMs);

class Alarm;

/// While it is armed the tool writes nothing to stdout (it prints an
/// answer once the function's budgets have ended), so the guard's output
/// cannot interleave with it.
class OverrunGuard {
public:
  OverrunGuard();
  ~OverrunGuard();
  OverrunGuard(const OverrunGuard &) = delete;
  OverrunGuard &operator=(const OverrunGuard &) = delete;

  /// What to print should a check overrun: `answer`, a complete answer line
  /// (may be empty), to stdout after what is buffered there, and `message`
  /// to stderr. Set before the checks of a function, while not armed.
  void prepare(std::string answer, std::string message);
  /// If still armed `afterMs` from now, the guard prints the prepared text
  /// and exits the process with exit code 2 (ExitUnsure).
  void arm(unsigned afterMs);
  void disarm();

private:
  [[noreturn]] void fire();
  std::string answer, message;
  std::unique_ptr<Alarm> alarm;
};

} // namespace dealloc::smt

#endif // DEALLOC_SMT_OVERRUNGUARD_H
