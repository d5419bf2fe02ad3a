//===- OverrunGuardTest.cpp - A check that does not stop ends the process -===//
//
// spec/verification.md [verify.timeout.overrun]. No program is known to make
// a check run on past its budget since [verify.encoding.prune], so the
// guard is driven directly: a "check" that sleeps stands for a Z3 call that
// ignores its interrupt.
//
//===----------------------------------------------------------------------===//
#include "dealloc/SMT/OverrunGuard.h"
#include "Check/Overrun.h"
#include "dealloc/SMT/Solver.h"

#include "gtest/gtest.h"

#include <chrono>
#include <thread>
#include <unistd.h>

using namespace dealloc;
using namespace dealloc::smt;

namespace {

void sleepMs(unsigned ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

/// The guard's answer goes to stdout; death tests match stderr.
void stdoutToStderr() { ::dup2(2, 1); }

} // namespace

TEST(OverrunGuardDeathTest, PrintsThePreparedAnswerAndExits2) {
  EXPECT_EXIT(
      {
        stdoutToStderr();
        OverrunGuard g;
        g.prepare("@f: UNKNOWN (prepared)\n", "error: did not stop\n");
        g.arm(100);
        sleepMs(20000);
      },
      ::testing::ExitedWithCode(ExitUnsure),
      "@f: UNKNOWN \\(prepared\\)\nerror: did not stop");
}

TEST(OverrunGuard, DisarmedInTimeDoesNotFire) {
  OverrunGuard g;
  g.prepare("", "error: fired\n");
  for (int i = 0; i < 3; ++i) {
    g.arm(150);
    sleepMs(20);
    g.disarm();
  }
  sleepMs(400);
  SUCCEED();
}

TEST(OverrunGuardDeathTest, AnOutermostBudgetArmsIt) {
  // The budget's own end is 1 ms away; the guard fires overrunGraceMs(1)
  // (10 s) later, with the answer prepareSafetyOverrun formatted.
  EXPECT_EXIT(
      {
        stdoutToStderr();
        OverrunGuard g;
        Budget::guardWith(&g);
        verify::VerifyOptions opts;
        opts.functionTimeoutMs = 1;
        verify::prepareSafetyOverrun("slow", opts, /*json=*/false);
        Budget b(1);
        {
          Budget inner(1); // nested: ends without disarming the outer one
        }
        sleepMs(60000);
      },
      ::testing::ExitedWithCode(ExitUnsure),
      "@slow: UNKNOWN \\(timeout after 1 ms for the function "
      "\\(--function-timeout\\); its check did not stop within 10000 ms more "
      "and the process ended \\(\\[verify.timeout.overrun\\]\\)\\)\n"
      "error: the check of @slow did not stop 10000 ms after its "
      "--function-timeout of 1 ms");
}

TEST(OverrunGuard, GraceIsHalfTheBudgetAndAtLeast10s) {
  EXPECT_EQ(overrunGraceMs(1), 10000u);
  EXPECT_EQ(overrunGraceMs(120000), 60000u);
}
