//===- MemRefOps.cpp - Symbolic semantics of memref ops -------------------===//
//
// spec/operations.md [op.memref.*] and spec/buffers.md [view.*] in SMT terms
// (docs/verifier-design.md [verify.encoding], [verify.encoding.contents]):
// allocation ops create slots, view ops new descriptors of the same
// candidates ([view.same_buffer]), accesses are bounds-checked against the
// view and the buffer ([safety.oob]) before they read or write the contents.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"
#include "Ops/MemRefOpsViews.h"
#include "dealloc/Support/AccessOps.h"
#include "dealloc/Support/SolverPolicy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

/// Gives the caller-provided buffers `v` may view their size in bytes, for
/// the bounds check of [safety.oob]: element `eb` bytes wide, the extent of
/// the argument's own descriptor (in byte mode the entry encoder has set
/// them already; in element mode every view of a buffer has its type's
/// element type, so `eb` is the buffer's).
static void argBytes(Encoder &E, const View &v, unsigned eb) {
  for (unsigned s : v.cands) {
    const Slot &slot = E.heap.slot(s);
    if (slot.kind != SlotKind::Arg || !slot.bytes.isNull())
      continue;
    // The view of the argument whose own buffer it is (an argument views
    // another's buffer only if that one views its own).
    auto own = E.boundary().argOfSlot.find(s);
    if (own != E.boundary().argOfSlot.end())
      E.heap.setSlotBytes(
          s, byteExtent(E, E.boundary().argValues[own->second].view, eb));
  }
}

/// [safety.oob]: an access of element `lin` of `v` that leaves its buffer's
/// bytes stops the run, also where the view's sizes allow the index (a
/// reinterpret_cast or memref.view reaching past the buffer's end), as
/// dealloc-run's bounds check does. `lin` is within `v`'s sizes (the
/// callers' stops say so first), so buffers `v` covers need no check.
void dealloc::verify::checkInBuffer(Encoder &E, State &st, const View &v,
                                    Expr lin, unsigned eb, Location loc) {
  View rest = E.heap.uncoveredCandidates(v);
  argBytes(E, rest, eb);
  E.heap.stop(st, E.heap.outsideBuffer(rest, lin, eb), loc,
              StopKind::OutOfBounds,
              "out-of-bounds access (outside the buffer's bytes)");
}

/// [op.memref.realloc]: the new buffer `dst` (fresh, rank 1, offset 0)
/// receives min(old, new) bytes from `src`'s first element, where old is the
/// bytes from there to the end of `src`'s buffer; its other bytes stay
/// uninitialized (unconstrained). Exact when the copy has a static bound of
/// at most kExplicitCopy units (elements; bytes in byte mode) - the new size
/// or the old buffer's, whichever is static - else the new contents are
/// unconstrained, an over-approximation ([verify.encoding.contents]).
static void reallocContents(Encoder &E, State &st, const View &src,
                            const View &dst, unsigned eb) {
  smt::Context &c = E.ctx;
  SymbolicHeap &h = E.heap;
  bool bytes = h.byteContents();
  const int64_t kExplicitCopy = bytes ? SolverPolicy::explicitCopyBytes
                                      : SolverPolicy::explicitCopyElements;
  int64_t unit = bytes ? 1 : eb;
  // Sizes in units: the old buffer's (per candidate), the new one's.
  std::optional<int64_t> bound;
  auto tighten = [&](std::optional<int64_t> n) {
    if (n && (!bound || *n < *bound))
      bound = n;
  };
  Expr newBytes = h.slot(dst.cands.front()).bytes;
  if (auto n = newBytes.bvLiteral())
    tighten(*n / unit);
  argBytes(E, src, eb);
  std::optional<int64_t> oldMax = 0;
  Expr oldBytes = c.bvVal(kIndexWidth, -1);
  for (size_t i = src.cands.size(); i-- > 0;) {
    Expr b = h.slot(src.cands[i]).bytes;
    if (b.isNull()) { // no size to bound the copy by
      h.havoc(st, dst);
      return;
    }
    auto lit = b.bvLiteral();
    if (!lit || *lit < 0)
      oldMax.reset();
    else if (oldMax)
      oldMax = std::max(*oldMax, *lit / unit);
    oldBytes = c.mkIte(src.pts[i], b, oldBytes);
  }
  if (!src.cands.empty())
    tighten(oldMax);
  if (!bound || *bound > kExplicitCopy) {
    h.havoc(st, dst);
    return;
  }
  // Units from src's first element to its buffer's end, and the new size,
  // both in units (a size of -1 marks a buffer too large to bound: nothing
  // is copied, which only makes contents less constrained).
  Expr unitE = c.bvVal(kIndexWidth, unit);
  Expr ebE = c.bvVal(kIndexWidth, eb);
  // The first element's unit index, as load/store take it (in byte mode the
  // heap adds the view's byte shift itself).
  Expr srcFirst = bytes ? src.offset * ebE : src.offset;
  Expr dstFirst = bytes ? dst.offset * ebE : dst.offset;
  Expr start = srcFirst;
  if (bytes && !src.byteShift.isNull())
    start = src.byteShift + start;
  Expr oldUnits = c.mkBin(BinOp::SDiv, oldBytes, unitE) - start;
  Expr newUnits = c.mkBin(BinOp::SDiv, newBytes, unitE);
  unsigned w = bytes ? 1 : eb;
  for (int64_t i = 0; i < *bound; ++i) {
    Expr k = c.bvVal(kIndexWidth, i);
    Expr copied = c.mkAnd(
        {c.mkCmp(Cmp::Sgt, oldBytes, c.bvVal(kIndexWidth, -1)),
         c.mkCmp(Cmp::Slt, k, oldUnits), c.mkCmp(Cmp::Slt, k, newUnits)});
    if (copied.isFalse())
      break;
    Expr at = dstFirst + k;
    Expr from = srcFirst + k;
    Expr val = h.load(st, src, from, w);
    // Initializedness travels with the units ([buffer.contents.uninit]).
    Expr init = c.mkIte(copied, h.loadInit(st, src, from, w),
                        h.loadInit(st, dst, at, w));
    h.store(st, dst, at, c.mkIte(copied, val, h.load(st, dst, at, w)), w, init);
  }
}

/// boxOutsideBuffer where the view's offset, strides and shift, the box's
/// bounds and every candidate's size are literals (static shapes): the same
/// 128-bit arithmetic (wrapping, as Z3's), done here, so that the sign
/// extensions, products and comparisons of every access do not go through
/// Z3's simplifier.
static std::optional<Expr> literalBoxOutside(Encoder &E, const View &v,
                                             const std::vector<Expr> &lo,
                                             const std::vector<Expr> &hi,
                                             unsigned eb) {
  using U = unsigned __int128;
  using S = __int128;
  auto lit = [](const Expr &e) -> std::optional<U> {
    std::optional<int64_t> l = e.bvLiteral();
    if (!l || e.bvWidth() != kIndexWidth)
      return std::nullopt;
    return U(S(*l)); // sign-extended to 128 bits
  };
  std::optional<U> offset = lit(v.offset);
  std::optional<U> shift = v.byteShift.isNull() ? U(0) : lit(v.byteShift);
  if (!offset || !shift)
    return std::nullopt;
  U first = *offset, last = *offset;
  for (auto [k, stride] : llvm::enumerate(v.strides)) {
    std::optional<U> s = lit(stride), l = lit(lo[k]), h = lit(hi[k]);
    if (!s || !l || !h)
      return std::nullopt;
    bool neg = S(*s) < 0;
    first += (neg ? *h : *l) * *s;
    last += (neg ? *l : *h) * *s;
  }
  S at = S(first * eb + *shift), end = S(last * eb + eb + *shift);
  std::vector<Expr> out;
  for (auto [i, slot] : llvm::enumerate(v.cands)) {
    const Expr &bytes = E.heap.slot(slot).bytes;
    if (bytes.isNull())
      continue;
    std::optional<int64_t> b = bytes.bvLiteral();
    if (!b || bytes.bvWidth() != kIndexWidth)
      return std::nullopt;
    if (*b != -1 && (at < 0 || end > S(*b)))
      out.push_back(v.pts[i]);
  }
  return E.ctx.mkOr(out);
}

Expr dealloc::verify::boxOutsideBuffer(Encoder &E, const View &whole,
                                       const std::vector<Expr> &lo,
                                       const std::vector<Expr> &hi, unsigned eb,
                                       bool args) {
  smt::Context &c = E.ctx;
  View v = E.heap.uncoveredCandidates(whole);
  if (args)
    argBytes(E, v, eb);
  if (std::optional<Expr> r = literalBoxOutside(E, v, lo, hi, eb))
    return *r;
  // In 128-bit arithmetic, from 64-bit operands: the corners' byte offsets
  // are exact, so they bound every element of the box. In 64 bits a corner
  // could wrap back into the buffer while an element between them does not
  // (dealloc-run computes each element's offset, wrapping), which made a
  // box with an element outside its buffer look inside
  // (corpus/verification/out-of-buffer-wrap.mlir). An element whose exact
  // offset is outside but wraps inside is a stop here, not in dealloc-run:
  // UNKNOWN, never SAFE, where they differ.
  constexpr unsigned kWide = 128;
  auto wide = [&](Expr e) { return c.mkSExt(e, kWide); };
  Expr zero = c.bvVal(kWide, 0);
  Expr first = wide(v.offset), last = first;
  for (auto [k, stride] : llvm::enumerate(v.strides)) {
    Expr s = wide(stride);
    Expr neg = c.mkCmp(Cmp::Slt, s, zero);
    Expr atLo = wide(lo[k]) * s;
    Expr atHi = wide(hi[k]) * s;
    first = first + c.mkIte(neg, atHi, atLo);
    last = last + c.mkIte(neg, atLo, atHi);
  }
  Expr ebW = c.bvVal(kWide, eb);
  Expr at = first * ebW;
  Expr end = last * ebW + ebW;
  if (!v.byteShift.isNull()) {
    at = at + wide(v.byteShift);
    end = end + wide(v.byteShift);
  }
  // As SymbolicHeap::outsideBuffer, per candidate buffer; a size of -1 marks
  // a buffer too large to bound (Encoder::allocate): not checked.
  std::vector<Expr> out;
  for (auto [i, slot] : llvm::enumerate(v.cands)) {
    const Expr &bytes = E.heap.slot(slot).bytes;
    if (bytes.isNull())
      continue;
    out.push_back(c.mkAnd({v.pts[i], c.mkNe(bytes, c.bvVal(kIndexWidth, -1)),
                           c.mkOr(c.mkCmp(Cmp::Slt, at, zero),
                                  c.mkCmp(Cmp::Sgt, end, wide(bytes)))}));
  }
  return c.mkOr(out);
}

Expr dealloc::verify::someElementOutside(Encoder &E, const View &v,
                                         unsigned eb) {
  smt::Context &c = E.ctx;
  Expr zero = c.bvVal(kIndexWidth, 0), one = c.bvVal(kIndexWidth, 1);
  std::vector<Expr> empty, lo, hi;
  for (const Expr &size : v.sizes) {
    empty.push_back(c.mkEq(size, zero));
    lo.push_back(zero);
    hi.push_back(size - one);
  }
  return c.mkAnd(c.mkNot(c.mkOr(empty)), boxOutsideBuffer(E, v, lo, hi, eb));
}

/// [op.memref.alloc]: a negative dynamic size is undefined behaviour; the
/// run stops there as in dealloc-run ([verify.verdict]: UNKNOWN, not SAFE).
static void stopOnNegativeSize(Encoder &E, State &st, ArrayRef<Expr> dyn,
                               Location loc) {
  smt::Context &c = E.ctx;
  std::vector<Expr> negative;
  for (const Expr &d : dyn)
    negative.push_back(
        c.mkCmp(smt::Context::Cmp::Slt, d, c.bvVal(d.bvWidth(), 0)));
  if (!negative.empty())
    E.heap.stop(st, c.mkOr(negative), loc, StopKind::NegativeSize,
                "negative allocation size (undefined behaviour)");
}

/// [op.memref.alloc], [op.memref.alloca]
static bool encodeAlloc(Encoder &E, State &st, Operation *op) {
  bool stack = isa<memref::AllocaOp>(op);
  ValueRange dynOps = stack ? cast<memref::AllocaOp>(op).getDynamicSizes()
                            : cast<memref::AllocOp>(op).getDynamicSizes();
  std::vector<Expr> dyn;
  for (Value v : dynOps)
    dyn.push_back(E.getBV(v));
  requireInitialized(E, st, dynOps, op->getLoc());
  stopOnNegativeSize(E, st, dyn, op->getLoc());
  E.bind(op->getResult(0), SymValue::memref(allocate(
                               E, st, stack ? SlotKind::Stack : SlotKind::Heap,
                               cast<MemRefType>(op->getResult(0).getType()),
                               dyn, op, op->getName().getStringRef().str())));
  return true;
}

static bool encodeDealloc(Encoder &E, State &st, memref::DeallocOp d) {
  Location loc = d.getLoc();
  E.heap.free(st, E.getView(d.getMemref()), E.ctx.boolVal(true), loc,
              E.nesting().borrowed);
  return true;
}

static bool encodeRealloc(Encoder &E, State &st, memref::ReallocOp r) {
  Location loc = r.getLoc();
  Operation *op = r;
  View src = E.getView(r.getSource());
  std::vector<Expr> dyn;
  if (r.getDynamicResultSize())
    dyn.push_back(E.getBV(r.getDynamicResultSize()));
  requireInitialized(E, st, op->getOperands(), loc);
  stopOnNegativeSize(E, st, dyn, loc);
  View dst =
      allocate(E, st, SlotKind::Heap, r.getType(), dyn, op, "memref.realloc");
  reallocContents(E, st, src, dst, elementBytes(r.getType().getElementType()));
  E.heap.free(st, src, E.ctx.boolVal(true), loc, E.nesting().borrowed);
  E.bind(r, SymValue::memref(dst));
  return true;
}

static bool encodeGetGlobal(Encoder &E, State &st, memref::GetGlobalOp g) {
  Location loc = g.getLoc();
  std::string origin = "@" + g.getName().str();
  int slot = -1;
  for (auto [i, s] : llvm::enumerate(E.heap.slots()))
    if (s.kind == SlotKind::Global && s.origin == origin)
      slot = i;
  View v;
  if (slot < 0) {
    slot = E.heap.newSlot(SlotKind::Global, loc, origin, &st);
    v = freshView(E, slot, g.getType(), shapeOf(E, g.getType(), {}));
    E.heap.setSlotBytes(
        slot, byteExtent(E, v, elementBytes(g.getType().getElementType())));
  } else {
    v = freshView(E, slot, g.getType(), shapeOf(E, g.getType(), {}));
  }
  // [op.memref.get_global]: the contents are created at the first use,
  // with the dense initial value (exactly where storeDenseContents can;
  // else unconstrained, an over-approximation whose counterexamples are
  // replayed); without one they are uninitialized
  // ([buffer.contents.uninit]).
  auto global =
      dyn_cast_or_null<memref::GlobalOp>(E.facts().index.lookup(g.getName()));
  bool fresh = (size_t)slot >= st.mem.size() ||
               (st.mem[slot].elems.empty() && st.mem[slot].array.isNull());
  unsigned elemBytes = elementBytes(g.getType().getElementType());
  auto dense =
      global ? dyn_cast_or_null<DenseElementsAttr>(global.getInitialValueAttr())
             : DenseElementsAttr();
  if (fresh && global && !dense)
    E.heap.initContents(st, slot, {byteExtent(E, v, 1)}, /*zero=*/false,
                        elemBytes);
  else if (fresh && dense)
    storeDenseContents(E, st, v, dense, elemBytes);
  E.bind(g, SymValue::memref(v));
  return true;
}

/// [view.reshape]: the sizes are read from the shape operand (a read of
/// its buffer, bounds-checked; its [heap.use] by the op's memory effects);
/// a negative size or one that differs from a static size of the result
/// type stops the run; row-major strides over the source's offset and
/// address.
static bool encodeReshape(Encoder &E, State &st, memref::ReshapeOp rs) {
  Location loc = rs.getLoc();
  Operation *op = rs;
  SymbolicArith d(E.heap);
  View src = E.getView(rs.getSource());
  View shape = E.getView(rs.getShape());
  auto shapeType = cast<MemRefType>(rs.getShape().getType());
  auto rt = dyn_cast<MemRefType>(rs.getType());
  unsigned w = scalarWidth(shapeType.getElementType());
  if (!rt || !w || shape.sizes.size() != 1)
    return E.unsupported(op, "reshape to an unranked memref");
  unsigned eb = elementBytes(shapeType.getElementType());
  std::vector<Expr> sizes, bad;
  for (int64_t k = 0; k < rt.getRank(); ++k) {
    Expr idx = d.lit(k);
    E.heap.stop(st, d.sge(idx, shape.sizes[0]), loc, StopKind::OutOfBounds,
                "out-of-bounds access");
    Expr lin = shape.offset + idx * shape.strides[0];
    checkInBuffer(E, st, shape, lin, eb, loc);
    Expr raw = E.ctx.mkTrunc(E.heap.load(st, shape, lin, eb), w);
    SymValue loaded = SymValue::bv(raw);
    loaded.init = E.heap.loadInit(st, shape, lin, eb);
    requireInitialized(E, st, loaded, loc);
    Expr size = w < kIndexWidth ? E.ctx.mkSExt(raw, kIndexWidth) : raw;
    llvm::SmallVector<Expr, 2> sizeBad;
    view::reshapeSizeBad(d, size, rt.getDimSize(k), sizeBad);
    bad.insert(bad.end(), sizeBad.begin(), sizeBad.end());
    sizes.push_back(size);
  }
  E.heap.stop(st, E.ctx.mkOr(bad), loc, StopKind::ReshapeSize,
              "memref.reshape to a negative size or one that differs from "
              "the result type (undefined behaviour)");
  E.bind(rs, SymValue::memref(view::reshape(d, src, sizes)));
  return true;
}

static bool encodeCopy(Encoder &E, State &st, memref::CopyOp c) {
  Location loc = c.getLoc();
  const View &src = E.getView(c.getSource()), &dst = E.getView(c.getTarget());
  // dealloc-run: views of different shapes are undefined behaviour.
  std::vector<Expr> differ;
  for (auto [a, b] : llvm::zip(src.sizes, dst.sizes))
    differ.push_back(E.ctx.mkNe(a, b));
  E.heap.stop(st, E.ctx.mkOr(differ), loc, StopKind::CopyShape,
              "copy between views of different shapes (undefined behaviour)");
  unsigned eb = elementBytes(c.getSource().getType().getElementType());
  E.heap.stop(st,
              E.ctx.mkOr(someElementOutside(E, src, eb),
                         someElementOutside(E, dst, eb)),
              loc, StopKind::OutOfBounds,
              "out-of-bounds access (outside the buffer's bytes)");
  copyContents(E, st, src, dst, eb);
  return true;
}

bool Encoder::encodeMemRef(Operation *op, State &st) {
  if (std::optional<ElementAccessOp> acc = asElementAccess(op))
    return encodeElementAccess(*this, st, op, *acc);
  if (isa<memref::AllocOp, memref::AllocaOp>(op))
    return encodeAlloc(*this, st, op);
  // [op.memref.prefetch]: a hint; its declared write was [heap.use].
  if (isa<memref::PrefetchOp>(op))
    return true;
  if (std::optional<bool> ok = encodeViewOp(*this, st, op))
    return *ok;
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](memref::DeallocOp x) { return encodeDealloc(*this, st, x); })
      .Case([&](memref::ReallocOp x) { return encodeRealloc(*this, st, x); })
      .Case(
          [&](memref::GetGlobalOp x) { return encodeGetGlobal(*this, st, x); })
      .Case([&](memref::ReshapeOp x) { return encodeReshape(*this, st, x); })
      .Case([&](memref::CopyOp x) { return encodeCopy(*this, st, x); })
      .Default([&](Operation *) { return notEncoded(op); });
}
