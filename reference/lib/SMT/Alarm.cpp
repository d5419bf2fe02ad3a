//===- Alarm.cpp - A thread that acts when an armed deadline passes -------===//
#include "Alarm.h"

using namespace dealloc::smt;

Alarm::~Alarm() {
  {
    std::lock_guard<std::mutex> lock(m);
    stop = true;
  }
  cv.notify_one();
  if (thread.joinable())
    thread.join();
}

void Alarm::arm(std::chrono::milliseconds after) {
  {
    std::lock_guard<std::mutex> lock(m);
    if (!thread.joinable())
      thread = std::thread([this] { loop(); });
    armed = true;
    rang = false;
    ++generation;
    deadline = std::chrono::steady_clock::now() + after;
  }
  cv.notify_one();
}

bool Alarm::disarm() {
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
