//===- LazyVectors.cpp - Vectors whose lanes are made on demand -----------===//
//
// spec/vector.md [op.vector.values], [op.vector.transfer]: a vector of more
// than SolverPolicy::maxPackedLanes lanes in SMT terms (VectorValues.h). Its
// lanes are terms made when an op asks for them: an argument's lane is a
// fresh constant, a read's lane a load from the memory of its op, an
// extract asks its source for the lanes it gives. An op that takes every
// lane (an elementwise op, a write, a reduction) asks for all of them, up
// to SolverPolicy::maxDemandedLanes.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"
#include "Ops/VectorValues.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/VectorAccess.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

const SymValue &LazyVector::lane(int64_t k) {
  auto it = made.find(k);
  if (it == made.end())
    it = made.emplace(k, make(k)).first;
  return it->second;
}

bool dealloc::verify::isLazyVector(Type t) {
  auto vt = dyn_cast<VectorType>(t);
  return vt && vt.getNumElements() > SolverPolicy::maxPackedLanes;
}

SymValue
dealloc::verify::makeLazyVector(Encoder &E, VectorType vt,
                                std::function<SymValue(int64_t)> make) {
  auto lv = std::make_shared<LazyVector>();
  lv->type = vt;
  lv->make = std::move(make);
  SymValue handle = SymValue::bv(E.ctx.freshBV("lazy_vector", 64));
  E.lazyVectors()[handle.e.termId()] = std::move(lv);
  return handle;
}

std::shared_ptr<LazyVector> dealloc::verify::lazyVectorOf(const Encoder &E,
                                                          const SymValue &s) {
  if (s.kind != SymValue::Kind::BV || s.e.isNull())
    return nullptr;
  for (const Encoder *e = &E; e; e = e->inputsFrom()) {
    auto it = e->lazyVectors().find(s.e.termId());
    if (it != e->lazyVectors().end())
      return it->second;
  }
  return nullptr;
}

SymValue dealloc::verify::vectorOfLanes(Encoder &E, VectorType vt,
                                        std::function<SymValue(int64_t)> lane) {
  if (isLazyVector(vt))
    return makeLazyVector(E, vt, std::move(lane));
  std::vector<SymValue> lanes;
  for (int64_t k = 0; k < vt.getNumElements(); ++k)
    lanes.push_back(lane(k));
  return packLanes(E, lanes, vt);
}

std::function<SymValue(int64_t)> dealloc::verify::laneReader(Encoder &E,
                                                             const SymValue &s,
                                                             VectorType vt,
                                                             Location loc) {
  if (!isLazyVector(vt)) {
    auto lanes =
        std::make_shared<std::vector<SymValue>>(unpackLanes(E, s, vt, loc));
    return [lanes](int64_t k) { return (*lanes)[k]; };
  }
  std::shared_ptr<LazyVector> lv = lazyVectorOf(E, s);
  if (!lv) {
    std::string type;
    llvm::raw_string_ostream(type) << vt;
    E.fail(Verdict::Unknown,
           "the lanes of a " + type +
               " value are not known here: a vector of more than " +
               std::to_string(SolverPolicy::maxPackedLanes) +
               " lanes is lazy, and one joined at a merge or carried by a "
               "loop is not modelled ([op.vector.values])",
           loc);
    SymValue zero = zeroOf(E, vt.getElementType());
    return [zero](int64_t) { return zero; };
  }
  return [lv](int64_t k) { return lv->lane(k); };
}

std::vector<SymValue> dealloc::verify::allLazyLanes(Encoder &E,
                                                    const SymValue &s,
                                                    VectorType vt,
                                                    Location loc) {
  int64_t n = vt.getNumElements();
  if (n > SolverPolicy::maxDemandedLanes) {
    std::string type;
    llvm::raw_string_ostream(type) << vt;
    E.fail(Verdict::Unsupported,
           "every lane of a " + type + " value is taken: more than " +
               std::to_string(SolverPolicy::maxDemandedLanes) +
               " lanes of a vector are not modelled in one op "
               "([op.vector.values])",
           loc);
    return std::vector<SymValue>(n, zeroOf(E, vt.getElementType()));
  }
  std::function<SymValue(int64_t)> lane = laneReader(E, s, vt, loc);
  std::vector<SymValue> lanes;
  for (int64_t k = 0; k < n; ++k)
    lanes.push_back(lane(k));
  return lanes;
}

std::vector<std::pair<int64_t, SymValue>>
dealloc::verify::lanesOfVector(Encoder &E, const SymValue &s, VectorType vt) {
  std::vector<std::pair<int64_t, SymValue>> out;
  if (isLazyVector(vt)) {
    if (std::shared_ptr<LazyVector> lv = lazyVectorOf(E, s))
      for (const auto &[k, l] : lv->made)
        out.push_back({k, l});
    return out;
  }
  for (auto [k, l] :
       llvm::enumerate(unpackLanes(E, s, vt, UnknownLoc::get(vt.getContext()))))
    out.push_back({int64_t(k), l});
  return out;
}

bool dealloc::verify::encodeVectorArgument(Encoder &E, func::FuncOp fn,
                                           unsigned i) {
  Type t = fn.getArgument(i).getType();
  if (!isModelledVector(t)) {
    std::string type;
    llvm::raw_string_ostream(type) << t;
    return E.fail(Verdict::Unsupported,
                  "argument #" + std::to_string(i) + " of type " + type +
                      " has no input model" + typeNote(t),
                  fn.getLoc());
  }
  auto vt = cast<VectorType>(t);
  Type elem = vt.getElementType();
  std::string name = "arg" + std::to_string(i) + "_lane";
  smt::Context &c = E.ctx;
  E.boundary().argValues.push_back(
      vectorOfLanes(E, vt, [&c, elem, name](int64_t) {
        if (elem.isInteger(1))
          return SymValue::boolean(c.freshBool(name));
        return SymValue::bv(c.freshBV(name, scalarWidth(elem)));
      }));
  return true;
}

/// [op.vector.transfer], [op.vector.load] of a lazy vector with every
/// dimension in bounds and no mask: every lane is accessed. The lanes'
/// indices along a dimension run from the op's index to index + n - 1, so
/// the lanes at the corners of the vector (each coordinate 0 or n - 1)
/// decide whether any lane's index is undefined (a negative index, or one
/// past the dimension, is one at a corner; a 64-bit index that wraps does
/// so at the last coordinate), and the box of their indices decides
/// whether any lane leaves the buffer (boxOutsideBuffer: exact in 128-bit
/// arithmetic). The lane k, asked for later, is the load of its element
/// from the memory of this op.
bool dealloc::verify::encodeLazyRead(Encoder &E, State &st, Operation *op,
                                     const VectorAccessOp &acc, const View &v) {
  smt::Context &c = E.ctx;
  Location loc = op->getLoc();
  Type elem = cast<MemRefType>(acc.memref.getType()).getElementType();
  requireInitialized(E, st, acc.indices, loc);
  std::vector<Expr> base;
  for (Value i : acc.indices)
    base.push_back(E.getBV(i));
  SymbolicArith d(E.heap);
  ArrayRef<int64_t> shape = acc.type.getShape();
  std::vector<Expr> undefined;
  for (int64_t corner = 0; corner < (int64_t(1) << shape.size()); ++corner) {
    SmallVector<int64_t, 4> coords;
    for (auto [j, n] : llvm::enumerate(shape))
      coords.push_back((corner >> j) & 1 ? n - 1 : 0);
    undefined.push_back(
        laneAccess(d, v, acc, base, coords, c.boolVal(true), c.boolVal(false))
            .undefined);
  }
  E.heap.stop(st, c.mkOr(undefined), loc, StopKind::OutOfBounds,
              kVectorOutOfBounds);
  std::vector<Expr> lo(base), hi(base);
  for (auto [j, dim] : llvm::enumerate(acc.dimOf))
    if (dim >= 0)
      hi[dim] = d.add(hi[dim], d.lit(shape[j] - 1));
  E.heap.stop(st, boxOutsideBuffer(E, v, lo, hi, elementBytes(elem)), loc,
              StopKind::OutOfBounds,
              "out-of-bounds access (outside the buffer's bytes)");
  // The memory of this op: every candidate's contents made now, so that
  // the copy shares them with the state that goes on.
  E.heap.allInitialized(st, v);
  auto at = std::make_shared<State>(st);
  Encoder *enc = &E;
  VectorAccessOp a = acc;
  E.bind(op->getResult(0),
         makeLazyVector(E, acc.type, [enc, at, a, v, base, elem](int64_t k) {
           SymbolicArith d(enc->heap);
           Expr on = enc->ctx.boolVal(true), off = enc->ctx.boolVal(false);
           LaneAccess<SymbolicArith> la = laneAccess(
               d, v, a, base, laneCoords(a.type.getShape(), k), on, off);
           return loadElement(*enc, *at, v, la.lin, elem);
         }));
  return true;
}
