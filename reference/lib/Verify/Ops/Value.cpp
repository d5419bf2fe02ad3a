//===- Value.cpp - Scalar widths and bit-vector values --------------------===//
//
// What the encoders share about values (mirrors Semantics/Value.cpp): the
// width of a modelled scalar, the bytes of an element, a value as a
// bit-vector and back, and the zero of a type.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Value.h"
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
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

unsigned dealloc::verify::scalarWidth(Type t) {
  // [op.complex.values]: a complex number is the pattern of its two parts.
  if (Type part = complexPartType(t))
    return 2 * scalarWidth(part);
  if (t.isIndex())
    return kIndexWidth;
  if (auto it = dyn_cast<IntegerType>(t))
    return it.getWidth() <= 64 ? it.getWidth() : 0;
  if (auto ft = dyn_cast<FloatType>(t))
    return ft.getWidth() <= 64 ? ft.getWidth() : 0;
  return 0;
}

static bool isI1(Type t) { return t.isInteger(1); }

unsigned dealloc::verify::elementBytes(Type t) {
  return (scalarWidth(t) + 7) / 8;
}

Expr dealloc::verify::byteExtent(Encoder &E, const View &v,
                                 unsigned elemBytes) {
  smt::Context &ctx = E.ctx;
  // [buffer.contents]: (offset + sum (size_k - 1) * stride_k + 1) elements,
  // or none if some size is 0.
  Expr last = v.offset;
  std::vector<Expr> empty;
  for (auto [size, stride] : llvm::zip(v.sizes, v.strides)) {
    empty.push_back(ctx.mkEq(size, ctx.bvVal(kIndexWidth, 0)));
    last = last + (size - 1) * stride;
  }
  Expr bytes = (last + 1) * int64_t(elemBytes);
  return ctx.mkIte(ctx.mkOr(empty), ctx.bvVal(kIndexWidth, 0), bytes);
}

/// An integer-like operand as a bit-vector (i1 as 1 bit).
Expr dealloc::verify::asBV(Encoder &E, Value v) {
  const SymValue &s = E.get(v);
  if (s.kind == SymValue::Kind::Bool)
    return E.ctx.boolToBV(s.e, 1);
  return s.e;
}

SymValue dealloc::verify::fromBV(Encoder &E, Type t, Expr e) {
  if (t.isInteger(1))
    return SymValue::boolean(E.ctx.bvToBool(e));
  return SymValue::bv(e);
}

SymValue dealloc::verify::zeroOf(Encoder &E, Type t) {
  smt::Context &ctx = E.ctx;
  if (isI1(t))
    return SymValue::boolean(ctx.boolVal(false));
  return SymValue::bv(ctx.bvVal(scalarWidth(t), 0));
}

std::vector<Expr> dealloc::verify::shapeOf(Encoder &E, MemRefType t,
                                           ArrayRef<Expr> dyn) {
  SymbolicHeap &heap = E.heap;
  SymbolicArith d(heap);
  view::Ints<SymbolicArith> sizes = view::shapeOf(d, t, dyn);
  return std::vector<Expr>(sizes.begin(), sizes.end());
}
