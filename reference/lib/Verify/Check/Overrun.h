//===- Overrun.h - The answer printed when a check does not stop -*- C++
//-*-===//
//
// Internal to DeallocVerify. docs/verifier-proofs.md [verify.timeout.overrun];
// the guard itself: dealloc/SMT/OverrunGuard.h.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_OVERRUN_H
#define DEALLOC_LIB_VERIFY_OVERRUN_H

#include "dealloc/Verify/Verify.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace dealloc::verify {

/// Before the checks of `function`: if a tool installed an overrun guard
/// (smt::Budget::guardWith), prepares what it prints should they not stop:
/// `answer(reason)`, the function's UNKNOWN answer as the tool prints
/// answers, and a message on stderr. Nothing without a guard or without a
/// function budget.
void prepareOverrun(
    llvm::StringRef function, const VerifyOptions &opts,
    llvm::function_ref<std::string(const std::string &)> answer);

/// prepareOverrun with the safety answer for `function` (FunctionResult).
void prepareSafetyOverrun(llvm::StringRef function, const VerifyOptions &opts,
                          bool json);
/// The same for --equiv's answer for `function` (EquivResult).
void prepareEquivOverrun(llvm::StringRef function, const VerifyOptions &opts,
                         bool json);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_OVERRUN_H
