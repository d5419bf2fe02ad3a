//===- OpEncoder.cpp - Op dispatch, allocation, bufferization ops ---------===//
//
// One case per op, mirroring dealloc-run (spec/operations.md) in SMT terms
// (docs/verifier-design.md [verify.encoding]). This file dispatches by the
// family each row of Support/OpTable.def names (its header lists the
// families' files) and holds what the families share (scalar widths,
// allocation, contents copies) and the bufferization ops. An op not in the
// table is UNSUPPORTED naming the op and its location.
//
//===----------------------------------------------------------------------===//
#include "Encoder.h"
#include "Initialized.h"
#include "ParallelEncoder.h"
#include "SymbolicArith.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/VectorAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/APFloat.h"

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

SymValue Encoder::zeroOf(Type t) {
  if (isI1(t))
    return SymValue::boolean(ctx.boolVal(false));
  return SymValue::bv(ctx.bvVal(scalarWidth(t), 0));
}

std::vector<Expr> Encoder::shapeOf(MemRefType t, ArrayRef<Expr> dyn) {
  SymbolicArith d(heap);
  view::Ints<SymbolicArith> sizes = view::shapeOf(d, t, dyn);
  return std::vector<Expr>(sizes.begin(), sizes.end());
}

View dealloc::verify::freshView(Encoder &E, unsigned s, MemRefType t,
                                const std::vector<Expr> &sizes) {
  View v = E.heap.wholeView(s, sizes); // row-major, offset 0
  SymbolicArith d(E.heap);
  view::stridedLayout(d, t, v);
  return v;
}

View Encoder::allocate(State &st, SlotKind kind, MemRefType t,
                       ArrayRef<Expr> dyn, Operation *op, std::string origin) {
  unsigned s = heap.newSlot(kind, op->getLoc(), std::move(origin), &st);
  if (siteNumbering) {
    auto it = siteNumbering->siteOf.find(op);
    if (it != siteNumbering->siteOf.end()) {
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
    calls.stackSlots.push_back(s);
  heap.event(st, ctx.boolVal(true), op->getLoc(),
             "allocated by " + heap.slots[s].origin, s);
  std::vector<Expr> sizes = shapeOf(t, dyn);
  unsigned eb = elementBytes(t.getElementType());
  View v = freshView(*this, s, t, sizes);
  // [buffer.contents.uninit]: a fresh buffer's contents are unconstrained.
  // They span every element the descriptor reaches (a strided layout's
  // offset and strides included), not only the product of the sizes.
  heap.initContents(st, s, {byteExtent(v, 1)}, /*zero=*/false, eb);
  if (t.getLayout().isIdentity())
    heap.setWhole(s, v);
  // [safety.oob]: the buffer's size bounds every access through its views.
  // Where a dynamic size is so large that sizes in bytes may wrap around
  // 64 bits, the buffer's bounds are not checked (bytes = -1, see
  // outsideBuffer): no false out-of-bounds stops from wrapped arithmetic;
  // dealloc-run stops such allocations anyway ([op.memref.alloc]).
  Expr bytes = byteExtent(v, eb);
  if (!dyn.empty()) {
    int64_t limit = int64_t(1) << (56 / t.getRank());
    std::vector<Expr> small;
    for (const Expr &d : dyn)
      small.push_back(ctx.mkCmp(Cmp::Ule, d, ctx.bvVal(kIndexWidth, limit)));
    bytes = ctx.mkIte(ctx.mkAnd(small), bytes,
                      ctx.bvVal(kIndexWidth, -1));
  }
  heap.slots[s].bytes = bytes;
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

void dealloc::verify::requireInitialized(Encoder &E, State &st,
                                         const SymValue &v, Location loc) {
  if (v.init.isNull() || v.init.isTrue())
    return;
  E.heap.stop(st, E.ctx.mkNot(v.init), loc, StopKind::UninitControl,
              "uninitialized value decides control flow ([op.uninit.control])");
}

void dealloc::verify::requireInitialized(Encoder &E, State &st, ValueRange vs,
                                         Location loc) {
  std::vector<Expr> inits;
  for (Value v : vs)
    if (Expr i = E.get(v).init; !i.isNull())
      inits.push_back(i);
  if (inits.empty())
    return;
  SymValue all = SymValue::boolean(E.ctx.boolVal(true));
  all.init = E.ctx.mkAnd(inits);
  requireInitialized(E, st, all, loc);
}

Expr dealloc::verify::operandsInitialized(Encoder &E, Operation *op) {
  std::vector<Expr> inits;
  for (Value v : op->getOperands())
    if (Expr i = E.get(v).init; !i.isNull())
      inits.push_back(i);
  return E.ctx.mkAnd(inits);
}

/// A float constant of `ft` for comparing with the real `bound` (an
/// integer): where `bound` is not representable, the nearest float on the
/// side `up` (and `exact` false, so the comparison includes equality).
static Expr floatBound(Encoder &E, FloatType ft, const APInt &bound, bool up,
                       bool &exact) {
  APFloat f(ft.getFloatSemantics());
  APFloat::opStatus s = f.convertFromAPInt(
      bound, /*isSigned=*/true,
      up ? APFloat::rmTowardPositive : APFloat::rmTowardNegative);
  exact = s == APFloat::opOK;
  return E.ctx.bvVal(ft.getWidth(),
                     (int64_t)f.bitcastToAPInt().getZExtValue());
}

/// fptosi / fptoui: the operand converts without poison, as dealloc-run
/// decides it: trunc(x) within the result type's range, x not NaN.
static Expr convertsInRange(Encoder &E, Operation *op) {
  auto ft = dyn_cast<FloatType>(laneType(op->getOperand(0).getType()));
  unsigned w = scalarWidth(laneType(op->getResult(0).getType()));
  if (!ft || !scalarWidth(ft) || !w)
    return E.ctx.boolVal(false);
  bool isSigned = isa<arith::FPToSIOp>(op);
  // trunc(x) >= lo  <=>  x > lo - 1;  trunc(x) < hi  <=>  x < hi.
  APInt lo = isSigned ? -APInt::getOneBitSet(w + 2, w - 1) - 1
                      : APInt(w + 2, -1, /*isSigned=*/true);
  APInt hi = APInt::getOneBitSet(w + 2, isSigned ? w - 1 : w);
  unsigned sbits = ft.getFPMantissaWidth();
  unsigned ebits = ft.getWidth() - sbits;
  Expr x = asBV(E, op->getOperand(0));
  bool exactLo, exactHi;
  Expr l = floatBound(E, ft, lo, /*up=*/true, exactLo);
  Expr h = floatBound(E, ft, hi, /*up=*/false, exactHi);
  // CmpFPredicate: 2 ogt, 3 oge, 4 olt, 5 ole.
  return E.ctx.mkAnd(E.ctx.mkFloatCmp(exactLo ? 2 : 3, x, l, ebits, sbits),
                     E.ctx.mkFloatCmp(exactHi ? 4 : 5, x, h, ebits, sbits));
}

void dealloc::verify::arithInitialized(Encoder &E, Operation *op, State &st) {
  smt::Context &c = E.ctx;
  if (op->getNumResults() != 1 || isa<arith::ConstantOp>(op))
    return;
  Value res = op->getResult(0);
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    // [op.arith.select]: on memrefs the condition decides which view flows;
    // on scalars an uninitialized condition yields the uninitialized value,
    // an initialized one the chosen operand (merged by mergeValues).
    const SymValue &cond = E.get(sel.getCondition());
    if (isa<BaseMemRefType>(res.getType())) {
      requireInitialized(E, st, cond, op->getLoc());
      return;
    }
    if (cond.init.isNull())
      return;
    SymValue &r = E.env().entry(res);
    r.init = c.mkAnd(cond.init, r.init.isNull() ? c.boolVal(true) : r.init);
    return;
  }
  std::vector<Expr> inits{operandsInitialized(E, op)};
  // Poison is the uninitialized value ([op.uninit.flow]).
  if (isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp, index::ShlOp,
          index::ShrSOp, index::ShrUOp>(op)) {
    Expr b = asBV(E, op->getOperand(1));
    unsigned w = b.bvWidth();
    auto lit = b.bvLiteral();
    if (!lit || (uint64_t)*lit >= w)
      inits.push_back(
          c.mkCmp(smt::Context::Cmp::Ult, b, c.bvVal(w, (int64_t)w)));
  }
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op))
    inits.push_back(convertsInRange(E, op));
  Expr init = c.mkAnd(inits);
  if (init.isTrue())
    return;
  E.env().entry(res).init = init;
}

void dealloc::verify::copyContents(Encoder &E, State &st, const View &src,
                                   const View &dst, unsigned elemBytes) {
  bool exact = E.heap.byteContents || (!src.retyped && !dst.retyped);
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
  if ((dst.retyped && !E.heap.byteContents) || !smallStaticCount(dst.sizes)) {
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
  return std::nullopt;
}

bool dealloc::verify::storeDenseContents(Encoder &E, State &st,
                                         const View &dst,
                                         DenseElementsAttr dense,
                                         unsigned elemBytes) {
  if (dense.isSplat()) {
    std::optional<uint64_t> p = elementPattern(dense.getSplatValue<Attribute>());
    if (!p)
      return false;
    fillContents(E, st, dst, E.ctx.bvVal(64, int64_t(*p)), elemBytes);
    return true;
  }
  if ((dst.retyped && !E.heap.byteContents) || !smallStaticCount(dst.sizes))
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

bool Encoder::encodeBufferization(Operation *op, State &st) {
  Location loc = op->getLoc();
  if (auto c = dyn_cast<bufferization::CloneOp>(op)) {
    View src = getView(c.getInput());
    // [view.unranked]: an unranked clone has its source's rank.
    MemRefType t = rankedTypeFor(c.getType(), src.sizes.size());
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
    // [op.uninit.control]: dealloc-run decides every condition first.
    requireInitialized(*this, st, d.getConditions(), loc);
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
      heap.free(st, ms[i], ctx.mkAnd(conj), loc, calls.borrowed);
    }
    for (auto [k, r] : llvm::enumerate(d.getUpdatedConditions()))
      bind(r, outs[k]);
    return true;
  }
  return notEncoded(op);
}

/// Wider integers and floats than dealloc-run models are left to the arith
/// encoder, which names them.
static bool wideScalar(Type t) {
  return isa<IntegerType, FloatType>(t) && scalarWidth(t) == 0;
}

static std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream(s) << t;
  return s;
}

bool Encoder::encodeOp(Operation *op, State &st) {
  // [verify.timeout]: the function's budget also bounds its encoding.
  if (smt::Budget::spent())
    return fail(Verdict::Unknown, timeoutReason(opts, true), op->getLoc());
  // As dealloc-run's support scan: an op with a type the semantics does not
  // model is UNSUPPORTED, even where the encoding would not look at it.
  for (Type t : op->getOperandTypes())
    if (!operandTypeModelled(op, t) && !wideScalar(t))
      return unsupported(op, "operand type " + typeText(t) + " not modelled" +
                                 typeNote(t));
  for (Type t : op->getResultTypes())
    if (!resultTypeModelled(op, t) && !wideScalar(t))
      return unsupported(op, "result type " + typeText(t) + " not modelled" +
                                 typeNote(t));
  for (Region &r : op->getRegions())
    for (Block &b : r)
      for (BlockArgument a : b.getArguments())
        if (!valueTypeModelled(a.getType()) && !wideScalar(a.getType()))
          return unsupported(op, "block argument type " +
                                     typeText(a.getType()) + " not modelled" +
                                     typeNote(a.getType()));
  if (std::string why = vectorUnsupportedReason(op); !why.empty())
    return unsupported(op, why);
  // Uses of undefined values are attributed to this op under its guard on
  // entry (which includes every run that reaches any of its uses).
  Operation *outerOp = valueEnv.currentOp();
  Expr outerGuard = valueEnv.useGuard();
  valueEnv.setCurrent(op, st.guard);
  bool loop = isa<LoopLikeOpInterface>(op);
  proofHints.enterLoops(loop);
  bool ok = encodeOpImpl(op, st);
  proofHints.leaveLoops(loop);
  valueEnv.setCurrent(outerOp, outerGuard);
  return ok;
}

bool dealloc::verify::encoderDispatches(Operation *op) {
  const OpInfo *info = lookupOp(op);
  return info && !info->terminator;
}

/// [heap.use], as dealloc-run checks it (Machine::execOpHere): each memref
/// operand an op reads or writes by its memory effects must view a live
/// buffer, checked before the op does anything else. Ops that free their
/// operands check them themselves; a result the op defines is fresh.
static void useByEffects(Encoder &E, Operation *op, State &st) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface || opFrees(op))
    return;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  iface.getEffects(effects);
  SmallVector<Value, 4> used;
  for (auto &e : effects) {
    bool read = isa<MemoryEffects::Read>(e.getEffect());
    if (!read && !isa<MemoryEffects::Write>(e.getEffect()))
      continue;
    Value v = e.getValue();
    if (!v || !isa<BaseMemRefType>(v.getType()) ||
        !llvm::is_contained(op->getOperands(), v) ||
        llvm::is_contained(used, v))
      continue;
    used.push_back(v);
    E.heap.use(st, E.getView(v), op->getLoc(), read ? "read" : "write");
  }
}

bool Encoder::encodeOpImpl(Operation *op, State &st) {
  // [op.unsupported]: only the ops of OpTable.def (terminators are encoded
  // by encodeRegion).
  if (!encoderDispatches(op))
    return unsupported(op, "op not modelled");
  useByEffects(*this, op, st);
  // [op.vector.elementwise]: arith and math on vectors, lane by lane, each
  // lane by dispatch (VectorEncoder.cpp).
  bool ok = isElementwiseOnVectors(op) ? encodeOnVectors(*this, op, st)
                                       : dispatch(op, st);
  return ok && !failed;
}

bool Encoder::dispatch(Operation *op, State &st) {
  // The family each row of OpTable.def names (Machine::dispatch has the
  // same shape); terminators are encoded by encodeRegion.
  switch (lookupOp(op)->id) {
#define DEALLOC_OP(Id, Name, Clause, Effects, Family)                          \
  case OpId::Id:                                                               \
    return encode##Family(op, st);
#define DEALLOC_TERMINATOR(Id, Name, Clause)                                   \
  case OpId::Id:                                                               \
    break;
#include "dealloc/Support/OpTable.def"
  }
  return notEncoded(op);
}

bool Encoder::notEncoded(Operation *op) {
  // OpTable.def names the family, the family does not encode the op: a bug
  // the op table's unit test finds (unittests/Verify/OpTableTest.cpp).
  return unsupported(op, "internal error: in the op table, but "
                         "dealloc-verify does not encode it");
}
