//===- LivenessIndex.h - Which values are live where ------------*- C++ -*-===//
//
// Internal to DeallocVerify. The memref and i1 values live at a block's
// entry or after one of its ops, for lemma points ([verify.lemmas]) and
// slot fusion ([verify.encoding.fusion]). Computed from mlir::Liveness per
// function once, and per block an index of its ops' positions and its
// values' last uses, so liveness after an op is a comparison, not a walk
// over the value's users for every op of a long block. Needs no solver.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_LIVENESSINDEX_H
#define DEALLOC_LIB_VERIFY_LIVENESSINDEX_H

#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <vector>

namespace dealloc::verify {

class LivenessIndex {
public:
  /// The memref and i1 values live at the entry of `b` (`after` null) or
  /// after its op `after` (with `after`'s results unless not
  /// `includeResults`), in the order of their definitions in the function.
  std::vector<mlir::Value> liveAt(mlir::Block *b, mlir::Operation *after,
                                  bool includeResults);

private:
  /// Per block: its ops' positions, the memref and i1 values it defines in
  /// order, and per value used in it the position of its last use there.
  struct BlockUses {
    llvm::DenseMap<mlir::Operation *, unsigned> position;
    llvm::DenseMap<mlir::Value, unsigned> lastUse;
    /// A defined value, where, and the position of its last use (UINT_MAX:
    /// live out of the block).
    struct Def {
      unsigned at, end;
      mlir::Value v;
    };
    std::vector<Def> defined;
  };
  const BlockUses &usesIn(mlir::Block *b, const mlir::LivenessBlockInfo *info);

  llvm::DenseMap<mlir::Operation *, std::unique_ptr<mlir::Liveness>> liveness;
  /// A deterministic order of values (Liveness's sets are by pointer).
  llvm::DenseMap<mlir::Value, unsigned> valueOrder;
  llvm::DenseMap<mlir::Block *, std::unique_ptr<BlockUses>> blockUses;
};

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_LIVENESSINDEX_H
