//===- IterationSpace.h - The points of a static iteration domain -*- C++
//-*-===//
//
// [op.linalg.order]: the points of a linalg op's static domain in
// lexicographic order, the last loop fastest. Shared by dealloc-run
// (Semantics/LinalgOps.cpp) and dealloc-verify (Verify/Ops/LinalgOps.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_ITERATIONSPACE_H
#define DEALLOC_SUPPORT_ITERATIONSPACE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace dealloc {

/// Calls `visit(point)` at every point of `ranges` (each coordinate from 0
/// below its range) in lexicographic order; stops at the first false, which
/// it returns. No ranges: one empty point.
template <typename Visit>
bool forEachPoint(llvm::ArrayRef<int64_t> ranges, Visit visit) {
  llvm::SmallVector<int64_t, 4> point(ranges.size(), 0);
  while (true) {
    if (!visit(llvm::ArrayRef<int64_t>(point)))
      return false;
    int64_t k = static_cast<int64_t>(point.size()) - 1;
    for (; k >= 0; --k) {
      if (++point[k] < ranges[k])
        break;
      point[k] = 0;
    }
    if (k < 0)
      return true;
  }
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_ITERATIONSPACE_H
