//===- AccessEncoder.cpp - Element accesses in SMT terms ------------------===//
//
// spec/operations.md [op.memref.access], [op.affine.access],
// [op.memref.atomic_rmw] in SMT terms (docs/verifier-design.md
// [verify.encoding.contents]), with dealloc-run's checks in its order
// (Semantics/MemRefOps.cpp, execElementAccess): [heap.use] by the op's
// memory effects (encodeOpImpl), the index operands, the bounds of the view
// ([safety.oob], view::linearIndex) and of the buffer, then the load, the
// store, or both.
//
//===----------------------------------------------------------------------===//
#include "Encoder.h"
#include "Initialized.h"
#include "SymbolicArith.h"
#include "dealloc/Support/AccessOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

/// The linear element index of `indices` in `v`; records an out-of-bounds
/// stop ([safety.oob]).
static Expr linearIndex(Encoder &E, State &st, const View &v,
                        ArrayRef<Expr> indices, Location loc) {
  SymbolicArith d(E.heap);
  Expr outside;
  Expr lin = view::linearIndex(d, v, indices, outside);
  E.heap.stop(st, outside, loc, StopKind::OutOfBounds, "out-of-bounds access");
  return lin;
}

/// In dealloc-run's order: the indices' operands decide (uninitialized:
/// a stop), then they are computed (a bad divisor: a stop).
static void indexStops(Encoder &E, State &st, const ElementIndex &at,
                       Location loc) {
  requireInitialized(E, st, at.operands, loc);
  if (!at.badDivisor.isNull())
    E.heap.stop(st, at.badDivisor, loc, StopKind::AffineDivisor,
                "affine mod/floordiv/ceildiv by a non-positive value "
                "(undefined behaviour, [op.affine.apply])");
}

/// The checks of an element access of type `t` in dealloc-run's order
/// after [heap.use] (encodeOpImpl): the index operands, the bounds
/// ([safety.oob]). Sets `lin` to the element's linear index; false if
/// UNSUPPORTED.
static bool elementAccess(Encoder &E, State &st, Operation *op, Value memref,
                          const ElementIndex &at, Type t, StringRef what,
                          Expr &lin) {
  Location loc = op->getLoc();
  const View &v = E.getView(memref);
  if (v.retyped && !E.heap.byteContents)
    return E.unsupported(op, (what == "write" ? "store" : "load") +
                                 std::string(" through a memref.view result"));
  if (!scalarWidth(t))
    return E.unsupported(op, "element type not modelled");
  indexStops(E, st, at, loc);
  lin = linearIndex(E, st, v, at.indices, loc);
  checkInBuffer(E, st, v, lin, elementBytes(t), loc);
  return true;
}

SymValue dealloc::verify::loadElement(Encoder &E, State &st, const View &v,
                                      Expr lin, Type t) {
  Expr raw = E.heap.load(st, v, lin, elementBytes(t));
  SymValue loaded = fromBV(E, t, E.ctx.mkTrunc(raw, scalarWidth(t)));
  // [buffer.contents.uninit]: a load touching an uninitialized byte.
  Expr init = E.heap.loadInit(st, v, lin, elementBytes(t));
  if (!init.isTrue())
    loaded.init = init;
  return loaded;
}

void dealloc::verify::storeElement(Encoder &E, State &st, const View &v,
                                   Expr lin, Type t, const SymValue &value) {
  Expr bits = value.kind == SymValue::Kind::Bool
                  ? E.ctx.boolToBV(value.e, 1)
                  : value.e;
  // [op.uninit.flow]: storing the uninitialized value uninitializes.
  E.heap.store(st, v, lin, E.ctx.mkZExt(bits, 64),
               elementBytes(t), value.init);
}

/// [op.memref.atomic_rmw]: `old <kind> value` as the arith ops compute it
/// (ArithEncoder.cpp: integers exactly, addf / mulf in IEEE-754, the other
/// float kinds as uninterpreted functions), uninitialized if an operand is
/// (except for `assign`).
SymValue dealloc::verify::combineValues(Encoder &E, arith::AtomicRMWKind kind,
                                        Type t, const SymValue &old,
                                        const SymValue &val) {
  using K = arith::AtomicRMWKind;
  smt::Context &c = E.ctx;
  if (kind == K::assign)
    return val;
  auto bv = [&](const SymValue &x) {
    return x.kind == SymValue::Kind::Bool ? c.boolToBV(x.e, 1) : x.e;
  };
  Expr a = bv(old), b = bv(val), r;
  auto pick = [&](Cmp p) { return c.mkIte(c.mkCmp(p, a, b), a, b); };
  auto ft = dyn_cast<FloatType>(t);
  unsigned sbits = ft ? ft.getFPMantissaWidth() : 0;
  unsigned ebits = ft ? ft.getWidth() - sbits : 0;
  switch (kind) {
  case K::addi: r = c.mkBin(BinOp::Add, a, b); break;
  case K::muli: r = c.mkBin(BinOp::Mul, a, b); break;
  case K::andi: r = c.mkBin(BinOp::And, a, b); break;
  case K::ori: r = c.mkBin(BinOp::Or, a, b); break;
  case K::xori: r = c.mkBin(BinOp::Xor, a, b); break;
  case K::maxs: r = pick(Cmp::Sge); break;
  case K::maxu: r = pick(Cmp::Uge); break;
  case K::mins: r = pick(Cmp::Sle); break;
  case K::minu: r = pick(Cmp::Ule); break;
  case K::addf:
    r = c.mkFloatBin(smt::Context::FBinOp::Add, a, b, ebits, sbits);
    break;
  case K::mulf:
    r = c.mkFloatBin(smt::Context::FBinOp::Mul, a, b, ebits, sbits);
    break;
  default: // maximumf, minimumf, maxnumf, minnumf: as ArithEncoder.cpp
    r = c.mkUF(("arith." + arith::stringifyAtomicRMWKind(kind)).str(),
               {a, b}, scalarWidth(t));
    break;
  }
  SymValue out = fromBV(E, t, r);
  std::vector<Expr> inits;
  for (const SymValue *x : {&old, &val})
    if (!x->init.isNull())
      inits.push_back(x->init);
  if (!inits.empty())
    out.init = c.mkAnd(inits);
  return out;
}

/// The index of `acc`'s element: its operands, or its map's results on
/// them.
static ElementIndex indexOf(Encoder &E, const ElementAccessOp &acc) {
  if (acc.map)
    return affineResults(E, acc.map, acc.operands);
  ElementIndex at{acc.operands, {}, Expr()};
  for (Value i : acc.operands)
    at.indices.push_back(E.getBV(i));
  return at;
}

bool dealloc::verify::encodeElementAccess(Encoder &E, State &st, Operation *op,
                                          const ElementAccessOp &acc) {
  using A = ElementAccessOp;
  bool store = acc.kind == A::Store;
  Type t = store ? acc.value.getType() : op->getResult(0).getType();
  ElementIndex at = indexOf(E, acc);
  Expr lin;
  if (!elementAccess(E, st, op, acc.memref, at, t, store ? "write" : "read",
                     lin))
    return false;
  if (store) {
    storeElement(E, st, E.getView(acc.memref), lin, t, E.get(acc.value));
    return true;
  }
  SymValue old = loadElement(E, st, E.getView(acc.memref), lin, t);
  E.bind(op->getResult(0), old);
  if (acc.kind == A::AtomicRMW) {
    storeElement(E, st, E.getView(acc.memref), lin, t,
                 combineValues(E, cast<memref::AtomicRMWOp>(op).getKind(), t,
                               old, E.get(acc.value)));
    return true;
  }
  if (acc.kind != A::GenericAtomicRMW)
    return true;
  // generic_atomic_rmw: the body's runs are joined.
  std::vector<RegionExit> exits;
  if (!E.encodeRegion(cast<memref::GenericAtomicRMWOp>(op).getAtomicBody(),
                      {old}, std::move(st), exits))
    return false;
  std::vector<SymValue> vals;
  if (!E.mergeExits(exits, st, vals, "join")) {
    E.heap.kill(st);
    return true;
  }
  storeElement(E, st, E.getView(acc.memref), lin, t, vals.front());
  return true;
}
