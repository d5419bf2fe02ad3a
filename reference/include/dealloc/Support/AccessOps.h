//===- AccessOps.h - The ops that access one element of a memref -*- C++
//-*-===//
//
// spec/operations.md [op.memref.access], [op.affine.access],
// [op.memref.atomic_rmw]: memref.load / store, affine.load / store,
// memref.atomic_rmw and memref.generic_atomic_rmw, as both dealloc-run
// (Semantics/MemRefOps.cpp) and dealloc-verify (Verify/Ops/MemRefOps.cpp)
// take them: a memref, the index of one element (operands, or an affine
// map's results on them) and what is done there.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_ACCESSOPS_H
#define DEALLOC_SUPPORT_ACCESSOPS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <optional>

namespace dealloc {

struct ElementAccessOp {
  /// Load: the element is the op's result; Store: `value` is stored there;
  /// AtomicRMW: the op's result is the old element, the element becomes
  /// `old <kind> value`; GenericAtomicRMW: the body computes the new
  /// element from the old.
  enum Kind { Load, Store, AtomicRMW, GenericAtomicRMW } kind;
  mlir::Value memref;
  /// The index operands; with a `map` (affine.load / store), the indices
  /// are the map's results on them (dimensions first, then symbols).
  mlir::ValueRange operands;
  mlir::AffineMap map;
  /// Store: the value stored; AtomicRMW: the operand combined with the old
  /// element.
  mlir::Value value;
};

/// `op` as an element access, if it is one of the ops above.
inline std::optional<ElementAccessOp> asElementAccess(mlir::Operation *op) {
  using namespace mlir;
  using A = ElementAccessOp;
  if (auto x = dyn_cast<memref::LoadOp>(op))
    return A{A::Load, x.getMemref(), x.getIndices(), {}, {}};
  if (auto x = dyn_cast<memref::StoreOp>(op))
    return A{A::Store, x.getMemref(), x.getIndices(), {}, x.getValueToStore()};
  if (auto x = dyn_cast<affine::AffineLoadOp>(op))
    return A{A::Load, x.getMemRef(), x.getMapOperands(), x.getAffineMap(), {}};
  if (auto x = dyn_cast<affine::AffineStoreOp>(op))
    return A{A::Store, x.getMemRef(), x.getMapOperands(), x.getAffineMap(),
             x.getValueToStore()};
  if (auto x = dyn_cast<memref::AtomicRMWOp>(op))
    return A{A::AtomicRMW, x.getMemref(), x.getIndices(), {}, x.getValue()};
  if (auto x = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return A{A::GenericAtomicRMW, x.getMemref(), x.getIndices(), {}, {}};
  return std::nullopt;
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_ACCESSOPS_H
