//===- ComplexOps.cpp - complex ops (spec/operations.md, [op.complex]) ----===//
//
// A complex<f32> value is the pair of its parts ([op.complex.values]): a
// vector value of two float lanes, the real part first, as it is laid out
// in memory. complex.constant, complex.create, complex.re, complex.im, and
// complex.add and complex.sub part by part with the float arithmetic of
// [op.arith.ops] rounded to the part type. An uninitialized operand gives
// the uninitialized value ([op.uninit.flow]).
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "mlir/Dialect/Complex/IR/Complex.h"

using namespace mlir;

namespace dealloc {

bool Machine::execComplex(Operation *op, Frame &f) {
  for (Value v : op->getOperands())
    if (lookup(f, v).isUninit()) { // [op.uninit.flow]
      bind(f, op->getResult(0), RtValue::uninit());
      return true;
    }
  auto part = [&](Value v, unsigned k) { return lookup(f, v).lanes[k].f; };
  if (auto c = dyn_cast<complex::ConstantOp>(op)) {
    ArrayAttr parts = c.getValue();
    auto re = dyn_cast<FloatAttr>(parts[0]), im = dyn_cast<FloatAttr>(parts[1]);
    if (!re || !im)
      return unsupported(op, "complex constant whose parts are not floats");
    bind(f, c,
         RtValue::makeComplex(re.getValueAsDouble(), im.getValueAsDouble()));
    return true;
  }
  if (auto c = dyn_cast<complex::CreateOp>(op)) {
    bind(f, c,
         RtValue::makeComplex(lookup(f, c.getReal()).f,
                              lookup(f, c.getImaginary()).f));
    return true;
  }
  if (auto re = dyn_cast<complex::ReOp>(op)) {
    bind(f, re, RtValue::makeFloat(part(re.getComplex(), 0)));
    return true;
  }
  if (auto im = dyn_cast<complex::ImOp>(op)) {
    bind(f, im, RtValue::makeFloat(part(im.getComplex(), 1)));
    return true;
  }
  bool add = isa<complex::AddOp>(op);
  if (add || isa<complex::SubOp>(op)) {
    Value a = op->getOperand(0), b = op->getOperand(1);
    Type pt = complexPartType(op->getResult(0).getType());
    auto combine = [&](unsigned k) {
      double x = part(a, k), y = part(b, k);
      return roundToFloatType(pt, add ? x + y : x - y);
    };
    bind(f, op->getResult(0), RtValue::makeComplex(combine(0), combine(1)));
    return true;
  }
  return notRun(op);
}

} // namespace dealloc
