//===- AffineOps.cpp - affine maps, affine.load / store -------------------===//
//
// spec/operations.md [op.affine.apply], as dealloc-run evaluates it
// (Semantics/AffineOps.cpp): the map on the operands (dimensions first,
// then symbols) in 64-bit two's complement; `mod`, `floordiv` and `ceildiv`
// by a non-positive value stop the run (UNKNOWN); `affine.min` / `max` take
// the signed minimum / maximum of the map's results. An operand that is
// uninitialized stops the run ([op.uninit.control]), as dealloc-run's
// evaluation requires initialized integers. affine.load / affine.store
// ([op.affine.access]) are memref.load / store at the map's results;
// affine.for / affine.if are encoded with scf's (Verify/Ops/ControlOps.cpp).
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"

#include "dealloc/Support/AccessOps.h"
#include "dealloc/Support/AffineMapOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

namespace {
/// The value of one affine expression; `divisors` collects those of mod /
/// floordiv / ceildiv, which must be positive.
struct AffineTerms {
  smt::Context &c;
  llvm::ArrayRef<Expr> dims, syms;
  std::vector<Expr> divisors;

  /// By a constant 2^s, the same values without division (which Z3
  /// bit-blasts into a large circuit): floordiv is the arithmetic shift,
  /// mod the low s bits, ceildiv the shift plus one if a low bit is set
  /// (no intermediate overflows, even at the extremes of 64 bits).
  Expr powerOfTwo(AffineExprKind kind, Expr l, int64_t k) {
    Expr shift = c.bvVal(kIndexWidth, llvm::Log2_64(k));
    Expr low = c.mkBin(BinOp::And, l, c.bvVal(kIndexWidth, k - 1));
    if (kind == AffineExprKind::Mod)
      return low;
    Expr floor = c.mkBin(BinOp::AShr, l, shift);
    if (kind == AffineExprKind::FloorDiv)
      return floor;
    Expr zero = c.bvVal(kIndexWidth, 0), one = c.bvVal(kIndexWidth, 1);
    return c.mkBin(BinOp::Add, floor, c.mkIte(c.mkNe(low, zero), one, zero));
  }

  Expr eval(AffineExpr e) {
    if (auto k = dyn_cast<AffineConstantExpr>(e))
      return c.bvVal(kIndexWidth, k.getValue());
    if (auto d = dyn_cast<AffineDimExpr>(e))
      return dims[d.getPosition()];
    if (auto s = dyn_cast<AffineSymbolExpr>(e))
      return syms[s.getPosition()];
    auto bin = cast<AffineBinaryOpExpr>(e);
    Expr l = eval(bin.getLHS()), r = eval(bin.getRHS());
    if (bin.getKind() == AffineExprKind::Add)
      return c.mkBin(BinOp::Add, l, r);
    if (bin.getKind() == AffineExprKind::Mul)
      return c.mkBin(BinOp::Mul, l, r);
    divisors.push_back(r);
    if (auto k = dyn_cast<AffineConstantExpr>(bin.getRHS()))
      if (k.getValue() > 0 && llvm::isPowerOf2_64(k.getValue()))
        return powerOfTwo(bin.getKind(), l, k.getValue());
    // With r > 0: the truncating quotient and remainder, corrected toward
    // minus infinity (mod, floordiv) or plus infinity (ceildiv).
    Expr zero = c.bvVal(kIndexWidth, 0), one = c.bvVal(kIndexWidth, 1);
    Expr q = c.mkBin(BinOp::SDiv, l, r), rem = c.mkBin(BinOp::SRem, l, r);
    Expr inexact = c.mkNe(rem, zero);
    switch (bin.getKind()) {
    case AffineExprKind::Mod:
      return c.mkIte(c.mkCmp(Cmp::Slt, rem, zero), c.mkBin(BinOp::Add, rem, r),
                     rem);
    case AffineExprKind::FloorDiv:
      return c.mkIte(c.mkAnd(inexact, c.mkCmp(Cmp::Slt, l, zero)),
                     c.mkBin(BinOp::Sub, q, one), q);
    default: // CeilDiv
      return c.mkIte(c.mkAnd(inexact, c.mkCmp(Cmp::Sgt, l, zero)),
                     c.mkBin(BinOp::Add, q, one), q);
    }
  }
};
} // namespace

ElementIndex dealloc::verify::affineResults(Encoder &E, AffineMap map,
                                            ValueRange operands) {
  std::vector<Expr> values;
  for (Value v : operands)
    values.push_back(E.getBV(v));
  llvm::ArrayRef<Expr> all(values);
  AffineTerms t{E.ctx,
                all.take_front(map.getNumDims()),
                all.drop_front(map.getNumDims()),
                {}};
  ElementIndex r{operands, {}, Expr()};
  for (AffineExpr e : map.getResults())
    r.indices.push_back(t.eval(e));
  std::vector<Expr> bad;
  for (const Expr &d : t.divisors)
    bad.push_back(E.ctx.mkCmp(Cmp::Sle, d, E.ctx.bvVal(kIndexWidth, 0)));
  if (!bad.empty())
    r.badDivisor = E.ctx.mkOr(bad);
  return r;
}

bool Encoder::encodeAffine(Operation *op, State &st) {
  // [op.affine.access]: memref.load / store at the map's results.
  if (std::optional<ElementAccessOp> acc = asElementAccess(op))
    return encodeElementAccess(*this, st, op, *acc);
  std::optional<AffineMapOp> mop = asAffineMapOp(op);
  if (!mop)
    return notEncoded(op);
  auto [kind, map, operands] = *mop;
  if (map.getNumResults() == 0)
    return unsupported(op, "affine map without results");
  requireInitialized(*this, st, operands, op->getLoc());
  std::vector<Expr> values;
  for (Value v : operands)
    values.push_back(getBV(v));
  llvm::ArrayRef<Expr> all(values);
  AffineTerms t{ctx,
                all.take_front(map.getNumDims()),
                all.drop_front(map.getNumDims()),
                {}};
  Expr result;
  for (AffineExpr e : map.getResults()) {
    Expr x = t.eval(e);
    result = result.isNull() ? x
             : kind == AffineMapOp::Min
                 ? ctx.mkIte(ctx.mkCmp(Cmp::Slt, x, result), x, result)
             : kind == AffineMapOp::Max
                 ? ctx.mkIte(ctx.mkCmp(Cmp::Sgt, x, result), x, result)
                 : result;
  }
  std::vector<Expr> bad;
  for (const Expr &d : t.divisors)
    bad.push_back(ctx.mkCmp(Cmp::Sle, d, ctx.bvVal(kIndexWidth, 0)));
  heap.stop(st, ctx.mkOr(bad), op->getLoc(), StopKind::AffineDivisor,
            "affine mod/floordiv/ceildiv by a non-positive value "
            "(undefined behaviour, [op.affine.apply])");
  bind(op->getResult(0), SymValue::bv(result));
  return true;
}
