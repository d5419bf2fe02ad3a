//===- DeepStack.h - Tools run on a thread with a large stack -*- C++ -*-===//
//
// MLIR's parser and printer, the interpreter and the encoder recurse once per
// nested region and per inlined call; on the main thread's 8 MiB stack a
// chain of 1,500 private calls crashed dealloc-verify and a 10,000-deep
// scf.if nest crashed MLIR's parser (and so every tool). Every tool therefore
// runs its main on a thread with a large stack, enough for the nests the
// encoder accepts (spec/verification.md [verify.encoding.nesting]); its pages
// are reserved, not committed, so a shallow program costs nothing.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_DEEPSTACK_H
#define DEALLOC_SUPPORT_DEEPSTACK_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <pthread.h>

namespace dealloc {

/// 1 GiB: the encoder's deepest recursion, an inlined call, takes about
/// 5.5 KiB of frames per level (8 MiB held 1,500), so 10,000 levels use
/// about 55 MiB of it.
inline constexpr size_t kDeepStackBytes = size_t(1) << 30;

/// Runs `body` on a thread with a kDeepStackBytes stack and returns its
/// result. Where no such thread can be made (an address-space limit below
/// the stack's size: `ulimit -v`), smaller stacks are tried, and at last
/// `body` runs on the calling thread: deep nests may then overflow, shallow
/// programs still get answers.
inline int runWithDeepStack(llvm::function_ref<int()> body) {
  struct Job {
    llvm::function_ref<int()> body;
    int rc = 0;
  } job{body};
  auto run = [](void *arg) -> void * {
    auto *j = static_cast<Job *>(arg);
    j->rc = j->body();
    return nullptr;
  };
  for (size_t bytes = kDeepStackBytes; bytes >= (size_t(64) << 20);
       bytes /= 4) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
      break;
    pthread_t worker;
    bool made = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                pthread_create(&worker, &attr, run, &job) == 0;
    pthread_attr_destroy(&attr);
    if (made) {
      pthread_join(worker, nullptr);
      return job.rc;
    }
  }
  return body();
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_DEEPSTACK_H
