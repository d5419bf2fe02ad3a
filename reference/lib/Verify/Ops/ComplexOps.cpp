//===- ComplexOps.cpp - complex ops, as dealloc-run computes them ---------===//
//
// spec/operations.md, [op.complex.values], [op.complex]. A complex<f32>
// value is the 64-bit pattern it has in memory: the real part's bits low,
// the imaginary part's high, so loads, stores, copies and fills move it as
// any element ([verify.encoding.contents]). complex.re / complex.im extract
// a part, complex.create and complex.constant concatenate, complex.add and
// complex.sub are the IEEE-754 operations of the part type on each part
// (exact, as arith.addf and arith.subf, [verify.encoding.float]).
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "dealloc/Semantics/Value.h"

#include "mlir/Dialect/Complex/IR/Complex.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using FBinOp = smt::Context::FBinOp;

/// [op.complex]: the result of `op`, or null for a constant whose parts
/// are not floats.
static Expr complexResult(Encoder &E, Operation *op, FloatType part) {
  smt::Context &c = E.ctx;
  unsigned w = part.getWidth();
  auto re = [&](Expr z) { return c.mkExtract(z, w - 1, 0); };
  auto im = [&](Expr z) { return c.mkExtract(z, 2 * w - 1, w); };
  if (auto k = dyn_cast<complex::ConstantOp>(op)) {
    ArrayAttr parts = k.getValue();
    auto r = dyn_cast<FloatAttr>(parts[0]), i = dyn_cast<FloatAttr>(parts[1]);
    if (!r || !i)
      return Expr();
    auto bits = [&](FloatAttr a) {
      return c.bvVal(w, int64_t(a.getValue().bitcastToAPInt().getZExtValue()));
    };
    return c.mkConcat(bits(i), bits(r));
  }
  if (auto cr = dyn_cast<complex::CreateOp>(op))
    return c.mkConcat(E.getBV(cr.getImaginary()), E.getBV(cr.getReal()));
  if (auto r = dyn_cast<complex::ReOp>(op))
    return re(E.getBV(r.getComplex()));
  if (auto i = dyn_cast<complex::ImOp>(op))
    return im(E.getBV(i.getComplex()));
  FBinOp kind = isa<complex::AddOp>(op) ? FBinOp::Add : FBinOp::Sub;
  Expr a = E.getBV(op->getOperand(0)), b = E.getBV(op->getOperand(1));
  unsigned sbits = part.getFPMantissaWidth(), ebits = w - sbits;
  return c.mkConcat(c.mkFloatBin(kind, im(a), im(b), ebits, sbits),
                    c.mkFloatBin(kind, re(a), re(b), ebits, sbits));
}

bool Encoder::encodeComplex(Operation *op, State &st) {
  if (!isa<complex::ConstantOp, complex::CreateOp, complex::ReOp, complex::ImOp,
           complex::AddOp, complex::SubOp>(op))
    return notEncoded(op);
  Type t = op->getResult(0).getType();
  Type part =
      complexPartType(isa<ComplexType>(t) ? t : op->getOperand(0).getType());
  if (!part)
    return unsupported(op, "complex type not modelled");
  Expr r = complexResult(*this, op, cast<FloatType>(part));
  if (r.isNull())
    return unsupported(op, "complex constant whose parts are not floats");
  bind(op->getResult(0), SymValue::bv(r));
  arithInitialized(*this, st, op); // [op.uninit.flow]
  return true;
}
