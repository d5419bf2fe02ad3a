//===- Memory.cpp - Allocation, contents copies, element accesses ---------===//
//
// Mirrors Semantics/Memory.cpp. Allocation of symbolic buffers and views,
// contents copies and fills the families share, and element accesses:
// spec/operations.md [op.memref.access], [op.affine.access],
// [op.memref.atomic_rmw] in SMT terms (docs/verifier-design.md
// [verify.encoding.contents]), with dealloc-run's checks in its order
// (Semantics/MemRefOps.cpp, execElementAccess): [heap.use] by the op's
// memory effects (encodeOpImpl), the index operands, the bounds of the view
// ([safety.oob], view::linearIndex) and of the buffer, then the load, the
// store, or both.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"
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
  if (v.retyped && !E.heap.byteContents())
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
  Expr bits =
      value.kind == SymValue::Kind::Bool ? E.ctx.boolToBV(value.e, 1) : value.e;
  // [op.uninit.flow]: storing the uninitialized value uninitializes.
  E.heap.store(st, v, lin, E.ctx.mkZExt(bits, 64), elementBytes(t), value.init);
}

/// [op.memref.atomic_rmw]: `old <kind> value` as the arith ops compute it
/// (Verify/Ops/ArithOps.cpp: integers exactly, addf / mulf in IEEE-754, the
/// other float kinds as uninterpreted functions), uninitialized if an operand
/// is (except for `assign`).
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
  case K::addi:
    r = c.mkBin(BinOp::Add, a, b);
    break;
  case K::muli:
    r = c.mkBin(BinOp::Mul, a, b);
    break;
  case K::andi:
    r = c.mkBin(BinOp::And, a, b);
    break;
  case K::ori:
    r = c.mkBin(BinOp::Or, a, b);
    break;
  case K::xori:
    r = c.mkBin(BinOp::Xor, a, b);
    break;
  case K::maxs:
    r = pick(Cmp::Sge);
    break;
  case K::maxu:
    r = pick(Cmp::Uge);
    break;
  case K::mins:
    r = pick(Cmp::Sle);
    break;
  case K::minu:
    r = pick(Cmp::Ule);
    break;
  case K::addf:
    r = c.mkFloatBin(smt::Context::FBinOp::Add, a, b, ebits, sbits);
    break;
  case K::mulf:
    r = c.mkFloatBin(smt::Context::FBinOp::Mul, a, b, ebits, sbits);
    break;
  default: // maximumf, minimumf, maxnumf, minnumf: as Verify/Ops/ArithOps.cpp
    r = c.mkUF(("arith." + arith::stringifyAtomicRMWKind(kind)).str(), {a, b},
               scalarWidth(t));
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
  if (!encodeRegion(E, std::move(st),
                    cast<memref::GenericAtomicRMWOp>(op).getAtomicBody(), {old},
                    exits))
    return false;
  std::vector<SymValue> vals;
  if (!mergeExits(E, st, exits, vals, "join")) {
    E.heap.kill(st);
    return true;
  }
  storeElement(E, st, E.getView(acc.memref), lin, t, vals.front());
  return true;
}

View dealloc::verify::freshView(Encoder &E, unsigned s, MemRefType t,
                                const std::vector<Expr> &sizes) {
  View v = E.heap.wholeView(s, sizes); // row-major, offset 0
  SymbolicArith d(E.heap);
  view::stridedLayout(d, t, v);
  return v;
}

View dealloc::verify::allocate(Encoder &E, State &st, SlotKind kind,
                               MemRefType t, ArrayRef<Expr> dyn, Operation *op,
                               std::string origin) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  unsigned s = heap.newSlot(kind, op->getLoc(), std::move(origin), &st);
  if (E.sites()) {
    auto it = E.sites()->siteOf.find(op);
    if (it != E.sites()->siteOf.end()) {
      int site = it->second;
      if ((size_t)site >= st.siteCount.size())
        st.siteCount.resize(site + 1, ctx.bvVal(kIndexWidth, 0));
      heap.setAllocationSite(s, site, st.siteCount[site]);
      st.siteCount[site] =
          ctx.mkBin(BinOp::Add, st.siteCount[site], ctx.bvVal(kIndexWidth, 1));
      st.epoch = ctx.mkBin(BinOp::Add, st.epoch, ctx.bvVal(kIndexWidth, 1));
    }
  }
  if (kind == SlotKind::Stack)
    E.nesting().stackSlots.push_back(s);
  heap.event(st, ctx.boolVal(true), op->getLoc(),
             "allocated by " + heap.slot(s).origin, s);
  std::vector<Expr> sizes = shapeOf(E, t, dyn);
  unsigned eb = elementBytes(t.getElementType());
  View v = freshView(E, s, t, sizes);
  // [buffer.contents.uninit]: a fresh buffer's contents are unconstrained.
  // They span every element the descriptor reaches (a strided layout's
  // offset and strides included), not only the product of the sizes.
  heap.initContents(st, s, {byteExtent(E, v, 1)}, /*zero=*/false, eb);
  if (t.getLayout().isIdentity())
    heap.setWhole(s, v);
  // [safety.oob]: the buffer's size bounds every access through its views.
  // Where a dynamic size is so large that sizes in bytes may wrap around
  // 64 bits, the buffer's bounds are not checked (bytes = -1, see
  // outsideBuffer): no false out-of-bounds stops from wrapped arithmetic;
  // dealloc-run stops such allocations anyway ([op.memref.alloc]).
  Expr bytes = byteExtent(E, v, eb);
  if (!dyn.empty()) {
    int64_t limit = int64_t(1) << (56 / t.getRank());
    std::vector<Expr> small;
    for (const Expr &d : dyn)
      small.push_back(ctx.mkCmp(Cmp::Ule, d, ctx.bvVal(kIndexWidth, limit)));
    bytes = ctx.mkIte(ctx.mkAnd(small), bytes, ctx.bvVal(kIndexWidth, -1));
  }
  heap.setSlotBytes(s, bytes);
  return v;
}

/// The number of elements of a static shape of at most 64 elements.
static std::optional<int64_t> smallStaticCount(const std::vector<Expr> &sizes) {
  int64_t total = 1;
  for (const Expr &s : sizes) {
    auto lit = s.bvLiteral();
    if (!lit || *lit < 0)
      return std::nullopt;
    total *= *lit;
    if (total > 64)
      return std::nullopt;
  }
  return total;
}

/// Calls `f` with the linear index of every element of `v` (static sizes),
/// in row-major order.
static void forEachElement(Encoder &E, const View &v,
                           llvm::function_ref<void(std::vector<int64_t> &)> f) {
  std::vector<int64_t> idx(v.sizes.size(), 0);
  for (const Expr &s : v.sizes)
    if (*s.bvLiteral() == 0)
      return;
  while (true) {
    f(idx);
    size_t k = idx.size();
    for (; k-- > 0;) {
      if (++idx[k] < *v.sizes[k].bvLiteral())
        break;
      idx[k] = 0;
    }
    if (k == (size_t)-1)
      return;
  }
}

static Expr linearAt(Encoder &E, const View &v, ArrayRef<int64_t> idx) {
  smt::Context &c = E.ctx;
  Expr l = v.offset;
  for (size_t k = 0; k < idx.size(); ++k)
    l = l + c.bvVal(kIndexWidth, idx[k]) * v.strides[k];
  return l;
}

//===-- uninitialized values ([op.uninit.flow], [op.uninit.control]) ----===//

void dealloc::verify::copyContents(Encoder &E, State &st, const View &src,
                                   const View &dst, unsigned elemBytes) {
  bool exact = E.heap.byteContents() || (!src.retyped && !dst.retyped);
  if (!exact || !smallStaticCount(src.sizes)) {
    // Initializedness is copied along ([buffer.contents.uninit]).
    E.heap.havoc(st, dst, E.heap.allInitialized(st, src));
    return;
  }
  // Element by element in row-major order, as dealloc-run copies: views of
  // one buffer that overlap see the elements copied before.
  forEachElement(E, src, [&](std::vector<int64_t> &idx) {
    Expr at = linearAt(E, src, idx);
    Expr val = E.heap.load(st, src, at, elemBytes);
    Expr init = E.heap.loadInit(st, src, at, elemBytes);
    E.heap.store(st, dst, linearAt(E, dst, idx), val, elemBytes, init);
  });
}

void dealloc::verify::fillContents(Encoder &E, State &st, const View &dst,
                                   Expr value, unsigned elemBytes) {
  fillContents(E, st, dst, value, elemBytes, Expr());
}

void dealloc::verify::fillContents(Encoder &E, State &st, const View &dst,
                                   Expr value, unsigned elemBytes, Expr init) {
  if ((dst.retyped && !E.heap.byteContents()) || !smallStaticCount(dst.sizes)) {
    E.heap.havoc(st, dst, init.isNull() || init.isTrue());
    return;
  }
  forEachElement(E, dst, [&](std::vector<int64_t> &idx) {
    E.heap.store(st, dst, linearAt(E, dst, idx), value, elemBytes, init);
  });
}

/// The 64-bit pattern an element of a dense attribute is stored as (a
/// scalar zero-extended, a float's bits); none for other element kinds.
static std::optional<uint64_t> elementPattern(Attribute a) {
  if (auto i = dyn_cast<IntegerAttr>(a))
    return i.getValue().getZExtValue();
  if (auto f = dyn_cast<FloatAttr>(a))
    return f.getValue().bitcastToAPInt().getZExtValue();
  // [op.complex.values]: the real part's bits low, the imaginary part's high.
  auto parts = dyn_cast<ArrayAttr>(a);
  if (!parts || parts.size() != 2)
    return std::nullopt;
  auto re = dyn_cast<FloatAttr>(parts[0]), im = dyn_cast<FloatAttr>(parts[1]);
  if (!re || !im || re.getValue().bitcastToAPInt().getBitWidth() > 32)
    return std::nullopt;
  unsigned w = re.getValue().bitcastToAPInt().getBitWidth();
  return *elementPattern(re) | *elementPattern(im) << w;
}

bool dealloc::verify::storeDenseContents(Encoder &E, State &st, const View &dst,
                                         DenseElementsAttr dense,
                                         unsigned elemBytes) {
  if (dense.isSplat()) {
    std::optional<uint64_t> p =
        elementPattern(dense.getSplatValue<Attribute>());
    if (!p)
      return false;
    fillContents(E, st, dst, E.ctx.bvVal(64, int64_t(*p)), elemBytes);
    return true;
  }
  if ((dst.retyped && !E.heap.byteContents()) || !smallStaticCount(dst.sizes))
    return false;
  std::vector<uint64_t> patterns;
  for (Attribute a : dense.getValues<Attribute>()) {
    std::optional<uint64_t> p = elementPattern(a);
    if (!p)
      return false;
    patterns.push_back(*p);
  }
  size_t k = 0;
  forEachElement(E, dst, [&](std::vector<int64_t> &idx) {
    if (k < patterns.size())
      E.heap.store(st, dst, linearAt(E, dst, idx),
                   E.ctx.bvVal(64, int64_t(patterns[k])), elemBytes, Expr());
    ++k;
  });
  return true;
}
