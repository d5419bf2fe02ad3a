//===- OptionRanges.h - Option values under which a tool can answer -*- C++
//-*-===//
//
// Values of --unroll and --memory-limit (and a dealloc-check job's "unroll")
// outside these ranges cannot give a useful answer: they are bad arguments
// (exit 3) instead of a run that takes gigabytes or answers UNKNOWN for
// every program (spec/verification.md [verify.bound], [verify.memory]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_DRIVER_OPTIONRANGES_H
#define DEALLOC_DRIVER_OPTIONRANGES_H

namespace dealloc {

/// The largest --unroll accepted: an encoding of 100,000 iterations took
/// 11 GB before it answered UNKNOWN ([verify.bound]).
inline constexpr unsigned kMaxUnroll = 10000;

/// The smallest --memory-limit in MiB (other than 0: none) accepted
/// ([verify.memory]): the limit counts the start-up's address space and the
/// reserved 1 GiB stack (Support/DeepStack.h); below it every answer would
/// be UNKNOWN (a trivial function needs about 1.5 GiB).
inline constexpr unsigned kMinMemoryLimitMb = 2048;

} // namespace dealloc

#endif // DEALLOC_DRIVER_OPTIONRANGES_H
