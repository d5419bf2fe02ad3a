//===- ArithOps.cpp - arith and index ops ([op.arith.*], [op.index.*]) ----===//
//
// Integers are two's-complement APInts of the type's width (index: 64).
// The index dialect's ops are their arith counterparts on index
// ([op.index.ops]); the integer binary ops' arithmetic is
// Support/IntArith.h's, shared with dealloc-verify.
// Uninitialized operands give uninitialized results ([op.uninit.flow]);
// division by zero and signed division overflow are undefined behaviour and
// stop the run as UNKNOWN ([op.arith.ub]); shifts by the width or more give
// an uninitialized (poison) value.
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Semantics/IntOps.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/OpTable.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include <cmath>

using namespace mlir;
using llvm::APInt;

namespace dealloc {

static std::optional<double> floatBinary(Operation *op, double a, double b) {
  if (isa<arith::AddFOp>(op))
    return a + b;
  if (isa<arith::SubFOp>(op))
    return a - b;
  if (isa<arith::MulFOp>(op))
    return a * b;
  if (isa<arith::DivFOp>(op))
    return a / b;
  if (isa<arith::RemFOp>(op))
    return std::fmod(a, b);
  if (isa<arith::MaximumFOp>(op))
    return (std::isnan(a) || std::isnan(b)) ? NAN : std::max(a, b);
  if (isa<arith::MinimumFOp>(op))
    return (std::isnan(a) || std::isnan(b)) ? NAN : std::min(a, b);
  if (isa<arith::MaxNumFOp>(op))
    return std::fmax(a, b);
  if (isa<arith::MinNumFOp>(op))
    return std::fmin(a, b);
  return std::nullopt;
}

// The value of a constant op ([op.arith.constant], [op.index.constant];
// index.sizeof: the bits of `index`, 64); nullopt for another op or an
// arith.constant of a kind not modelled.
static std::optional<RtValue> constantValue(Operation *op, Type resTy) {
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (auto ia = dyn_cast<IntegerAttr>(c.getValue()))
      return RtValue::makeInt(ia.getValue().zextOrTrunc(intWidth(resTy)));
    if (auto fa = dyn_cast<FloatAttr>(c.getValue()))
      return RtValue::makeFloat(fa.getValueAsDouble());
    return std::nullopt;
  }
  if (auto c = dyn_cast<index::ConstantOp>(op))
    return RtValue::makeInt(c.getValue().zextOrTrunc(64));
  if (auto c = dyn_cast<index::BoolConstantOp>(op))
    return RtValue::makeBool(c.getValue());
  if (isa<index::SizeOfOp>(op))
    return RtValue::makeInt(APInt(64, 64));
  return std::nullopt;
}

using OperandFn = llvm::function_ref<const RtValue &(unsigned)>;

// The result of a comparison (arith.cmpi, arith.cmpf; [op.index.ops]:
// index.cmp is arith.cmpi on index) on initialized operands; nullopt for
// another op.
static std::optional<RtValue> compareValue(Operation *op, OperandFn operand) {
  if (auto cmp = dyn_cast<index::CmpOp>(op))
    return RtValue::makeBool(arith::applyCmpPredicate(
        cmpPredicateOf(cmp.getPred()), operand(0).i, operand(1).i));
  if (auto cmp = dyn_cast<arith::CmpIOp>(op))
    return RtValue::makeBool(arith::applyCmpPredicate(
        cmp.getPredicate(), operand(0).i, operand(1).i));
  if (auto cmp = dyn_cast<arith::CmpFOp>(op))
    return RtValue::makeBool(arith::applyCmpPredicate(
        cmp.getPredicate(), llvm::APFloat(operand(0).f),
        llvm::APFloat(operand(1).f)));
  return std::nullopt;
}

// [op.arith.bitcast]: the same bits read as the result type; a float's
// bits are those of its value in its own type (a NaN's: those it holds).
static RtValue bitcastValue(Type srcTy, const RtValue &x, Type resTy) {
  APInt bits = x.i;
  if (auto ft = dyn_cast<FloatType>(srcTy)) {
    llvm::APFloat v(x.f);
    bool lost;
    v.convert(ft.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
              &lost);
    bits = v.bitcastToAPInt();
  }
  if (auto ft = dyn_cast<FloatType>(resTy)) {
    llvm::APFloat v(ft.getFloatSemantics(), bits);
    bool lost;
    v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &lost);
    return RtValue::makeFloat(v.convertToDouble());
  }
  return RtValue::makeInt(bits);
}

// The result of a cast ([op.arith.cast], [op.arith.bitcast]) of the
// initialized operand `x` to `resTy`: uninitialized (poison) for a float
// out of the integer type's range; nullopt for another op.
static std::optional<RtValue> castValue(Operation *op, OperandFn operand,
                                        Type resTy) {
  unsigned w = intWidth(resTy);
  if (isa<arith::IndexCastOp, arith::ExtSIOp, index::CastSOp>(op))
    return RtValue::makeInt(operand(0).i.sextOrTrunc(w));
  if (isa<arith::IndexCastUIOp, arith::ExtUIOp, arith::TruncIOp,
          index::CastUOp>(op))
    return RtValue::makeInt(operand(0).i.zextOrTrunc(w));
  if (isa<arith::SIToFPOp>(op))
    return RtValue::makeFloat(roundToFloatType(
        resTy, static_cast<double>(operand(0).i.getSExtValue())));
  if (isa<arith::UIToFPOp>(op))
    return RtValue::makeFloat(roundToFloatType(
        resTy, static_cast<double>(operand(0).i.getZExtValue())));
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op)) {
    double v = std::trunc(operand(0).f);
    double lim = std::ldexp(1.0, static_cast<int>(w));
    bool isSigned = isa<arith::FPToSIOp>(op);
    bool fits = isSigned ? (v >= -lim / 2 && v < lim / 2) : (v >= 0 && v < lim);
    if (std::isnan(v) || !fits) // poison
      return RtValue::uninit();
    return RtValue::makeInt(isSigned ? APInt(w, static_cast<int64_t>(v), true)
                                     : APInt(w, static_cast<uint64_t>(v)));
  }
  if (isa<arith::ExtFOp, arith::TruncFOp>(op))
    return RtValue::makeFloat(roundToFloatType(resTy, operand(0).f));
  if (isa<arith::BitcastOp>(op))
    return bitcastValue(laneType(op->getOperand(0).getType()), operand(0),
                        resTy);
  return std::nullopt;
}

bool Machine::execArith(Operation *op, Frame &f) {
  // On vectors, one lane at a time ([op.vector.elementwise], VectorOps.cpp).
  Type resTy =
      op->getNumResults() == 1 ? laneType(op->getResult(0).getType()) : Type();
  auto operand = [&](unsigned k) -> const RtValue & {
    return lookup(f, op->getOperand(k));
  };
  auto anyUninit = [&]() {
    return llvm::any_of(op->getOperands(),
                        [&](Value v) { return lookup(f, v).isUninit(); });
  };
  if (std::optional<RtValue> v = constantValue(op, resTy)) {
    bind(f, op->getResult(0), std::move(*v));
    return true;
  }
  if (isa<arith::ConstantOp>(op))
    return unsupported(op, "constant kind not modelled");
  // [op.arith.select]: on memrefs the condition decides which view flows.
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    const RtValue &c = lookup(f, sel.getCondition());
    if (c.isUninit()) {
      if (isa<BaseMemRefType>(resTy))
        return unknown(
            StopKind::UninitControl,
            "uninitialized value decides control flow ([op.uninit.control])",
            op->getLoc());
      bind(f, sel, RtValue::uninit());
      return true;
    }
    bind(f, sel,
         lookup(f, c.isTrue() ? sel.getTrueValue() : sel.getFalseValue()));
    return true;
  }
  if (!resTy || !isSupportedScalar(resTy))
    return unsupported(op, "result type not modelled");
  if (anyUninit()) { // [op.uninit.flow]
    bind(f, op->getResult(0), RtValue::uninit());
    return true;
  }
  if (std::optional<RtValue> v = compareValue(op, operand)) {
    bind(f, op->getResult(0), std::move(*v));
    return true;
  }
  // Integer binary ops (OpTable.def's kind; the arithmetic and its
  // conditions are Support/IntArith.h's, as dealloc-verify's).
  if (std::optional<IntOp> k = intOpOf(op)) {
    ints::Concrete d;
    ints::Result<ints::Concrete> r =
        ints::binary(d, *k, operand(0).i, operand(1).i);
    if (r.divByZero && *r.divByZero)
      return unknown(StopKind::DivisionUB,
                     "division by zero (undefined behaviour, [op.arith.ub])",
                     op->getLoc());
    if (r.overflow && *r.overflow)
      return unknown(
          StopKind::DivisionUB,
          "signed division overflow (undefined behaviour, [op.arith.ub])",
          op->getLoc());
    bool poison = r.poison && *r.poison;
    bind(f, op->getResult(0),
         poison ? RtValue::uninit() : RtValue::makeInt(r.value));
    return true;
  }
  if (std::optional<double> r = floatBinary(
          op, operand(0).f, op->getNumOperands() > 1 ? operand(1).f : 0.0)) {
    bind(f, op->getResult(0), RtValue::makeFloat(roundToFloatType(resTy, *r)));
    return true;
  }
  if (isa<arith::NegFOp>(op)) {
    bind(f, op->getResult(0), RtValue::makeFloat(-operand(0).f));
    return true;
  }
  if (std::optional<RtValue> v = castValue(op, operand, resTy)) {
    bind(f, op->getResult(0), std::move(*v));
    return true;
  }
  return unsupported(op, "op not modelled");
}

} // namespace dealloc
