//===- MathOps.cpp - math ops (spec/operations.md, [op.math]) -------------===//
//
// The math ops One-Shot Bufferize leaves in linalg bodies and loops. Floats
// are computed in double precision by the C library and rounded to the
// result type ([op.math]); math.absi is exact two's complement (absolute
// value of the minimum is the minimum). Uninitialized operands give
// uninitialized results ([op.uninit.flow]).
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include <cmath>

using namespace mlir;

namespace dealloc {

/// The value of a float math op on `x` (and `y`, `z`), or nullopt if `op`
/// is not one.
static std::optional<double> mathFloat(Operation *op, double x, double y,
                                       double z) {
  if (isa<math::AbsFOp>(op))
    return std::fabs(x);
  if (isa<math::SqrtOp>(op))
    return std::sqrt(x);
  if (isa<math::RsqrtOp>(op))
    return 1.0 / std::sqrt(x);
  if (isa<math::ExpOp>(op))
    return std::exp(x);
  if (isa<math::Exp2Op>(op))
    return std::exp2(x);
  if (isa<math::LogOp>(op))
    return std::log(x);
  if (isa<math::Log2Op>(op))
    return std::log2(x);
  if (isa<math::TanhOp>(op))
    return std::tanh(x);
  if (isa<math::SinOp>(op))
    return std::sin(x);
  if (isa<math::CosOp>(op))
    return std::cos(x);
  if (isa<math::ErfOp>(op))
    return std::erf(x);
  if (isa<math::FloorOp>(op))
    return std::floor(x);
  if (isa<math::CeilOp>(op))
    return std::ceil(x);
  if (isa<math::PowFOp>(op))
    return std::pow(x, y);
  if (isa<math::CopySignOp>(op))
    return std::copysign(x, y);
  if (isa<math::FmaOp, vector::FMAOp>(op))
    return std::fma(x, y, z);
  return std::nullopt;
}

bool Machine::execMath(Operation *op, Frame &f) {
  // vector.fma: math.fma lane by lane ([op.vector.elementwise],
  // VectorOps.cpp).
  Type resTy = laneType(op->getResult(0).getType());
  if (!isSupportedScalar(resTy))
    return unsupported(op, "result type not modelled");
  for (Value v : op->getOperands())
    if (lookup(f, v).isUninit()) { // [op.uninit.flow]
      bind(f, op->getResult(0), RtValue::uninit());
      return true;
    }
  if (auto abs = dyn_cast<math::AbsIOp>(op)) {
    bind(f, abs, RtValue::makeInt(lookup(f, abs.getOperand()).i.abs()));
    return true;
  }
  auto arg = [&](unsigned k) {
    return k < op->getNumOperands() ? lookup(f, op->getOperand(k)).f : 0.0;
  };
  if (std::optional<double> r = mathFloat(op, arg(0), arg(1), arg(2))) {
    bind(f, op->getResult(0), RtValue::makeFloat(roundToFloatType(resTy, *r)));
    return true;
  }
  return notRun(op);
}

} // namespace dealloc
