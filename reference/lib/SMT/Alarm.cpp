//===- Alarm.cpp - A thread that acts when an armed deadline passes -------===//
#include "Alarm.h"

#include <new>
#include <unistd.h>

using namespace dealloc::smt;

void Alarm::forgetThreadOfParent() {
  if (owner == 0 || owner == getpid())
    return;
  // A forked child (dealloc-check's jobs) has the alarm's memory but not
  // its thread: joining it waited forever (a job out of memory unwinding
  // its solver context never answered), and an armed alarm never rang.
  // The handle, and a lock the thread may have held at the fork, are
  // dropped without use (a leak of a few bytes per fork); a new thread is
  // started when the alarm is armed.
  new (&thread) std::thread();
  new (&m) std::mutex();
  new (&cv) std::condition_variable();
  armed = rang = stop = false;
  owner = 0;
}

Alarm::~Alarm() {
  forgetThreadOfParent();
  {
    std::lock_guard<std::mutex> lock(m);
    stop = true;
  }
  cv.notify_one();
  if (thread.joinable())
    thread.join();
}

void Alarm::arm(std::chrono::milliseconds after) {
  forgetThreadOfParent();
  {
    std::lock_guard<std::mutex> lock(m);
    if (!thread.joinable()) {
      thread = std::thread([this] { loop(); });
      owner = getpid();
    }
    armed = true;
    rang = false;
    ++generation;
    deadline = std::chrono::steady_clock::now() + after;
  }
  cv.notify_one();
}

bool Alarm::disarm() {
  forgetThreadOfParent();
  bool r;
  {
    std::lock_guard<std::mutex> lock(m);
    armed = false;
    r = rang;
  }
  cv.notify_one();
  return r;
}

void Alarm::loop() {
  std::unique_lock<std::mutex> lock(m);
  while (true) {
    cv.wait(lock, [&] { return armed || stop; });
    if (stop)
      return;
    unsigned g = generation;
    auto over = [&] { return stop || !armed || generation != g; };
    if (cv.wait_until(lock, deadline, over))
      continue;
    rang = true;
    do
      ring();
    while (!cv.wait_for(lock, every, over));
  }
}
