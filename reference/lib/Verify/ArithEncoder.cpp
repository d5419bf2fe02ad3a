//===- ArithEncoder.cpp - Symbolic semantics of arith ops -----------------===//
//
// spec/operations.md [op.arith.*] in SMT terms (spec/verification.md
// [verify.encoding], [verify.encoding.float], [verify.encoding.addr]):
// integers are bit-vectors of their width, i1 Booleans, floats bit patterns
// with IEEE-754 add/sub/mul/div/cmp and uninterpreted other float ops.
//
//===----------------------------------------------------------------------===//
#include "Encoder.h"
#include "Initialized.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

static bool isI1(Type t) { return t.isInteger(1); }

/// True for an integer or float type wider than the encoding's 64 bits.
static bool isWideScalar(Type t) {
  return isa<IntegerType, FloatType>(t) && scalarWidth(t) == 0;
}

bool Encoder::encodeArith(Operation *op, State &st, bool &handled) {
  handled = true;
  Location loc = op->getLoc();
  if (llvm::any_of(op->getOperandTypes(), isWideScalar) ||
      llvm::any_of(op->getResultTypes(), isWideScalar))
    return unsupported(op, "integers and floats wider than 64 bits are not "
                           "modelled");
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    Type t = c.getType();
    if (auto ia = dyn_cast<IntegerAttr>(c.getValue())) {
      if (isI1(t))
        bind(c, SymValue::boolean(ctx.boolVal(!ia.getValue().isZero())));
      else
        bind(c, SymValue::bv(ctx.bvVal(scalarWidth(t),
                                       ia.getValue().getSExtValue())));
      return true;
    }
    if (auto fa = dyn_cast<FloatAttr>(c.getValue())) {
      APInt bits = fa.getValue().bitcastToAPInt();
      bind(c, SymValue::bv(ctx.bvVal(bits.getBitWidth(),
                                     (int64_t)bits.getZExtValue())));
      return true;
    }
    return unsupported(op, "constant of this type not modelled");
  }
  if (auto s = dyn_cast<arith::SelectOp>(op)) {
    Expr c = getBool(s.getCondition());
    const SymValue &t = get(s.getTrueValue()), &f = get(s.getFalseValue());
    SymValue r = heap.mergeValues({c, ctx.mkNot(c)}, {&t, &f});
    // [verify.encoding.addr]: a selected aligned address is the address of
    // the selected view (the reference pipeline selects the retained
    // pointers of a select chain: compared as 64-bit terms, each
    // comparison with a chain of K selects cost the solver O(K) address
    // equalities).
    if (r.kind == SymValue::Kind::BV && t.kind == SymValue::Kind::BV &&
        f.kind == SymValue::Kind::BV) {
      auto vt = addressViews.find(t.e.termId());
      auto vf = addressViews.find(f.e.termId());
      if (vt != addressViews.end() && vf != addressViews.end()) {
        SymValue a = SymValue::memref(vt->second);
        SymValue b = SymValue::memref(vf->second);
        View v = heap.mergeValues({c, ctx.mkNot(c)}, {&a, &b}).view;
        v.addr = r.e;
        addressViews.try_emplace(r.e.termId(), std::move(v));
      }
    }
    bind(s, std::move(r));
    return true;
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    Expr a = asBV(*this, cmp.getLhs()), b = asBV(*this, cmp.getRhs());
    // [verify.encoding.addr]: comparing the aligned addresses of two views
    // (also after they went through memory) is comparing their buffers.
    if (cmp.getPredicate() == arith::CmpIPredicate::eq ||
        cmp.getPredicate() == arith::CmpIPredicate::ne) {
      Expr same = indexEq(a, b);
      bind(cmp, SymValue::boolean(cmp.getPredicate() ==
                                          arith::CmpIPredicate::eq
                                      ? same
                                      : ctx.mkNot(same)));
      return true;
    }
    Cmp p;
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::eq: p = Cmp::Eq; break;
    case arith::CmpIPredicate::ne: p = Cmp::Ne; break;
    case arith::CmpIPredicate::slt: p = Cmp::Slt; break;
    case arith::CmpIPredicate::sle: p = Cmp::Sle; break;
    case arith::CmpIPredicate::sgt: p = Cmp::Sgt; break;
    case arith::CmpIPredicate::sge: p = Cmp::Sge; break;
    case arith::CmpIPredicate::ult: p = Cmp::Ult; break;
    case arith::CmpIPredicate::ule: p = Cmp::Ule; break;
    case arith::CmpIPredicate::ugt: p = Cmp::Ugt; break;
    case arith::CmpIPredicate::uge: p = Cmp::Uge; break;
    }
    bind(cmp, SymValue::boolean(ctx.mkCmp(p, a, b)));
    return true;
  }
  // Boolean connectives on i1 stay Boolean.
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) &&
      isI1(op->getResult(0).getType())) {
    Expr a = getBool(op->getOperand(0)), b = getBool(op->getOperand(1));
    Expr r = isa<arith::AndIOp>(op)  ? ctx.mkAnd(a, b)
             : isa<arith::OrIOp>(op) ? ctx.mkOr(a, b)
                                     : ctx.mkNe(a, b);
    bind(op->getResult(0), SymValue::boolean(r));
    return true;
  }
  std::optional<BinOp> bin;
  if (isa<arith::AddIOp>(op)) bin = BinOp::Add;
  else if (isa<arith::SubIOp>(op)) bin = BinOp::Sub;
  else if (isa<arith::MulIOp>(op)) bin = BinOp::Mul;
  else if (isa<arith::AndIOp>(op)) bin = BinOp::And;
  else if (isa<arith::OrIOp>(op)) bin = BinOp::Or;
  else if (isa<arith::XOrIOp>(op)) bin = BinOp::Xor;
  else if (isa<arith::ShLIOp>(op)) bin = BinOp::Shl;
  else if (isa<arith::ShRUIOp>(op)) bin = BinOp::LShr;
  else if (isa<arith::ShRSIOp>(op)) bin = BinOp::AShr;
  else if (isa<arith::DivSIOp>(op)) bin = BinOp::SDiv;
  else if (isa<arith::DivUIOp>(op)) bin = BinOp::UDiv;
  else if (isa<arith::RemSIOp>(op)) bin = BinOp::SRem;
  else if (isa<arith::RemUIOp>(op)) bin = BinOp::URem;
  bool rounding = isa<arith::FloorDivSIOp, arith::CeilDivSIOp,
                      arith::CeilDivUIOp>(op);
  if (bin || rounding) {
    Expr a = asBV(*this, op->getOperand(0)), b = asBV(*this, op->getOperand(1));
    unsigned w = a.bvWidth();
    bool isSigned = isa<arith::DivSIOp, arith::RemSIOp, arith::FloorDivSIOp,
                        arith::CeilDivSIOp>(op);
    if (rounding || *bin == BinOp::SDiv || *bin == BinOp::UDiv ||
        *bin == BinOp::SRem || *bin == BinOp::URem) {
      // [op.arith.ub], as dealloc-run: division or remainder by zero, and
      // MIN / -1 for every signed division and remainder, stop the run.
      Expr ub = ctx.mkEq(b, ctx.bvVal(w, 0));
      if (isSigned) {
        Expr min = w == 1 ? ctx.bvVal(1, 1)
                          : ctx.mkConcat(ctx.bvVal(1, 1), ctx.bvVal(w - 1, 0));
        ub = ctx.mkOr(ub, ctx.mkAnd(ctx.mkEq(a, min),
                                    ctx.mkEq(b, ctx.bvVal(w, -1))));
      }
      // An uninitialized operand yields the uninitialized value before any
      // check ([op.uninit.flow]), as in dealloc-run.
      heap.stop(st, ctx.mkAnd(ub, operandsInitialized(*this, op)), loc, StopKind::DivisionUB,
                "undefined behaviour in " + op->getName().getStringRef().str());
    }
    Expr r;
    if (bin) {
      r = ctx.mkBin(*bin, a, b);
    } else if (isa<arith::CeilDivUIOp>(op)) {
      Expr q = ctx.mkBin(BinOp::UDiv, a, b);
      Expr rem = ctx.mkBin(BinOp::URem, a, b);
      r = ctx.mkIte(ctx.mkEq(rem, ctx.bvVal(w, 0)), q,
                    ctx.mkBin(BinOp::Add, q, ctx.bvVal(w, 1)));
    } else {
      // Truncating quotient, corrected by one where the remainder is not
      // zero and the exact quotient is negative (floor) / positive (ceil).
      Expr q = ctx.mkBin(BinOp::SDiv, a, b);
      Expr rem = ctx.mkBin(BinOp::SRem, a, b);
      Expr zero = ctx.bvVal(w, 0);
      Expr negative = ctx.mkNe(ctx.mkCmp(Cmp::Slt, rem, zero),
                               ctx.mkCmp(Cmp::Slt, b, zero));
      Expr inexact = ctx.mkNe(rem, zero);
      if (isa<arith::FloorDivSIOp>(op))
        r = ctx.mkIte(ctx.mkAnd(inexact, negative),
                      ctx.mkBin(BinOp::Sub, q, ctx.bvVal(w, 1)), q);
      else
        r = ctx.mkIte(ctx.mkAnd(inexact, ctx.mkNot(negative)),
                      ctx.mkBin(BinOp::Add, q, ctx.bvVal(w, 1)), q);
    }
    if (bin && (*bin == BinOp::Shl || *bin == BinOp::LShr ||
                *bin == BinOp::AShr)) {
      // dealloc-run: a shift by the width or more yields the uninitialized
      // (poison) value, which the encoding leaves unconstrained.
      r = ctx.mkIte(ctx.mkCmp(Cmp::Uge, b, ctx.bvVal(w, w)),
                    ctx.freshBV("poison", w), r);
    }
    bind(op->getResult(0), fromBV(*this, op->getResult(0).getType(), r));
    return true;
  }
  if (isa<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(op)) {
    Expr a = asBV(*this, op->getOperand(0)), b = asBV(*this, op->getOperand(1));
    Cmp p = isa<arith::MaxSIOp>(op)   ? Cmp::Sgt
            : isa<arith::MinSIOp>(op) ? Cmp::Slt
            : isa<arith::MaxUIOp>(op) ? Cmp::Ugt
                                      : Cmp::Ult;
    bind(op->getResult(0), fromBV(*this, op->getResult(0).getType(),
                                  ctx.mkIte(ctx.mkCmp(p, a, b), a, b)));
    return true;
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(op)) {
    Expr a = asBV(*this, op->getOperand(0));
    Type rt = op->getResult(0).getType();
    unsigned w = scalarWidth(rt);
    bool sign = isa<arith::IndexCastOp, arith::ExtSIOp>(op);
    Expr r = w <= a.bvWidth() ? ctx.mkTrunc(a, w)
             : sign           ? ctx.mkSExt(a, w)
                              : ctx.mkZExt(a, w);
    bind(op->getResult(0), fromBV(*this, rt, r));
    return true;
  }
  // Floating point: values are bit patterns; addf/subf/mulf/divf and cmpf
  // are IEEE-754 (round to nearest even), other float ops uninterpreted
  // functions (an over-approximation, [verify.encoding.float]).
  if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
          arith::CmpFOp>(op)) {
    auto ft = dyn_cast<FloatType>(op->getOperand(0).getType());
    if (ft && scalarWidth(ft)) {
      unsigned sbits = ft.getFPMantissaWidth(); // includes the hidden bit
      unsigned ebits = ft.getWidth() - sbits;
      Expr a = asBV(*this, op->getOperand(0)), b = asBV(*this, op->getOperand(1));
      if (auto cmpf = dyn_cast<arith::CmpFOp>(op)) {
        bind(cmpf, SymValue::boolean(ctx.mkFloatCmp(
                       (unsigned)cmpf.getPredicate(), a, b, ebits, sbits)));
        return true;
      }
      auto k = isa<arith::AddFOp>(op)   ? smt::Context::FBinOp::Add
               : isa<arith::SubFOp>(op) ? smt::Context::FBinOp::Sub
               : isa<arith::MulFOp>(op) ? smt::Context::FBinOp::Mul
                                        : smt::Context::FBinOp::Div;
      bind(op->getResult(0), SymValue::bv(ctx.mkFloatBin(k, a, b, ebits, sbits)));
      return true;
    }
  }
  // Only the float ops the reference semantics has ([op.arith.ops],
  // [op.arith.cast]): any other is UNSUPPORTED, as in dealloc-run
  // ([verify.unsupported]; `arith.bitcast` was an uninterpreted function).
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::NegFOp, arith::RemFOp,
          arith::MaxNumFOp, arith::MaximumFOp, arith::MinNumFOp,
          arith::MinimumFOp, arith::FPToSIOp, arith::FPToUIOp,
          arith::SIToFPOp, arith::UIToFPOp>(op)) {
    Type rt = op->getResult(0).getType();
    if (!scalarWidth(rt))
      return unsupported(op, "op not modelled");
    std::vector<Expr> args;
    for (Value v : op->getOperands())
      args.push_back(asBV(*this, v));
    Expr r = ctx.mkUF(op->getName().getStringRef().str(), args,
                      scalarWidth(rt));
    bind(op->getResult(0), fromBV(*this, rt, r));
    return true;
  }
  handled = false;
  return true;
}
