//===- Preconditions.h - Inputs the reference pass rejects -----*- C++ -*-===//
//
// spec/limitations.md, [limit.*]: the reference pass rejects exactly the
// inputs upstream's --ownership-based-buffer-deallocation rejects, with the
// same diagnostic text, before it changes any IR.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_PRECONDITIONS_H
#define DEALLOC_OWNERSHIP_PRECONDITIONS_H

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace dealloc {

/// Emits the first violated limitation in `func` as an error at the op that
/// violates it and fails; succeeds if the function can be processed.
mlir::LogicalResult checkPreconditions(mlir::FunctionOpInterface func);

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_PRECONDITIONS_H
