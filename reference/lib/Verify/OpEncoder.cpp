//===- OpEncoder.cpp - Symbolic semantics of arith/memref/bufferization ---===//
//
// One case per op, mirroring dealloc-run (spec/operations.md) in SMT terms
// (spec/verification.md [verify.encoding]). Anything not listed here or in
// ControlFlowEncoder.cpp is UNSUPPORTED naming the op and its location.
//
//===----------------------------------------------------------------------===//
#include "Encoder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

unsigned dealloc::verify::scalarWidth(Type t) {
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

Expr Encoder::byteExtent(const View &v, unsigned elemBytes) {
  // [buffer.contents]: (offset + sum (size_k - 1) * stride_k + 1) elements,
  // or none if some size is 0.
  Expr last = v.offset;
  std::vector<Expr> empty;
  for (auto [size, stride] : llvm::zip(v.sizes, v.strides)) {
    empty.push_back(ctx.mkEq(size, ctx.bvVal(kIndexWidth, 0)));
    last = ctx.mkBin(BinOp::Add, last,
                     ctx.mkBin(BinOp::Mul,
                               ctx.mkBin(BinOp::Sub, size,
                                         ctx.bvVal(kIndexWidth, 1)),
                               stride));
  }
  Expr bytes = ctx.mkBin(
      BinOp::Mul, ctx.mkBin(BinOp::Add, last, ctx.bvVal(kIndexWidth, 1)),
      ctx.bvVal(kIndexWidth, elemBytes));
  return ctx.mkIte(ctx.mkOr(empty), ctx.bvVal(kIndexWidth, 0), bytes);
}

/// An integer-like operand as a bit-vector (i1 as 1 bit).
static Expr asBV(Encoder &E, Value v) {
  const SymValue &s = E.get(v);
  if (s.kind == SymValue::Kind::Bool)
    return E.ctx.boolToBV(s.e, 1);
  return s.e;
}

static SymValue fromBV(Encoder &E, Type t, Expr e) {
  if (isI1(t))
    return SymValue::boolean(E.ctx.bvToBool(e));
  return SymValue::bv(e);
}

SymValue Encoder::zeroOf(Type t) {
  if (isI1(t))
    return SymValue::boolean(ctx.boolVal(false));
  return SymValue::bv(ctx.bvVal(scalarWidth(t), 0));
}

std::vector<Expr> Encoder::shapeOf(MemRefType t, ArrayRef<Expr> dyn) {
  std::vector<Expr> sizes;
  unsigned d = 0;
  for (int64_t s : t.getShape())
    sizes.push_back(ShapedType::isDynamic(s) ? dyn[d++]
                                             : ctx.bvVal(kIndexWidth, s));
  return sizes;
}

View Encoder::allocate(State &st, SlotKind kind, MemRefType t,
                       ArrayRef<Expr> dyn, Operation *op, std::string origin) {
  unsigned s = heap.newSlot(kind, op->getLoc(), std::move(origin), &st);
  if (sites) {
    auto it = sites->siteOf.find(op);
    if (it != sites->siteOf.end()) {
      int site = it->second;
      if ((size_t)site >= st.siteCount.size())
        st.siteCount.resize(site + 1, ctx.bvVal(kIndexWidth, 0));
      heap.slots[s].site = site;
      heap.slots[s].siteInstance = st.siteCount[site];
      st.siteCount[site] = ctx.mkBin(BinOp::Add, st.siteCount[site],
                                     ctx.bvVal(kIndexWidth, 1));
      st.epoch = ctx.mkBin(BinOp::Add, st.epoch, ctx.bvVal(kIndexWidth, 1));
    }
  }
  if (kind == SlotKind::Stack)
    stackSlots.push_back(s);
  heap.event(st, ctx.boolVal(true), op->getLoc(),
             "allocated by " + heap.slots[s].origin, s);
  std::vector<Expr> sizes = shapeOf(t, dyn);
  unsigned eb = elementBytes(t.getElementType());
  // [buffer.contents.uninit]: a fresh buffer's contents are unconstrained.
  heap.initContents(st, s, sizes, /*zero=*/false, eb);
  View v = heap.wholeView(s, sizes);
  if (heap.byteContents)
    heap.slots[s].bytes = byteExtent(v, eb);
  return v;
}

/// Folds a mixed static/dynamic list into index expressions.
static std::vector<Expr> mixed(Encoder &E, ArrayRef<OpFoldResult> xs) {
  std::vector<Expr> r;
  for (OpFoldResult x : xs) {
    if (auto a = dyn_cast<Attribute>(x))
      r.push_back(E.ctx.bvVal(kIndexWidth, cast<IntegerAttr>(a).getInt()));
    else
      r.push_back(E.getBV(cast<Value>(x)));
  }
  return r;
}

/// The linear element index of `indices` in `v`; records an out-of-bounds
/// stop ([safety.oob]).
static Expr linearIndex(Encoder &E, State &st, const View &v,
                        ValueRange indices, Location loc) {
  smt::Context &c = E.ctx;
  Expr lin = v.offset;
  std::vector<Expr> oob;
  for (auto [k, idx] : llvm::enumerate(indices)) {
    Expr i = E.getBV(idx);
    oob.push_back(c.mkOr(c.mkCmp(Cmp::Slt, i, c.bvVal(kIndexWidth, 0)),
                         c.mkCmp(Cmp::Sge, i, v.sizes[k])));
    lin = c.mkBin(BinOp::Add, lin, c.mkBin(BinOp::Mul, i, v.strides[k]));
  }
  E.heap.stop(st, c.mkOr(oob), loc, "out-of-bounds access");
  return lin;
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
    l = c.mkBin(BinOp::Add, l,
                c.mkBin(BinOp::Mul, c.bvVal(kIndexWidth, idx[k]), v.strides[k]));
  return l;
}

void dealloc::verify::copyContents(Encoder &E, State &st, const View &src,
                                   const View &dst, unsigned elemBytes) {
  bool exact = E.heap.byteContents || (!src.retyped && !dst.retyped);
  if (!exact || !smallStaticCount(src.sizes)) {
    E.heap.havoc(st, dst);
    return;
  }
  // Element by element in row-major order, as dealloc-run copies: views of
  // one buffer that overlap see the elements copied before.
  forEachElement(E, src, [&](std::vector<int64_t> &idx) {
    Expr val = E.heap.load(st, src, linearAt(E, src, idx), elemBytes);
    E.heap.store(st, dst, linearAt(E, dst, idx), val, elemBytes);
  });
}

void dealloc::verify::fillContents(Encoder &E, State &st, const View &dst,
                                   Expr value, unsigned elemBytes) {
  if ((dst.retyped && !E.heap.byteContents) || !smallStaticCount(dst.sizes)) {
    E.heap.havoc(st, dst);
    return;
  }
  forEachElement(E, dst, [&](std::vector<int64_t> &idx) {
    E.heap.store(st, dst, linearAt(E, dst, idx), value, elemBytes);
  });
}

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
    bind(s, heap.mergeValues({c, ctx.mkNot(c)}, {&t, &f}));
    return true;
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    Expr a = asBV(*this, cmp.getLhs()), b = asBV(*this, cmp.getRhs());
    // [verify.encoding.addr]: comparing the aligned addresses of two views
    // (also after they went through memory) is comparing their buffers.
    if (cmp.getPredicate() == arith::CmpIPredicate::eq ||
        cmp.getPredicate() == arith::CmpIPredicate::ne) {
      auto va = addressViews.find(a.termId());
      auto vb = addressViews.find(b.termId());
      if (va != addressViews.end() && vb != addressViews.end()) {
        Expr same = heap.sameBuffer(va->second, vb->second);
        bind(cmp, SymValue::boolean(
                      cmp.getPredicate() == arith::CmpIPredicate::eq
                          ? same
                          : ctx.mkNot(same)));
        return true;
      }
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
      heap.stop(st, ub, loc, "undefined behaviour in " +
                                 op->getName().getStringRef().str());
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
  if (op->getDialect() && op->getDialect()->getNamespace() == "arith" &&
      op->getNumResults() == 1 && op->getNumRegions() == 0) {
    bool floaty = false;
    for (Type t : op->getOperandTypes())
      floaty |= isa<FloatType>(t);
    Type rt = op->getResult(0).getType();
    floaty |= isa<FloatType>(rt);
    if (!floaty || !scalarWidth(rt))
      return unsupported(op, "op not modelled");
    std::vector<Expr> args;
    for (Value v : op->getOperands())
      args.push_back(asBV(*this, v));
    std::string name = op->getName().getStringRef().str();
    if (auto cmpf = dyn_cast<arith::CmpFOp>(op))
      name += "." + arith::stringifyCmpFPredicate(cmpf.getPredicate()).str();
    Expr r = ctx.mkUF(name, args, scalarWidth(rt));
    bind(op->getResult(0), fromBV(*this, rt, r));
    return true;
  }
  handled = false;
  return true;
}

bool Encoder::encodeMemRef(Operation *op, State &st, bool &handled) {
  handled = true;
  Location loc = op->getLoc();
  if (auto a = dyn_cast<memref::AllocOp>(op)) {
    std::vector<Expr> dyn;
    for (Value v : a.getDynamicSizes())
      dyn.push_back(getBV(v));
    bind(a, SymValue::memref(allocate(st, SlotKind::Heap, a.getType(), dyn, op,
                                      "memref.alloc")));
    return true;
  }
  if (auto a = dyn_cast<memref::AllocaOp>(op)) {
    std::vector<Expr> dyn;
    for (Value v : a.getDynamicSizes())
      dyn.push_back(getBV(v));
    bind(a, SymValue::memref(allocate(st, SlotKind::Stack, a.getType(), dyn,
                                      op, "memref.alloca")));
    return true;
  }
  if (auto d = dyn_cast<memref::DeallocOp>(op)) {
    heap.free(st, getView(d.getMemref()), ctx.boolVal(true), loc, borrowed);
    return true;
  }
  if (auto r = dyn_cast<memref::ReallocOp>(op)) {
    View src = getView(r.getSource());
    std::vector<Expr> dyn;
    if (r.getDynamicResultSize())
      dyn.push_back(getBV(r.getDynamicResultSize()));
    View dst = allocate(st, SlotKind::Heap, r.getType(), dyn, op,
                        "memref.realloc");
    heap.havoc(st, dst);
    heap.free(st, src, ctx.boolVal(true), loc, borrowed);
    bind(r, SymValue::memref(dst));
    return true;
  }
  if (auto g = dyn_cast<memref::GetGlobalOp>(op)) {
    std::string origin = "@" + g.getName().str();
    int slot = -1;
    for (auto [i, s] : llvm::enumerate(heap.slots))
      if (s.kind == SlotKind::Global && s.origin == origin)
        slot = i;
    View v;
    if (slot < 0) {
      slot = heap.newSlot(SlotKind::Global, loc, origin, &st);
      v = heap.wholeView(slot, shapeOf(g.getType(), {}));
      if (heap.byteContents)
        heap.slots[slot].bytes =
            byteExtent(v, elementBytes(g.getType().getElementType()));
    } else {
      v = heap.wholeView(slot, shapeOf(g.getType(), {}));
    }
    bind(g, SymValue::memref(v));
    return true;
  }
  if (auto c = dyn_cast<memref::CastOp>(op)) {
    bind(c, SymValue::memref(getView(c.getSource())));
    return true;
  }
  if (auto a = dyn_cast<memref::AssumeAlignmentOp>(op)) {
    bind(a.getResult(), SymValue::memref(getView(a.getMemref())));
    return true;
  }
  if (auto sv = dyn_cast<memref::SubViewOp>(op)) {
    View v = getView(sv.getSource());
    std::vector<Expr> offs = mixed(*this, sv.getMixedOffsets());
    std::vector<Expr> szs = mixed(*this, sv.getMixedSizes());
    std::vector<Expr> strs = mixed(*this, sv.getMixedStrides());
    llvm::SmallBitVector dropped = sv.getDroppedDims();
    View r = v;
    r.sizes.clear();
    r.strides.clear();
    for (size_t k = 0; k < offs.size(); ++k) {
      r.offset = ctx.mkBin(BinOp::Add, r.offset,
                           ctx.mkBin(BinOp::Mul, offs[k], v.strides[k]));
      if (dropped.test(k))
        continue;
      r.sizes.push_back(szs[k]);
      r.strides.push_back(ctx.mkBin(BinOp::Mul, strs[k], v.strides[k]));
    }
    bind(sv, SymValue::memref(r));
    return true;
  }
  if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op)) {
    View r = getView(rc.getSource());
    r.offset = mixed(*this, rc.getMixedOffsets())[0];
    r.sizes = mixed(*this, rc.getMixedSizes());
    r.strides = mixed(*this, rc.getMixedStrides());
    bind(rc, SymValue::memref(r));
    return true;
  }
  if (auto ex = dyn_cast<memref::ExpandShapeOp>(op)) {
    View v = getView(ex.getSrc());
    View r = v;
    std::vector<Expr> out = mixed(*this, ex.getMixedOutputShape());
    r.sizes = out;
    r.strides.assign(out.size(), Expr());
    for (auto [d, group] : llvm::enumerate(ex.getReassociationIndices())) {
      Expr stride = v.strides[d];
      for (size_t k = group.size(); k-- > 0;) {
        r.strides[group[k]] = stride;
        stride = ctx.mkBin(BinOp::Mul, stride, out[group[k]]);
      }
    }
    bind(ex, SymValue::memref(r));
    return true;
  }
  if (auto co = dyn_cast<memref::CollapseShapeOp>(op)) {
    View v = getView(co.getSrc());
    View r = v;
    r.sizes.clear();
    r.strides.clear();
    for (auto group : co.getReassociationIndices()) {
      Expr size = ctx.bvVal(kIndexWidth, 1);
      for (int64_t k : group)
        size = ctx.mkBin(BinOp::Mul, size, v.sizes[k]);
      r.sizes.push_back(size);
      r.strides.push_back(group.empty() ? ctx.bvVal(kIndexWidth, 1)
                                        : v.strides[group.back()]);
    }
    bind(co, SymValue::memref(r));
    return true;
  }
  if (auto vw = dyn_cast<memref::ViewOp>(op)) {
    View v = getView(vw.getSource());
    if (v.cands.empty())
      return unsupported(op, "view of a value without a buffer");
    std::vector<Expr> dyn;
    for (Value s : vw.getSizes())
      dyn.push_back(getBV(s));
    View r = heap.wholeView(v.cands[0], shapeOf(vw.getType(), dyn));
    r.cands = v.cands;
    r.pts = v.pts;
    Expr shift = getBV(vw.getByteShift());
    r.addr = ctx.mkBin(BinOp::Add, v.addr, shift);
    // [view.view.shift]: the aligned address moves by the shift; contents
    // are bytes in modules with memref.view ([verify.encoding.contents]).
    r.byteShift = v.byteShift.isNull() ? shift
                                       : ctx.mkBin(BinOp::Add, v.byteShift,
                                                   shift);
    r.retyped = true;
    bind(vw, SymValue::memref(r));
    return true;
  }
  if (auto md = dyn_cast<memref::ExtractStridedMetadataOp>(op)) {
    View v = getView(md.getSource());
    View base = v;
    base.offset = ctx.bvVal(kIndexWidth, 0);
    base.sizes.clear();
    base.strides.clear();
    bind(md.getBaseBuffer(), SymValue::memref(base));
    bind(md.getOffset(), SymValue::bv(v.offset));
    for (auto [k, s] : llvm::enumerate(md.getSizes()))
      bind(s, SymValue::bv(v.sizes[k]));
    for (auto [k, s] : llvm::enumerate(md.getStrides()))
      bind(s, SymValue::bv(v.strides[k]));
    return true;
  }
  if (auto p = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(op)) {
    heap.addressesUsed = true;
    const View &v = getView(p.getSource());
    if (!heap.reuseAddresses && v.byteShift.isNull() && !v.cands.empty())
      addressViews.try_emplace(v.addr.termId(), v);
    bind(p, SymValue::bv(v.addr));
    return true;
  }
  if (auto d = dyn_cast<memref::DimOp>(op)) {
    const View &v = getView(d.getSource());
    Expr idx = getBV(d.getIndex());
    if (v.sizes.empty())
      return unsupported(op, "dim of a rank-0 memref");
    std::vector<Expr> guards, vals;
    for (size_t k = 0; k < v.sizes.size(); ++k) {
      guards.push_back(ctx.mkEq(idx, ctx.bvVal(kIndexWidth, k)));
      vals.push_back(v.sizes[k]);
    }
    bind(d, SymValue::bv(heap.mergeExprs(guards, vals)));
    return true;
  }
  if (auto l = dyn_cast<memref::LoadOp>(op)) {
    const View &v = getView(l.getMemref());
    heap.use(st, v, loc, "read");
    if (v.retyped && !heap.byteContents)
      return unsupported(op, "load through a memref.view result");
    Type t = l.getType();
    unsigned w = scalarWidth(t);
    if (!w)
      return unsupported(op, "element type not modelled");
    Expr lin = linearIndex(*this, st, v, l.getIndices(), loc);
    if (heap.byteContents)
      heap.stop(st, heap.outsideBuffer(v, lin, elementBytes(t)), loc,
                "out-of-bounds access (outside the buffer's bytes)");
    Expr raw = heap.load(st, v, lin, elementBytes(t));
    bind(l, fromBV(*this, t, ctx.mkTrunc(raw, w)));
    return true;
  }
  if (auto s = dyn_cast<memref::StoreOp>(op)) {
    const View &v = getView(s.getMemref());
    heap.use(st, v, loc, "write");
    if (v.retyped && !heap.byteContents)
      return unsupported(op, "store through a memref.view result");
    Type t = s.getValueToStore().getType();
    if (!scalarWidth(t))
      return unsupported(op, "element type not modelled");
    Expr lin = linearIndex(*this, st, v, s.getIndices(), loc);
    if (heap.byteContents)
      heap.stop(st, heap.outsideBuffer(v, lin, elementBytes(t)), loc,
                "out-of-bounds access (outside the buffer's bytes)");
    Expr val = ctx.mkZExt(asBV(*this, s.getValueToStore()), 64);
    heap.store(st, v, lin, val, elementBytes(t));
    return true;
  }
  if (auto c = dyn_cast<memref::CopyOp>(op)) {
    const View &src = getView(c.getSource()), &dst = getView(c.getTarget());
    heap.use(st, src, loc, "read");
    heap.use(st, dst, loc, "write");
    // dealloc-run: views of different shapes are undefined behaviour.
    std::vector<Expr> differ;
    for (auto [a, b] : llvm::zip(src.sizes, dst.sizes))
      differ.push_back(ctx.mkNe(a, b));
    heap.stop(st, ctx.mkOr(differ), loc,
              "copy between views of different shapes (undefined behaviour)");
    copyContents(*this, st, src, dst,
                 elementBytes(c.getSource().getType().getElementType()));
    return true;
  }
  handled = false;
  return true;
}

bool Encoder::encodeBufferization(Operation *op, State &st, bool &handled) {
  handled = true;
  Location loc = op->getLoc();
  if (auto c = dyn_cast<bufferization::CloneOp>(op)) {
    View src = getView(c.getInput());
    heap.use(st, src, loc, "read");
    auto t = cast<MemRefType>(c.getType());
    std::vector<Expr> dyn;
    for (auto [k, s] : llvm::enumerate(t.getShape()))
      if (ShapedType::isDynamic(s))
        dyn.push_back(src.sizes[k]);
    View dst = allocate(st, SlotKind::Heap, t, dyn, op, "bufferization.clone");
    copyContents(*this, st, src, dst, elementBytes(t.getElementType()));
    bind(c, SymValue::memref(dst));
    return true;
  }
  if (auto d = dyn_cast<bufferization::DeallocOp>(op)) {
    // spec/README.md, [dealloc.*]: each distinct buffer among the memrefs is
    // freed once iff the disjunction of the conditions of the operands
    // viewing it holds and no retained operand views it; result i is the
    // disjunction of the conditions of the operands viewing retained i's
    // buffer.
    std::vector<View> ms;
    std::vector<Expr> cs;
    for (Value m : d.getMemrefs())
      ms.push_back(getView(m));
    for (Value c : d.getConditions())
      cs.push_back(getBool(c));
    std::vector<View> rs;
    for (Value r : d.getRetained())
      rs.push_back(getView(r));
    std::vector<SymValue> outs;
    for (const View &r : rs) {
      std::vector<Expr> any;
      for (size_t j = 0; j < ms.size(); ++j)
        any.push_back(ctx.mkAnd(heap.sameBuffer(ms[j], r), cs[j]));
      outs.push_back(SymValue::boolean(ctx.mkOr(any)));
    }
    for (size_t i = 0; i < ms.size(); ++i) {
      std::vector<Expr> conj;
      for (size_t j = 0; j < i; ++j) // i is the first operand of its buffer
        conj.push_back(ctx.mkNot(heap.sameBuffer(ms[j], ms[i])));
      std::vector<Expr> any;
      for (size_t j = 0; j < ms.size(); ++j)
        any.push_back(ctx.mkAnd(heap.sameBuffer(ms[j], ms[i]), cs[j]));
      conj.push_back(ctx.mkOr(any));
      for (const View &r : rs)
        conj.push_back(ctx.mkNot(heap.sameBuffer(r, ms[i])));
      heap.free(st, ms[i], ctx.mkAnd(conj), loc, borrowed);
    }
    for (auto [k, r] : llvm::enumerate(d.getUpdatedConditions()))
      bind(r, outs[k]);
    return true;
  }
  handled = false;
  return true;
}

bool Encoder::encodeOp(Operation *op, State &st) {
  // Uses of undefined values are attributed to this op under its guard on
  // entry (which includes every run that reaches any of its uses).
  Operation *outerOp = currentOp;
  Expr outerGuard = useGuard;
  currentOp = op;
  useGuard = st.guard;
  bool ok = encodeOpImpl(op, st);
  currentOp = outerOp;
  useGuard = outerGuard;
  return ok;
}

bool Encoder::encodeOpImpl(Operation *op, State &st) {
  bool handled = false;
  if (!encodeControl(op, st, handled) || handled)
    return !failure;
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "arith") {
    if (!encodeArith(op, st, handled) || handled)
      return !failure;
  } else if (dialect == "memref") {
    if (!encodeMemRef(op, st, handled) || handled)
      return !failure;
  } else if (dialect == "bufferization") {
    if (!encodeBufferization(op, st, handled) || handled)
      return !failure;
  } else if (dialect == "linalg") {
    if (!encodeLinalg(op, st, handled) || handled)
      return !failure;
  }
  return unsupported(op, "op not modelled");
}
