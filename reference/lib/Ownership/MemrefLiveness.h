//===- MemrefLiveness.h - Live memrefs at block entries ---------*- C++ -*-===//
//
// [own.live] in spec/ownership.md: the memref values that are live at the
// start of a block of a multi-block region and defined in another block of the
// same region. Only these can carry ownership from block to block: values of
// enclosing regions are never owned inside a nested region ([own.live.outer]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_MEMREFLIVENESS_H
#define DEALLOC_OWNERSHIP_MEMREFLIVENESS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace dealloc {

class MemrefLiveness {
public:
  /// Computes live-in sets for every block of every multi-block region nested
  /// in `root`. Requires acyclic control flow ([limit.loops]): one backward
  /// pass over a post-order suffices, so the cost is linear in the size of the
  /// IR plus the total size of the sets.
  explicit MemrefLiveness(mlir::Operation *root);

  /// The live-in memrefs of `block` defined in another block of its region,
  /// in definition order (deterministic). Empty for single-block regions.
  llvm::ArrayRef<mlir::Value> liveIn(mlir::Block *block) const;

private:
  void computeRegion(mlir::Region &region);

  llvm::DenseMap<mlir::Block *, llvm::SmallVector<mlir::Value, 4>> liveInSets;
  llvm::DenseMap<mlir::Value, unsigned> definitionOrder;
};

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_MEMREFLIVENESS_H
