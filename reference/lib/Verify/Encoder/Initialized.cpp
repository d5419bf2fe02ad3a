//===- Initialized.cpp - Uninitialized values in the encoding -------------===//
//
// spec/operations.md [op.uninit.flow], [op.uninit.control] in SMT terms
// (declared in Verify/Encoder/Initialized.h): where an uninitialized value
// stops a run, and how arith results inherit initializedness and poison.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Initialized.h"
#include "Encoder/Encoder.h"
#include "Encoder/SymbolicArith.h"
#include "Ops/ControlOpsParallel.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/VectorAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

void dealloc::verify::requireInitialized(Encoder &E, State &st,
                                         const SymValue &v, Location loc) {
  if (v.init.isNull() || v.init.isTrue())
    return;
  E.heap.stop(st, E.ctx.mkNot(v.init), loc, StopKind::UninitControl,
              "uninitialized value decides control flow ([op.uninit.control])");
}

void dealloc::verify::requireInitialized(Encoder &E, State &st, ValueRange vs,
                                         Location loc) {
  std::vector<Expr> inits;
  for (Value v : vs)
    if (Expr i = E.get(v).init; !i.isNull())
      inits.push_back(i);
  if (inits.empty())
    return;
  SymValue all = SymValue::boolean(E.ctx.boolVal(true));
  all.init = E.ctx.mkAnd(inits);
  requireInitialized(E, st, all, loc);
}

Expr dealloc::verify::operandsInitialized(Encoder &E, Operation *op) {
  std::vector<Expr> inits;
  for (Value v : op->getOperands())
    if (Expr i = E.get(v).init; !i.isNull())
      inits.push_back(i);
  return E.ctx.mkAnd(inits);
}

/// A float constant of `ft` for comparing with the real `bound` (an
/// integer): where `bound` is not representable, the nearest float on the
/// side `up` (and `exact` false, so the comparison includes equality).
static Expr floatBound(Encoder &E, FloatType ft, const APInt &bound, bool up,
                       bool &exact) {
  APFloat f(ft.getFloatSemantics());
  APFloat::opStatus s = f.convertFromAPInt(bound, /*isSigned=*/true,
                                           up ? APFloat::rmTowardPositive
                                              : APFloat::rmTowardNegative);
  exact = s == APFloat::opOK;
  return E.ctx.bvVal(ft.getWidth(), (int64_t)f.bitcastToAPInt().getZExtValue());
}

/// fptosi / fptoui: the operand converts without poison, as dealloc-run
/// decides it: trunc(x) within the result type's range, x not NaN.
static Expr convertsInRange(Encoder &E, Operation *op) {
  auto ft = dyn_cast<FloatType>(laneType(op->getOperand(0).getType()));
  unsigned w = scalarWidth(laneType(op->getResult(0).getType()));
  if (!ft || !scalarWidth(ft) || !w)
    return E.ctx.boolVal(false);
  bool isSigned = isa<arith::FPToSIOp>(op);
  // trunc(x) >= lo  <=>  x > lo - 1;  trunc(x) < hi  <=>  x < hi.
  APInt lo = isSigned ? -APInt::getOneBitSet(w + 2, w - 1) - 1
                      : APInt(w + 2, -1, /*isSigned=*/true);
  APInt hi = APInt::getOneBitSet(w + 2, isSigned ? w - 1 : w);
  unsigned sbits = ft.getFPMantissaWidth();
  unsigned ebits = ft.getWidth() - sbits;
  Expr x = asBV(E, op->getOperand(0));
  bool exactLo, exactHi;
  Expr l = floatBound(E, ft, lo, /*up=*/true, exactLo);
  Expr h = floatBound(E, ft, hi, /*up=*/false, exactHi);
  // CmpFPredicate: 2 ogt, 3 oge, 4 olt, 5 ole.
  return E.ctx.mkAnd(E.ctx.mkFloatCmp(exactLo ? 2 : 3, x, l, ebits, sbits),
                     E.ctx.mkFloatCmp(exactHi ? 4 : 5, x, h, ebits, sbits));
}

void dealloc::verify::arithInitialized(Encoder &E, State &st, Operation *op) {
  smt::Context &c = E.ctx;
  if (op->getNumResults() != 1 || isa<arith::ConstantOp>(op))
    return;
  Value res = op->getResult(0);
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    // [op.arith.select]: on memrefs the condition decides which view flows;
    // on scalars an uninitialized condition yields the uninitialized value,
    // an initialized one the chosen operand (merged by mergeValues).
    const SymValue &cond = E.get(sel.getCondition());
    if (isa<BaseMemRefType>(res.getType())) {
      requireInitialized(E, st, cond, op->getLoc());
      return;
    }
    if (cond.init.isNull())
      return;
    SymValue &r = E.env().entry(res);
    r.init = c.mkAnd(cond.init, r.init.isNull() ? c.boolVal(true) : r.init);
    return;
  }
  std::vector<Expr> inits{operandsInitialized(E, op)};
  // Poison is the uninitialized value ([op.uninit.flow]).
  if (isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp, index::ShlOp,
          index::ShrSOp, index::ShrUOp>(op)) {
    Expr b = asBV(E, op->getOperand(1));
    unsigned w = b.bvWidth();
    auto lit = b.bvLiteral();
    if (!lit || (uint64_t)*lit >= w)
      inits.push_back(
          c.mkCmp(smt::Context::Cmp::Ult, b, c.bvVal(w, (int64_t)w)));
  }
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op))
    inits.push_back(convertsInRange(E, op));
  Expr init = c.mkAnd(inits);
  if (init.isTrue())
    return;
  E.env().entry(res).init = init;
}
