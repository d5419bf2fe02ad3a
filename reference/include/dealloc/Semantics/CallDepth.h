//===- CallDepth.h - The interpreter's call depth limit ---------*- C++ -*-===//
//
// Calls nested deeper than kMaxCallDepth stop a run with UNKNOWN
// ([safety.steps], [safety.limits]); --describe prints it.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_CALLDEPTH_H
#define DEALLOC_SEMANTICS_CALLDEPTH_H

namespace dealloc {

constexpr unsigned kMaxCallDepth = 512;

} // namespace dealloc

#endif // DEALLOC_SEMANTICS_CALLDEPTH_H
