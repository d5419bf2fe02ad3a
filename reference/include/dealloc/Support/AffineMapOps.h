//===- AffineMapOps.h - affine.apply / min / max as one map op --*- C++ -*-===//
//
// spec/operations.md [op.affine.apply]: the three ops both dealloc-run
// (Semantics/AffineOps.cpp) and dealloc-verify (Verify/Ops/AffineOps.cpp)
// evaluate: a map on operands (dimensions first, then symbols) and what is
// made of its results.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_AFFINEMAPOPS_H
#define DEALLOC_SUPPORT_AFFINEMAPOPS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

#include <optional>

namespace dealloc {

struct AffineMapOp {
  /// Apply: the map's one result; Min / Max: the signed minimum / maximum
  /// of its results.
  enum Kind { Apply, Min, Max } kind;
  mlir::AffineMap map;
  mlir::ValueRange operands;
};

/// `op` as an affine map op, if it is affine.apply, affine.min or
/// affine.max.
inline std::optional<AffineMapOp> asAffineMapOp(mlir::Operation *op) {
  using namespace mlir::affine;
  if (auto ap = llvm::dyn_cast<AffineApplyOp>(op))
    return AffineMapOp{AffineMapOp::Apply, ap.getAffineMap(),
                       ap.getMapOperands()};
  if (auto mn = llvm::dyn_cast<AffineMinOp>(op))
    return AffineMapOp{AffineMapOp::Min, mn.getAffineMap(),
                       mn.getMapOperands()};
  if (auto mx = llvm::dyn_cast<AffineMaxOp>(op))
    return AffineMapOp{AffineMapOp::Max, mx.getAffineMap(),
                       mx.getMapOperands()};
  return std::nullopt;
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_AFFINEMAPOPS_H
