//===- TypeSupport.cpp - The types both tools model, and where ------------===//
//
// [view.descriptor], [view.unranked], [view.unranked.reinterpret],
// [op.unsupported] (TypeSupport.h).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Semantics/Value.h"
#include "dealloc/Support/VectorAccess.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace dealloc {

bool typeModelled(Type t) {
  return isSupportedScalar(t) || isSupportedMemRef(t);
}

bool isModelledUnranked(Type t) {
  auto ut = dyn_cast<UnrankedMemRefType>(t);
  return ut && isSupportedScalar(ut.getElementType());
}

bool isModelledVector(Type t) {
  auto vt = dyn_cast<VectorType>(t);
  return vt && !vt.isScalable() && isSupportedScalar(vt.getElementType()) &&
         vt.getNumElements() <= kMaxVectorLanes;
}

Type laneType(Type t) {
  if (auto vt = dyn_cast<VectorType>(t))
    return vt.getElementType();
  return t;
}

bool valueTypeModelled(Type t) {
  return typeModelled(t) || isModelledVector(t);
}

std::string typeNote(Type t) {
  auto vt = dyn_cast<VectorType>(t);
  if (!vt)
    return "";
  if (vt.isScalable())
    return " (a scalable vector)";
  if (!isSupportedScalar(vt.getElementType()))
    return " (its element type is not modelled)";
  if (vt.getNumElements() > kMaxVectorLanes)
    return " (more than " + std::to_string(kMaxVectorLanes) + " lanes)";
  return "";
}

/// [op.vector.values]: vectors do not cross function boundaries.
static bool crossesCall(Operation *op) {
  return isa<func::CallOp, func::ReturnOp>(op);
}

bool operandTypeModelled(Operation *op, Type t) {
  if (typeModelled(t) || (isModelledVector(t) && !crossesCall(op)))
    return true;
  if (!isModelledUnranked(t))
    return false;
  // [view.unranked.reinterpret] reinterpret_cast replaces the descriptor's
  // offset, sizes and strides; only its buffer is read.
  if (isa<memref::CastOp, memref::DeallocOp, memref::DimOp, memref::RankOp,
          memref::ExtractAlignedPointerAsIndexOp, memref::ReinterpretCastOp,
          bufferization::CloneOp, bufferization::DeallocOp>(op))
    return true;
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    return callee && callee.isDeclaration();
  }
  return false;
}

bool resultTypeModelled(Operation *op, Type t) {
  if (typeModelled(t) || (isModelledVector(t) && !crossesCall(op)))
    return true;
  return isModelledUnranked(t) && isa<memref::CastOp, bufferization::CloneOp>(op);
}

MemRefType rankedTypeFor(Type t, unsigned rank) {
  if (auto mt = dyn_cast<MemRefType>(t))
    return mt;
  auto ut = cast<UnrankedMemRefType>(t);
  return MemRefType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                         ut.getElementType(), MemRefLayoutAttrInterface(),
                         ut.getMemorySpace());
}

} // namespace dealloc
