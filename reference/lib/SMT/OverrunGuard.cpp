//===- OverrunGuard.cpp - Ends the process when a check does not stop ----===//
//
// spec/verification.md [verify.timeout.overrun].
//
//===----------------------------------------------------------------------===//
#include "dealloc/SMT/OverrunGuard.h"

#include "dealloc/Support/Verdict.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <unistd.h>

using namespace dealloc;
using namespace dealloc::smt;

unsigned dealloc::smt::overrunGraceMs(unsigned budgetMs) {
  return std::max(budgetMs / 2, 10000u);
}

OverrunGuard::~OverrunGuard() {
  {
    std::lock_guard<std::mutex> lock(m);
    stop = true;
  }
  cv.notify_one();
  if (thread.joinable())
    thread.join();
}

void OverrunGuard::prepare(std::string a, std::string msg) {
  std::lock_guard<std::mutex> lock(m);
  answer = std::move(a);
  message = std::move(msg);
}

void OverrunGuard::arm(unsigned afterMs) {
  {
    std::lock_guard<std::mutex> lock(m);
    if (!thread.joinable())
      thread = std::thread([this] { loop(); });
    armed = true;
    ++generation;
    deadline = std::chrono::steady_clock::now() +
               std::chrono::milliseconds(afterMs);
  }
  cv.notify_one();
}

void OverrunGuard::disarm() {
  {
    std::lock_guard<std::mutex> lock(m);
    armed = false;
  }
  cv.notify_one();
}

void OverrunGuard::loop() {
  std::unique_lock<std::mutex> lock(m);
  while (true) {
    cv.wait(lock, [&] { return armed || stop; });
    if (stop)
      return;
    unsigned g = generation;
    if (cv.wait_until(lock, deadline,
                      [&] { return stop || !armed || generation != g; }))
      continue;
    // Still armed past the deadline, with the lock held: the checking
    // thread cannot disarm and print meanwhile.
    fire();
  }
}

void OverrunGuard::fire() {
  // The checking thread writes nothing to stdout while armed; what it
  // printed before goes first, so the answers stay in order.
  llvm::outs().flush();
  if (::write(1, answer.data(), answer.size()) < 0 ||
      ::write(2, message.data(), message.size()) < 0)
    _exit(ExitUnsure);
  _exit(ExitUnsure);
}
