//===- DeallocationState.h - What the reference pass tracks -----*- C++ -*-===//
//
// The per-function state of the reference pass (spec/ownership.md):
//   * the ownership of each memref value in each block    [own.indicator]
//   * each block's dealloc list                           [own.dealloc.list]
//   * live-in memrefs from MemrefLiveness                 [own.live]
//   * shared `true`/`false` constants
//   * results of ops the pass rebuilt with extra results (old -> new)
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_DEALLOCATIONSTATE_H
#define DEALLOC_OWNERSHIP_DEALLOCATIONSTATE_H

#include "MemrefLiveness.h"
#include "dealloc/Ownership/Ownership.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseSet.h"

namespace dealloc {

inline bool isMemref(mlir::Value v) {
  return llvm::isa<mlir::BaseMemRefType>(v.getType());
}

class DeallocationState {
public:
  explicit DeallocationState(mlir::Operation *func);
  ~DeallocationState();

  /// The ownership of `memref` in `block`. A value defined in an enclosing
  /// region is never owned by a nested block ([own.live.outer]).
  Ownership getOwnership(mlir::Value memref, mlir::Block *block);
  /// Joins `ownership` into the ownership of `memref` in `block`.
  void joinOwnership(mlir::Value memref, Ownership ownership,
                     mlir::Block *block);
  /// Replaces the ownership of `memref` in `block`.
  void resetOwnership(mlir::Value memref, Ownership ownership,
                      mlir::Block *block);

  /// Appends `memref` to the dealloc list of `block` (once).
  void addToDeallocList(mlir::Value memref, mlir::Block *block);
  llvm::ArrayRef<mlir::Value> getDeallocList(mlir::Block *block) const;

  /// Live-in memrefs of `block` defined in another block of its region, with
  /// rebuilt ops' results mapped to their replacements.
  llvm::SmallVector<mlir::Value> getLiveIn(mlir::Block *block) const;

  /// The constant `value` of type i1, created once per function at the start
  /// of its entry block.
  mlir::Value getBool(bool value);
  bool isConstant(mlir::Value indicator, bool value) const;

  /// Replaces `oldOp` (whose regions were moved to `newOp`) by the leading
  /// results of `newOp`. `oldOp` is unlinked and destroyed with the state, so
  /// liveness sets that mention its results stay valid keys.
  void replaceOp(mlir::Operation *oldOp, mlir::Operation *newOp);

private:
  mlir::Value resolve(mlir::Value v) const;

  mlir::Operation *func;
  MemrefLiveness liveness;
  llvm::DenseMap<std::pair<mlir::Value, mlir::Block *>, Ownership> ownership;
  llvm::DenseMap<mlir::Block *, llvm::SmallVector<mlir::Value>> deallocLists;
  llvm::DenseSet<std::pair<mlir::Value, mlir::Block *>> inDeallocList;
  llvm::DenseMap<mlir::Value, mlir::Value> replacements;
  llvm::SmallVector<mlir::Operation *> unlinkedOps;
  mlir::Value trueValue, falseValue;
};

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_DEALLOCATIONSTATE_H
