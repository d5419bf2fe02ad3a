//===- ArithOps.cpp - Symbolic semantics of arith ops ---------------------===//
//
// spec/operations.md [op.arith.*] and [op.index.*] in SMT terms
// (docs/verifier-design.md [verify.encoding], [verify.encoding.float],
// [verify.encoding.addr]):
// integers are bit-vectors of their width, i1 Booleans, floats bit patterns
// with IEEE-754 add/sub/mul/div/cmp and uninterpreted other float ops.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"
#include "dealloc/Semantics/IntOps.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/OpTable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

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

/// The solver's comparison for an `arith.cmpi` predicate.
static Cmp cmpOf(arith::CmpIPredicate p) {
  switch (p) {
  case arith::CmpIPredicate::eq:
    return Cmp::Eq;
  case arith::CmpIPredicate::ne:
    return Cmp::Ne;
  case arith::CmpIPredicate::slt:
    return Cmp::Slt;
  case arith::CmpIPredicate::sle:
    return Cmp::Sle;
  case arith::CmpIPredicate::sgt:
    return Cmp::Sgt;
  case arith::CmpIPredicate::sge:
    return Cmp::Sge;
  case arith::CmpIPredicate::ult:
    return Cmp::Ult;
  case arith::CmpIPredicate::ule:
    return Cmp::Ule;
  case arith::CmpIPredicate::ugt:
    return Cmp::Ugt;
  case arith::CmpIPredicate::uge:
    return Cmp::Uge;
  }
  llvm_unreachable("unknown arith.cmpi predicate");
}

/// [op.arith.constant]: integers as bit-vectors (i1 as a Boolean), floats
/// as their bit patterns.
static bool encodeConstant(Encoder &E, arith::ConstantOp c) {
  Type t = c.getType();
  if (auto ia = dyn_cast<IntegerAttr>(c.getValue())) {
    if (isI1(t))
      E.bind(c, SymValue::boolean(E.ctx.boolVal(!ia.getValue().isZero())));
    else
      E.bind(c, SymValue::bv(
                    E.ctx.bvVal(scalarWidth(t), ia.getValue().getSExtValue())));
    return true;
  }
  if (auto fa = dyn_cast<FloatAttr>(c.getValue())) {
    APInt bits = fa.getValue().bitcastToAPInt();
    E.bind(c, SymValue::bv(E.ctx.bvVal(bits.getBitWidth(),
                                       (int64_t)bits.getZExtValue())));
    return true;
  }
  return E.unsupported(c, "constant of this type not modelled");
}

static bool encodeSelect(Encoder &E, arith::SelectOp s) {
  smt::Context &ctx = E.ctx;
  Expr c = E.getBool(s.getCondition());
  const SymValue &t = E.get(s.getTrueValue()), &f = E.get(s.getFalseValue());
  SymValue r = E.heap.mergeValues({c, ctx.mkNot(c)}, {&t, &f});
  // [verify.encoding.addr]: a selected aligned address is the address of
  // the selected view (the reference pipeline selects the retained
  // pointers of a select chain, which are then compared as buffer
  // identities, not as 64-bit address terms).
  if (r.kind == SymValue::Kind::BV && t.kind == SymValue::Kind::BV &&
      f.kind == SymValue::Kind::BV) {
    auto vt = E.env().addressViews().find(t.e.termId());
    auto vf = E.env().addressViews().find(f.e.termId());
    if (vt != E.env().addressViews().end() &&
        vf != E.env().addressViews().end()) {
      SymValue a = SymValue::memref(vt->second);
      SymValue b = SymValue::memref(vf->second);
      View v = E.heap.mergeValues({c, ctx.mkNot(c)}, {&a, &b}).view;
      v.addr = r.e;
      E.env().addressViews().try_emplace(r.e.termId(), std::move(v));
    }
  }
  E.bind(s, std::move(r));
  return true;
}

/// arith.cmpi, and index.cmp with its predicate as arith's.
static bool encodeCmpI(Encoder &E, Operation *cmp, arith::CmpIPredicate p) {
  Expr a = asBV(E, cmp->getOperand(0)), b = asBV(E, cmp->getOperand(1));
  // [verify.encoding.addr]: comparing the aligned addresses of two views
  // (also after they went through memory) is comparing their buffers.
  if (p == arith::CmpIPredicate::eq || p == arith::CmpIPredicate::ne) {
    Expr same = E.indexEq(a, b);
    E.bind(cmp->getResult(0), SymValue::boolean(p == arith::CmpIPredicate::eq
                                                    ? same
                                                    : E.ctx.mkNot(same)));
    return true;
  }
  E.bind(cmp->getResult(0), SymValue::boolean(E.ctx.mkCmp(cmpOf(p), a, b)));
  return true;
}

/// Boolean connectives on i1 stay Boolean.
static bool encodeBoolean(Encoder &E, Operation *op) {
  smt::Context &ctx = E.ctx;
  Expr a = E.getBool(op->getOperand(0)), b = E.getBool(op->getOperand(1));
  Expr r = isa<arith::AndIOp>(op)  ? ctx.mkAnd(a, b)
           : isa<arith::OrIOp>(op) ? ctx.mkOr(a, b)
                                   : ctx.mkNe(a, b);
  E.bind(op->getResult(0), SymValue::boolean(r));
  return true;
}

/// Integer binary ops (OpTable.def names their kind): the arithmetic and
/// its conditions of Support/IntArith.h, on bit-vectors, as dealloc-run
/// computes them on APInts. [op.arith.ub]: division or remainder by zero,
/// and MIN / -1 for every signed division and remainder, stop the run; a
/// shift by the width or more yields the uninitialized (poison) value,
/// which the encoding leaves unconstrained.
static bool encodeIntegerBinary(Encoder &E, State &st, Operation *op, IntOp k) {
  smt::Context &ctx = E.ctx;
  Expr a = asBV(E, op->getOperand(0)), b = asBV(E, op->getOperand(1));
  SymbolicInts d{ctx};
  ints::Result<SymbolicInts> r = ints::binary(d, k, a, b);
  if (r.divByZero) {
    Expr ub = r.overflow ? ctx.mkOr(*r.divByZero, *r.overflow) : *r.divByZero;
    // An uninitialized operand yields the uninitialized value before any
    // check ([op.uninit.flow]), as in dealloc-run.
    E.heap.stop(st, ctx.mkAnd(ub, operandsInitialized(E, op)), op->getLoc(),
                StopKind::DivisionUB,
                "undefined behaviour in " + op->getName().getStringRef().str());
  }
  Expr v = r.value;
  if (r.poison)
    v = ctx.mkIte(*r.poison, ctx.freshBV("poison", a.bvWidth()), v);
  E.bind(op->getResult(0), fromBV(E, laneType(op->getResult(0).getType()), v));
  return true;
}

static bool encodeIntegerCast(Encoder &E, Operation *op) {
  smt::Context &ctx = E.ctx;
  Expr a = asBV(E, op->getOperand(0));
  Type rt = laneType(op->getResult(0).getType());
  unsigned w = scalarWidth(rt);
  bool sign = isa<arith::IndexCastOp, arith::ExtSIOp, index::CastSOp>(op);
  Expr r = w <= a.bvWidth() ? ctx.mkTrunc(a, w)
           : sign           ? ctx.mkSExt(a, w)
                            : ctx.mkZExt(a, w);
  E.bind(op->getResult(0), fromBV(E, rt, r));
  return true;
}

/// [op.arith.bitcast]: the operand's bits. The bits of a NaN are not
/// pinned down (dealloc-run's are those of the NaN it holds, IEEE
/// arithmetic's are the platform's): a NaN operand of a float type gives
/// the bits of any NaN (all exponent bits set, a mantissa that is not 0),
/// an over-approximation.
static bool encodeBitcast(Encoder &E, Operation *op) {
  smt::Context &ctx = E.ctx;
  Expr a = asBV(E, op->getOperand(0));
  if (auto ft = dyn_cast<FloatType>(laneType(op->getOperand(0).getType()))) {
    unsigned sbits = ft.getFPMantissaWidth(); // includes the hidden bit
    unsigned w = ft.getWidth(), ebits = w - sbits, m = sbits - 1;
    Expr nan =
        ctx.mkFloatCmp((unsigned)arith::CmpFPredicate::UNO, a, a, ebits, sbits);
    uint64_t mantMask = (uint64_t(1) << m) - 1;
    uint64_t expMask = ((uint64_t(1) << ebits) - 1) << m;
    Expr bits = ctx.mkBin(smt::Context::BinOp::Or, ctx.freshBV("nan_bits", w),
                          ctx.bvVal(w, int64_t(expMask)));
    Expr mant = ctx.mkBin(smt::Context::BinOp::And, bits,
                          ctx.bvVal(w, int64_t(mantMask)));
    bits = ctx.mkIte(ctx.mkEq(mant, ctx.bvVal(w, 0)),
                     ctx.mkBin(smt::Context::BinOp::Or, bits, ctx.bvVal(w, 1)),
                     bits);
    a = ctx.mkIte(nan, bits, a);
  }
  E.bind(op->getResult(0), fromBV(E, laneType(op->getResult(0).getType()), a));
  return true;
}

/// addf/subf/mulf/divf and cmpf on a modelled float type: IEEE-754 (round to
/// nearest even; [verify.encoding.float]).
static bool encodeIEEE(Encoder &E, Operation *op, FloatType ft) {
  smt::Context &ctx = E.ctx;
  unsigned sbits = ft.getFPMantissaWidth(); // includes the hidden bit
  unsigned ebits = ft.getWidth() - sbits;
  Expr a = asBV(E, op->getOperand(0)), b = asBV(E, op->getOperand(1));
  if (auto cmpf = dyn_cast<arith::CmpFOp>(op)) {
    E.bind(cmpf, SymValue::boolean(ctx.mkFloatCmp((unsigned)cmpf.getPredicate(),
                                                  a, b, ebits, sbits)));
    return true;
  }
  auto k = isa<arith::AddFOp>(op)   ? smt::Context::FBinOp::Add
           : isa<arith::SubFOp>(op) ? smt::Context::FBinOp::Sub
           : isa<arith::MulFOp>(op) ? smt::Context::FBinOp::Mul
                                    : smt::Context::FBinOp::Div;
  E.bind(op->getResult(0), SymValue::bv(ctx.mkFloatBin(k, a, b, ebits, sbits)));
  return true;
}

/// The other float ops the reference semantics has ([op.arith.ops],
/// [op.arith.cast]): uninterpreted functions (an over-approximation,
/// [verify.encoding.float]).
static bool encodeUninterpreted(Encoder &E, Operation *op) {
  Type rt = laneType(op->getResult(0).getType());
  if (!scalarWidth(rt))
    return E.unsupported(op, "op not modelled");
  std::vector<Expr> args;
  for (Value v : op->getOperands())
    args.push_back(asBV(E, v));
  Expr r =
      E.ctx.mkUF(op->getName().getStringRef().str(), args, scalarWidth(rt));
  E.bind(op->getResult(0), fromBV(E, rt, r));
  return true;
}

/// The result of the arith or index op `op` (its initializedness aside).
static bool arithResult(Encoder &E, State &st, Operation *op) {
  smt::Context &ctx = E.ctx;
  if (llvm::any_of(op->getOperandTypes(), isWideScalar) ||
      llvm::any_of(op->getResultTypes(), isWideScalar))
    return E.unsupported(op, "integers and floats wider than 64 bits are not "
                             "modelled");
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return encodeConstant(E, c);
  if (auto s = dyn_cast<arith::SelectOp>(op))
    return encodeSelect(E, s);
  if (auto cmp = dyn_cast<arith::CmpIOp>(op))
    return encodeCmpI(E, cmp, cmp.getPredicate());
  // [op.index.ops]: the index dialect's constants and comparison.
  if (auto cmp = dyn_cast<index::CmpOp>(op))
    return encodeCmpI(E, cmp, cmpPredicateOf(cmp.getPred()));
  if (auto c = dyn_cast<index::ConstantOp>(op)) {
    E.bind(c,
           SymValue::bv(ctx.bvVal(64, (int64_t)c.getValue().getZExtValue())));
    return true;
  }
  if (auto c = dyn_cast<index::BoolConstantOp>(op)) {
    E.bind(c, SymValue::boolean(ctx.boolVal(c.getValue())));
    return true;
  }
  if (isa<index::SizeOfOp>(op)) {
    E.bind(op->getResult(0), SymValue::bv(ctx.bvVal(64, 64)));
    return true;
  }
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) &&
      isI1(laneType(op->getResult(0).getType())))
    return encodeBoolean(E, op);
  if (std::optional<IntOp> k = intOpOf(op))
    return encodeIntegerBinary(E, st, op, *k);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp, index::CastSOp, index::CastUOp>(op))
    return encodeIntegerCast(E, op);
  if (isa<arith::BitcastOp>(op))
    return encodeBitcast(E, op);
  if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
          arith::CmpFOp>(op)) {
    auto ft = dyn_cast<FloatType>(laneType(op->getOperand(0).getType()));
    if (ft && scalarWidth(ft))
      return encodeIEEE(E, op, ft);
  }
  // Any other float op is UNSUPPORTED, as in dealloc-run
  // ([verify.unsupported]).
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::NegFOp, arith::RemFOp,
          arith::MaxNumFOp, arith::MaximumFOp, arith::MinNumFOp,
          arith::MinimumFOp, arith::FPToSIOp, arith::FPToUIOp, arith::SIToFPOp,
          arith::UIToFPOp>(op))
    return encodeUninterpreted(E, op);
  return E.notEncoded(op);
}

bool Encoder::encodeArith(Operation *op, State &st) {
  if (!arithResult(*this, st, op))
    return false;
  arithInitialized(*this, st, op);
  return true;
}
