//===- TypeSupport.cpp - The types both tools model, and where ------------===//
//
// [view.descriptor], [view.unranked], [view.unranked.reinterpret],
// [op.unsupported], [abi.external.printers], [op.complex.values]
// (TypeSupport.h).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Semantics/ExternalCallees.h"
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
  return typeModelled(t) || isModelledVector(t) || isModelledComplex(t);
}

std::string typeNote(Type t) {
  if (auto mt = dyn_cast<MemRefType>(t))
    t = mt.getElementType();
  if (isa<ComplexType>(t) && !isModelledComplex(t))
    return " (of complex types only complex<f32> is modelled, "
           "[op.complex.values])";
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

bool operandTypeModelled(Operation *op, Type t) {
  // [op.vector.values]: vectors are values everywhere scalars are, calls
  // and returns included.
  if (valueTypeModelled(t))
    return true;
  if (!isModelledUnranked(t))
    return false;
  // [view.unranked.reinterpret] reinterpret_cast replaces the descriptor's
  // offset, sizes and strides; only its buffer is read.
  // A function returns the descriptor it was given ([view.unranked]).
  if (isa<memref::CastOp, memref::DeallocOp, memref::DimOp, memref::RankOp,
          memref::ExtractAlignedPointerAsIndexOp, memref::ReinterpretCastOp,
          bufferization::CloneOp, bufferization::DeallocOp, func::ReturnOp>(op))
    return true;
  // A call passes the descriptor, rank included: to a declaration
  // ([abi.external]) or as the argument of a callee's body.
  return isa<func::CallOp>(op);
}

bool resultTypeModelled(Operation *op, Type t) {
  if (valueTypeModelled(t))
    return true;
  if (!isModelledUnranked(t))
    return false;
  if (isa<memref::CastOp, bufferization::CloneOp>(op))
    return true;
  // A call of a function with a body returns the descriptor its return
  // gives, rank included ([view.unranked]).
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    return callee && !callee.isDeclaration();
  }
  return false;
}

bool isReadOnlyExternal(func::FuncOp callee) {
  static constexpr llvm::StringLiteral kSuffixes[] = {
      "I8",  "I16", "I32", "I64", "F16", "BF16",
      "F32", "F64", "Ind", "C32", "C64"};
  if (!callee.isDeclaration())
    return false;
  FunctionType type = callee.getFunctionType();
  if (type.getNumInputs() != 1 || type.getNumResults() != 0 ||
      !isa<BaseMemRefType>(type.getInput(0)))
    return false;
  StringRef name = callee.getSymName();
  name.consume_front("_mlir_ciface_");
  if (!name.consume_front("printMemref"))
    return false;
  return llvm::is_contained(kSuffixes, name);
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
