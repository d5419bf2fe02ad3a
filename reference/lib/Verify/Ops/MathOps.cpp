//===- MathOps.cpp - math ops, as dealloc-run computes them ---------------===//
//
// spec/operations.md, [op.math]. Exact where the op is a bit operation on
// the value's pattern (math.absi; math.absf and math.copysign on the sign
// bit); the other float ops are uninterpreted functions of their operands'
// bit patterns, an over-approximation as for arith's other float ops
// ([verify.encoding.float]): a counterexample that depends on their values
// is replayed by dealloc-run before it is reported.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "dealloc/Semantics/TypeSupport.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

/// [op.math]: the math op `op`'s result.
static bool mathResult(Encoder &E, Operation *op) {
  smt::Context &c = E.ctx;
  Type rt = laneType(op->getResult(0).getType()); // [op.vector.elementwise]
  unsigned w = scalarWidth(rt);
  if (!w)
    return E.unsupported(op, "op not modelled");
  Expr x = asBV(E, op->getOperand(0));
  Expr zero = c.bvVal(w, 0);
  Expr sign = c.mkBin(BinOp::Shl, c.bvVal(w, 1), c.bvVal(w, w - 1));
  Expr magnitude = c.mkBin(BinOp::Xor, c.bvVal(w, -1), sign);
  Expr r;
  if (isa<math::AbsIOp>(op)) {
    r = c.mkIte(c.mkCmp(Cmp::Slt, x, zero), c.mkBin(BinOp::Sub, zero, x), x);
  } else if (isa<math::AbsFOp>(op)) {
    r = c.mkBin(BinOp::And, x, magnitude);
  } else if (isa<math::CopySignOp>(op)) {
    Expr y = asBV(E, op->getOperand(1));
    r = c.mkBin(BinOp::Or, c.mkBin(BinOp::And, x, magnitude),
                c.mkBin(BinOp::And, y, sign));
  } else {
    std::vector<Expr> args;
    for (Value v : op->getOperands())
      args.push_back(asBV(E, v));
    r = c.mkUF(op->getName().getStringRef().str(), args, w);
  }
  E.bind(op->getResult(0), fromBV(E, rt, r));
  return true;
}

bool Encoder::encodeMath(Operation *op, State &st) {
  if (!mathResult(*this, op))
    return false;
  arithInitialized(*this, st, op);
  return true;
}
