//===- Watchdog.cpp - Interrupts a Z3 check past its deadline -------------===//
//
// spec/verification.md [verify.timeout].
//
//===----------------------------------------------------------------------===//
#include "Watchdog.h"

using namespace dealloc::smt;

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(m);
    stop = true;
  }
  cv.notify_one();
  if (thread.joinable())
    thread.join();
}

void Watchdog::loop() {
  std::unique_lock<std::mutex> lock(m);
  while (true) {
    cv.wait(lock, [&] { return armed || stop; });
    if (stop)
      return;
    unsigned g = generation;
    auto over = [&] { return stop || !armed || generation != g; };
    if (cv.wait_until(lock, deadline, over))
      continue;
    fired = true;
    do
      c.interrupt();
    while (!cv.wait_for(lock, std::chrono::milliseconds(100), over));
  }
}

bool Watchdog::run(unsigned timeoutMs, const std::function<void()> &check) {
  if (timeoutMs == 0) {
    check();
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(m);
    if (!thread.joinable())
      thread = std::thread([this] { loop(); });
    armed = true;
    fired = false;
    ++generation;
    deadline = std::chrono::steady_clock::now() +
               std::chrono::milliseconds(timeoutMs + 50);
  }
  cv.notify_one();
  check();
  bool f;
  {
    std::lock_guard<std::mutex> lock(m);
    armed = false;
    f = fired;
  }
  cv.notify_one();
  if (f) {
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
  return f;
}
