//===- Alarm.h - A thread that acts when an armed deadline passes -*- C++
//-*-===//
//
// Internal to the SMT library: the one timer behind the Watchdog (interrupts
// a Z3 check past its deadline, [verify.timeout]) and the OverrunGuard
// (ends the process when a check does not stop, [verify.timeout.overrun]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_SMT_ALARM_H
#define DEALLOC_LIB_SMT_ALARM_H

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace dealloc::smt {

/// One thread, started when the alarm is first armed, and armed per use
/// (not a thread creation and join for each of thousands of small checks).
/// From the deadline on, while still armed, it calls `ring` every `every`.
/// `ring` runs with the alarm's lock held, so disarm() waits for it.
class Alarm {
public:
  Alarm(std::function<void()> ring, std::chrono::milliseconds every)
      : ring(std::move(ring)), every(every) {}
  ~Alarm();
  Alarm(const Alarm &) = delete;
  Alarm &operator=(const Alarm &) = delete;
  void arm(std::chrono::milliseconds after);
  /// Returns whether the alarm rang since it was armed.
  bool disarm();

private:
  void loop();
  /// In a process forked after the thread started: forget the thread.
  void forgetThreadOfParent();
  std::function<void()> ring;
  std::chrono::milliseconds every;
  std::mutex m;
  std::condition_variable cv;
  /// `generation` counts the uses (an armed flag alone would let a use
  /// inherit the previous use's deadline).
  bool armed = false, rang = false, stop = false;
  unsigned generation = 0;
  std::chrono::steady_clock::time_point deadline;
  std::thread thread;
  /// The process the thread runs in (0: no thread).
  int owner = 0;
};

} // namespace dealloc::smt

#endif // DEALLOC_LIB_SMT_ALARM_H
