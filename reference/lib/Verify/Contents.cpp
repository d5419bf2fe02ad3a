//===- Contents.cpp - Buffer contents of the symbolic heap ----------------===//
//
// spec/verification.md [verify.encoding.contents]: contents are kept per
// slot. A buffer with a small static size (at most kExplicitElements
// elements) holds one term per element, so loads and stores at constant
// indices (fully unrolled loops, the lowering's flag and pointer buffers)
// are plain terms; any other buffer holds an SMT array from element index to
// value. A view with several candidate slots reads the if-then-else of its
// candidates' values under its one-hot identity and writes each candidate
// under the literal that selects it.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/SymbolicHeap.h"

using namespace dealloc;
using namespace dealloc::verify;
using smt::Context;

/// Largest static element count kept as explicit terms.
static constexpr int64_t kExplicitElements = 64;

static Expr zero64(Context &c) { return c.bvVal(64, 0); }

void SymbolicHeap::initContents(State &st, unsigned s,
                                const std::vector<Expr> &sizes, bool zero) {
  if (s >= st.mem.size())
    st.mem.resize(s + 1);
  Contents c;
  int64_t total = 1;
  bool small = true;
  for (const Expr &e : sizes) {
    auto lit = e.bvLiteral();
    if (!lit || *lit < 0 || (total *= *lit) > kExplicitElements) {
      small = false;
      break;
    }
  }
  if (small) {
    for (int64_t i = 0; i < total; ++i)
      c.elems.push_back(zero ? zero64(ctx)
                             : ctx.freshBV("uninit" + std::to_string(s), 64));
  } else {
    c.array = zero ? ctx.mkConstArray(kIndexWidth, zero64(ctx))
                   : ctx.freshArray("contents" + std::to_string(s),
                                    kIndexWidth, 64);
  }
  st.mem[s] = std::move(c);
}

Contents &SymbolicHeap::contentsOf(State &st, unsigned s) {
  if (s >= st.mem.size())
    st.mem.resize(s + 1);
  Contents &c = st.mem[s];
  if (c.elems.empty() && c.array.isNull()) // never initialized: unconstrained
    c.array = ctx.freshArray("contents" + std::to_string(s), kIndexWidth, 64);
  return c;
}

/// The value at `lin` of one slot's contents.
static Expr readOne(Context &ctx, const Contents &c, Expr lin) {
  if (!c.explicitMode())
    return ctx.mkSelect(c.array, lin);
  if (auto k = lin.bvLiteral())
    return *k >= 0 && *k < (int64_t)c.elems.size() ? c.elems[*k]
                                                    : zero64(ctx);
  // An index outside the buffer stops the run before the access
  // ([safety.oob]); the last element is the default.
  Expr r = c.elems.back();
  for (size_t e = c.elems.size() - 1; e-- > 0;)
    r = ctx.mkIte(ctx.mkEq(lin, ctx.bvVal(kIndexWidth, e)), c.elems[e], r);
  return r;
}

Expr SymbolicHeap::load(State &st, const View &v, Expr lin) {
  if (v.cands.empty())
    return zero64(ctx);
  Expr r = readOne(ctx, contentsOf(st, v.cands.back()), lin);
  for (size_t i = v.cands.size() - 1; i-- > 0;)
    r = ctx.mkIte(v.pts[i], readOne(ctx, contentsOf(st, v.cands[i]), lin), r);
  return r;
}

void SymbolicHeap::store(State &st, const View &v, Expr lin, Expr value) {
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    Expr p = v.pts[i];
    if (p.isFalse())
      continue;
    Contents &c = contentsOf(st, s);
    if (!c.explicitMode()) {
      c.array = ctx.mkStore(c.array, lin,
                            ctx.mkIte(p, value, ctx.mkSelect(c.array, lin)));
      continue;
    }
    if (auto k = lin.bvLiteral()) {
      if (*k >= 0 && *k < (int64_t)c.elems.size())
        c.elems[*k] = ctx.mkIte(p, value, c.elems[*k]);
      continue;
    }
    for (size_t e = 0; e < c.elems.size(); ++e)
      c.elems[e] = ctx.mkIte(
          ctx.mkAnd(p, ctx.mkEq(lin, ctx.bvVal(kIndexWidth, e))), value,
          c.elems[e]);
  }
}

void SymbolicHeap::havoc(State &st, const View &v) {
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    Expr p = v.pts[i];
    if (p.isFalse())
      continue;
    Contents &c = contentsOf(st, s);
    if (!c.explicitMode()) {
      c.array = ctx.mkIte(
          p, ctx.freshArray("havoc" + std::to_string(s), kIndexWidth, 64),
          c.array);
      continue;
    }
    for (Expr &e : c.elems)
      e = ctx.mkIte(p, ctx.freshBV("havoc" + std::to_string(s), 64), e);
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
  r.array = ctx.freshArray("contents" + std::to_string(s), kIndexWidth, 64);
  return r;
}
