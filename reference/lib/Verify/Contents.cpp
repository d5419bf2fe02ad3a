//===- Contents.cpp - Buffer contents of the symbolic heap ----------------===//
//
// spec/verification.md [verify.encoding.contents]: contents are kept per
// slot. A buffer with a small static size (at most kExplicitElements
// elements) holds one term per element, so loads and stores at constant
// indices (fully unrolled loops, the lowering's flag and pointer buffers)
// are plain terms; any other buffer holds an SMT array from element index to
// value. A view with several candidate slots reads the if-then-else of its
// candidates' values under its one-hot identity and writes each candidate
// under the literal that selects it. Modules that reinterpret buffers
// (`memref.view`) keep bytes instead, indexed by the byte offset from the
// buffer's base, as dealloc-run's [buffer.contents] does.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/SymbolicHeap.h"

using namespace dealloc;
using namespace dealloc::verify;
using smt::Context;

/// Largest static element count kept as explicit terms.
static constexpr int64_t kExplicitElements = 64;
/// In byte mode: largest static byte count kept as explicit terms.
static constexpr int64_t kExplicitBytes = 256;

void SymbolicHeap::initContents(State &st, unsigned s,
                                const std::vector<Expr> &sizes, bool zero,
                                unsigned elemBytes) {
  if (s >= st.mem.size())
    st.mem.resize(s + 1);
  Contents c;
  int64_t total = byteContents ? elemBytes : 1;
  int64_t limit = byteContents ? kExplicitBytes : kExplicitElements;
  bool small = true;
  for (const Expr &e : sizes) {
    auto lit = e.bvLiteral();
    if (!lit || *lit < 0 || (total *= *lit) > limit) {
      small = false;
      break;
    }
  }
  unsigned w = cellWidth();
  if (small) {
    for (int64_t i = 0; i < total; ++i)
      c.elems.push_back(zero ? ctx.bvVal(w, 0)
                             : ctx.freshBV("uninit" + std::to_string(s), w));
  } else {
    c.array = zero ? ctx.mkConstArray(kIndexWidth, ctx.bvVal(w, 0))
                   : ctx.freshArray("contents" + std::to_string(s),
                                    kIndexWidth, w);
  }
  st.mem[s] = std::move(c);
}

Contents &SymbolicHeap::contentsOf(State &st, unsigned s) {
  if (s >= st.mem.size())
    st.mem.resize(s + 1);
  Contents &c = st.mem[s];
  if (c.elems.empty() && c.array.isNull()) // never initialized: unconstrained
    c.array = ctx.freshArray("contents" + std::to_string(s), kIndexWidth,
                             cellWidth());
  return c;
}

/// The cell at `idx` of one slot's contents.
static Expr readOne(Context &ctx, const Contents &c, Expr idx, unsigned w) {
  if (!c.explicitMode())
    return ctx.mkSelect(c.array, idx);
  if (auto k = idx.bvLiteral())
    return *k >= 0 && *k < (int64_t)c.elems.size() ? c.elems[*k]
                                                    : ctx.bvVal(w, 0);
  // An index outside the buffer stops the run before the access
  // ([safety.oob]); the last element is the default.
  Expr r = c.elems.back();
  for (size_t e = c.elems.size() - 1; e-- > 0;)
    r = ctx.mkIte(ctx.mkEq(idx, ctx.bvVal(kIndexWidth, e)), c.elems[e], r);
  return r;
}

/// Writes `value` at `idx` of `c` where `p` holds.
static void writeOne(Context &ctx, Contents &c, Expr idx, Expr value, Expr p) {
  if (!c.explicitMode()) {
    c.array = ctx.mkStore(c.array, idx,
                          ctx.mkIte(p, value, ctx.mkSelect(c.array, idx)));
    return;
  }
  if (auto k = idx.bvLiteral()) {
    if (*k >= 0 && *k < (int64_t)c.elems.size())
      c.elems[*k] = ctx.mkIte(p, value, c.elems[*k]);
    return;
  }
  for (size_t e = 0; e < c.elems.size(); ++e)
    c.elems[e] = ctx.mkIte(
        ctx.mkAnd(p, ctx.mkEq(idx, ctx.bvVal(kIndexWidth, e))), value,
        c.elems[e]);
}

Expr SymbolicHeap::byteIndex(const View &v, Expr lin, unsigned elemBytes) {
  Expr b = ctx.mkBin(Context::BinOp::Mul, lin,
                     ctx.bvVal(kIndexWidth, elemBytes));
  return v.byteShift.isNull() ? b
                              : ctx.mkBin(Context::BinOp::Add, v.byteShift, b);
}

Expr SymbolicHeap::outsideBuffer(const View &v, Expr lin, unsigned elemBytes) {
  using Cmp = Context::Cmp;
  Expr at = byteIndex(v, lin, elemBytes);
  Expr end = ctx.mkBin(Context::BinOp::Add, at,
                       ctx.bvVal(kIndexWidth, elemBytes));
  std::vector<Expr> out;
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    const Expr &bytes = slots[s].bytes;
    if (bytes.isNull())
      continue;
    out.push_back(ctx.mkAnd(
        v.pts[i], ctx.mkOr(ctx.mkCmp(Cmp::Slt, at, ctx.bvVal(kIndexWidth, 0)),
                           ctx.mkCmp(Cmp::Sgt, end, bytes))));
  }
  return ctx.mkOr(out);
}

/// The `n`-byte little-endian value at byte `at` of `c`, zero-extended to 64.
static Expr readBytes(Context &ctx, const Contents &c, Expr at, unsigned n) {
  Expr r;
  for (unsigned k = 0; k < n; ++k) {
    Expr idx = k == 0 ? at
                      : ctx.mkBin(Context::BinOp::Add, at,
                                  ctx.bvVal(kIndexWidth, k));
    Expr b = readOne(ctx, c, idx, 8);
    r = r.isNull() ? b : ctx.mkConcat(b, r);
  }
  // The bytes of a value stored whole read back as that value's term, so
  // address comparisons still see the stored address ([verify.encoding.addr]).
  r = ctx.simplify(r);
  return n >= 8 ? ctx.mkTrunc(r, 64) : ctx.mkZExt(r, 64);
}

Expr SymbolicHeap::load(State &st, const View &v, Expr lin,
                        unsigned elemBytes) {
  if (v.cands.empty())
    return ctx.bvVal(64, 0);
  auto one = [&](unsigned s) {
    const Contents &c = contentsOf(st, s);
    if (!byteContents)
      return readOne(ctx, c, lin, 64);
    return readBytes(ctx, c, byteIndex(v, lin, elemBytes), elemBytes);
  };
  Expr r = one(v.cands.back());
  for (size_t i = v.cands.size() - 1; i-- > 0;)
    r = ctx.mkIte(v.pts[i], one(v.cands[i]), r);
  return r;
}

void SymbolicHeap::store(State &st, const View &v, Expr lin, Expr value,
                         unsigned elemBytes) {
  Expr at = byteContents ? byteIndex(v, lin, elemBytes) : Expr();
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    Expr p = v.pts[i];
    if (p.isFalse())
      continue;
    Contents &c = contentsOf(st, s);
    if (!byteContents) {
      writeOne(ctx, c, lin, value, p);
      continue;
    }
    for (unsigned k = 0; k < elemBytes && k < 8; ++k)
      writeOne(ctx, c,
               k == 0 ? at
                      : ctx.mkBin(Context::BinOp::Add, at,
                                  ctx.bvVal(kIndexWidth, k)),
               ctx.mkExtract(value, 8 * k + 7, 8 * k), p);
  }
}

void SymbolicHeap::havoc(State &st, const View &v) {
  unsigned w = cellWidth();
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    Expr p = v.pts[i];
    if (p.isFalse())
      continue;
    Contents &c = contentsOf(st, s);
    if (!c.explicitMode()) {
      c.array = ctx.mkIte(
          p, ctx.freshArray("havoc" + std::to_string(s), kIndexWidth, w),
          c.array);
      continue;
    }
    for (Expr &e : c.elems)
      e = ctx.mkIte(p, ctx.freshBV("havoc" + std::to_string(s), w), e);
  }
}

Contents SymbolicHeap::mergeContents(const std::vector<Expr> &paths,
                                     const std::vector<const State *> &states,
                                     size_t s) {
  // Only states that have the slot's contents take part; the others do not
  // have the slot allocated, so its contents do not matter there.
  std::vector<Expr> ps;
  std::vector<const Contents *> cs;
  for (size_t k = 0; k < states.size(); ++k) {
    if (s >= states[k]->mem.size())
      continue;
    const Contents &c = states[k]->mem[s];
    if (c.elems.empty() && c.array.isNull())
      continue;
    ps.push_back(paths[k]);
    cs.push_back(&c);
  }
  if (cs.empty())
    return Contents{};
  if (cs.size() == 1)
    return *cs[0];
  bool sameShape = true;
  for (const Contents *c : cs)
    sameShape &= c->explicitMode() == cs[0]->explicitMode() &&
                 c->elems.size() == cs[0]->elems.size();
  Contents r;
  std::vector<Expr> vals(cs.size());
  if (sameShape && cs[0]->explicitMode()) {
    for (size_t e = 0; e < cs[0]->elems.size(); ++e) {
      for (size_t k = 0; k < cs.size(); ++k)
        vals[k] = cs[k]->elems[e];
      r.elems.push_back(mergeExprs(ps, vals));
    }
    return r;
  }
  if (sameShape) {
    for (size_t k = 0; k < cs.size(); ++k)
      vals[k] = cs[k]->array;
    r.array = mergeExprs(ps, vals);
    return r;
  }
  // Shapes differ (cannot happen for one slot; kept total): unconstrained.
  r.array = ctx.freshArray("contents" + std::to_string(s), kIndexWidth,
                           cellWidth());
  return r;
}
