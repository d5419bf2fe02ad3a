//===- Value.cpp - Scalar and memref types the semantics models -----------===//
//
// spec/buffers.md: [buffer.contents] (element storage sizes),
// [view.descriptor] (supported memref types); spec/operations.md:
// [op.complex.values] (complex elements).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Value.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace dealloc {

unsigned intWidth(Type t) {
  if (t.isIndex())
    return 64;
  if (auto it = dyn_cast<IntegerType>(t))
    return it.getWidth();
  return 0;
}

bool isSupportedScalar(Type t) {
  if (t.isIndex())
    return true;
  if (auto it = dyn_cast<IntegerType>(t))
    return it.getWidth() >= 1 && it.getWidth() <= 64;
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
}

bool isModelledComplex(Type t) {
  auto ct = dyn_cast<ComplexType>(t);
  return ct && ct.getElementType().isF32();
}

Type complexPartType(Type t) {
  return isModelledComplex(t) ? cast<ComplexType>(t).getElementType() : Type();
}

bool isSupportedElement(Type t) {
  return isSupportedScalar(t) || isModelledComplex(t);
}

unsigned elementBytes(Type t) {
  if (Type part = complexPartType(t))
    return 2 * elementBytes(part);
  if (!isSupportedScalar(t))
    return 0;
  if (t.isIndex())
    return 8;
  if (auto it = dyn_cast<IntegerType>(t))
    return (it.getWidth() + 7) / 8;
  return cast<FloatType>(t).getWidth() / 8;
}

bool isSupportedMemRef(Type t) {
  auto mt = dyn_cast<MemRefType>(t);
  if (!mt || !isSupportedElement(mt.getElementType()))
    return false;
  if (mt.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(mt.getStridesAndOffset(strides, offset));
}

double roundToFloatType(Type t, double v) {
  if (t.isF64())
    return v;
  if (t.isF32())
    return static_cast<double>(static_cast<float>(v));
  auto ft = dyn_cast<FloatType>(t);
  if (!ft)
    return v;
  llvm::APFloat a(v);
  bool lost;
  a.convert(ft.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
  a.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return a.convertToDouble();
}

} // namespace dealloc
