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
#include "llvm/Support/thread.h"

#include <optional>

namespace dealloc {

/// 1 GiB: the encoder's deepest recursion, an inlined call, takes about
/// 5.5 KiB of frames per level (8 MiB held 1,500), so 10,000 levels use
/// about 55 MiB of it.
inline constexpr unsigned kDeepStackBytes = 1u << 30;

/// Runs `body` on a thread with a kDeepStackBytes stack and returns its
/// result.
inline int runWithDeepStack(llvm::function_ref<int()> body) {
  int rc = 0;
  llvm::thread worker(std::optional<unsigned>(kDeepStackBytes),
                      [&] { rc = body(); });
  worker.join();
  return rc;
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_DEEPSTACK_H
