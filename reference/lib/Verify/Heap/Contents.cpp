//===- Contents.cpp - Buffer contents of the symbolic heap ----------------===//
//
// docs/verifier-design.md [verify.encoding.contents]: contents are kept per
// slot. A buffer with a small static size (at most
// SolverPolicy::explicitElements elements) holds one term per element, so
// loads and stores at constant indices (fully unrolled loops, the lowering's
// flag and pointer buffers) are plain terms; any other buffer holds an SMT
// array from element index to value. A view with several candidate slots
// reads the if-then-else of its candidates' values under its one-hot
// identity and writes each candidate under the literal that selects it.
// Modules that reinterpret buffers (`memref.view`) keep bytes instead,
// indexed by the byte offset from the buffer's base, as dealloc-run's
// [buffer.contents] does.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Verify/SymbolicHeap.h"

#include <optional>
#include <utility>

using namespace dealloc;
using namespace dealloc::verify;
using smt::Context;

void SymbolicHeap::initContents(State &st, unsigned s,
                                const std::vector<Expr> &sizes, bool zero,
                                unsigned elemBytes) {
  if (s >= st.mem.size())
    st.mem.resize(s + 1);
  Contents c;
  int64_t total = byteMode ? elemBytes : 1;
  int64_t limit =
      byteMode ? SolverPolicy::explicitBytes : SolverPolicy::explicitElements;
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
    c.array =
        zero ? ctx.mkConstArray(kIndexWidth, ctx.bvVal(w, 0))
             : ctx.freshArray("contents" + std::to_string(s), kIndexWidth, w);
  }
  // [buffer.contents.uninit]: a fresh buffer's cells are uninitialized.
  if (!zero) {
    if (small)
      c.initElems.assign(c.elems.size(), ctx.boolVal(false));
    else
      c.initArray = ctx.mkConstArray(kIndexWidth, ctx.bvVal(1, 0));
  }
  st.mem[s] = std::move(c);
}

//===-- initializedness ([buffer.contents.uninit]) ------------------------===//
//
// Kept beside the contents in the same mode: Booleans per explicit cell,
// an array to 1-bit vectors otherwise, nothing while every cell is
// initialized (caller-provided buffers, globals), so programs that never
// read uninitialized memory see literal `true` and no extra terms.

/// Gives `c` explicit initializedness (every cell initialized).
static void materializeInit(Context &ctx, Contents &c) {
  if (!c.allInit())
    return;
  if (c.explicitMode())
    c.initElems.assign(c.elems.size(), ctx.boolVal(true));
  else
    c.initArray = ctx.mkConstArray(kIndexWidth, ctx.bvVal(1, 1));
}

bool Contents::sameTerms(const Contents &o) const {
  auto same = [](const Expr &a, const Expr &b) {
    return a.isNull() ? b.isNull() : !b.isNull() && a.same(b);
  };
  auto sameElems = [&](const SharedExprs &x, const SharedExprs &y) {
    if (x.shares(y))
      return true;
    if (x.size() != y.size())
      return false;
    for (size_t e = 0; e < x.size(); ++e)
      if (!x[e].same(y[e]))
        return false;
    return true;
  };
  return same(array, o.array) && same(initArray, o.initArray) &&
         sameElems(elems, o.elems) && sameElems(initElems, o.initElems);
}

/// Back to "every cell initialized" when every explicit cell is literally so.
static void normalizeInit(Contents &c) {
  if (c.initElems.empty())
    return;
  for (const Expr &e : std::as_const(c.initElems))
    if (!e.isTrue())
      return;
  c.initElems.clear();
}

static Expr bit(Context &ctx, const Expr &b) {
  if (b.isTrue())
    return ctx.bvVal(1, 1);
  if (b.isFalse())
    return ctx.bvVal(1, 0);
  return ctx.boolToBV(b, 1);
}

/// Whether the cell at `idx` of `c` is initialized.
static Expr readInitOne(Context &ctx, const Contents &c, Expr idx) {
  if (c.allInit())
    return ctx.boolVal(true);
  if (!c.explicitMode())
    return ctx.mkEq(ctx.mkSelect(c.initArray, idx), ctx.bvVal(1, 1));
  if (auto k = idx.bvLiteral())
    return *k >= 0 && *k < (int64_t)c.initElems.size() ? c.initElems[*k]
                                                       : ctx.boolVal(true);
  // As readOne: an index outside the buffer stops the run before the access.
  Expr r = c.initElems.back();
  for (size_t e = c.initElems.size() - 1; e-- > 0;)
    r = ctx.mkIte(ctx.mkEq(idx, ctx.bvVal(kIndexWidth, e)), c.initElems[e], r);
  return r;
}

/// Sets the cell at `idx` of `c` to `init` where `p` holds.
static void writeInitOne(Context &ctx, Contents &c, Expr idx, Expr init,
                         Expr p) {
  if (c.allInit() && init.isTrue())
    return;
  materializeInit(ctx, c);
  if (!c.explicitMode()) {
    c.initArray = ctx.mkStore(
        c.initArray, idx,
        ctx.mkIte(p, bit(ctx, init), ctx.mkSelect(c.initArray, idx)));
    return;
  }
  if (auto k = idx.bvLiteral()) {
    if (*k >= 0 && *k < (int64_t)c.initElems.size())
      c.initElems[*k] = ctx.mkIte(p, init, c.initElems[*k]);
  } else {
    for (size_t e = 0; e < c.initElems.size(); ++e)
      c.initElems[e] =
          ctx.mkIte(ctx.mkAnd(p, ctx.mkEq(idx, ctx.bvVal(kIndexWidth, e))),
                    init, c.initElems[e]);
  }
  normalizeInit(c);
}

Expr SymbolicHeap::loadInit(State &st, const View &v, Expr lin,
                            unsigned elemBytes) {
  if (v.cands.empty())
    return ctx.boolVal(true);
  auto one = [&](unsigned s) {
    const Contents &c = contentsOf(st, s);
    if (c.allInit() || !byteMode)
      return readInitOne(ctx, c, lin);
    Expr at = byteIndex(v, lin, elemBytes);
    std::vector<Expr> bytes;
    for (unsigned k = 0; k < elemBytes; ++k)
      bytes.push_back(readInitOne(
          ctx, c,
          k == 0
              ? at
              : ctx.mkBin(Context::BinOp::Add, at, ctx.bvVal(kIndexWidth, k))));
    return ctx.mkAnd(bytes);
  };
  Expr r = one(v.cands.back());
  for (size_t i = v.cands.size() - 1; i-- > 0;)
    r = ctx.mkIte(v.pts[i], one(v.cands[i]), r);
  return r;
}

bool SymbolicHeap::allInitialized(State &st, const View &v) {
  for (unsigned s : v.cands)
    if (!contentsOf(st, s).allInit())
      return false;
  return true;
}

Expr SymbolicHeap::mergeInits(const std::vector<Expr> &guards,
                              const std::vector<const SymValue *> &vals) {
  bool any = false;
  for (const SymValue *v : vals)
    any |= !v->init.isNull() && !v->init.isTrue();
  if (!any)
    return Expr();
  std::vector<Expr> is;
  for (const SymValue *v : vals)
    is.push_back(v->init.isNull() ? ctx.boolVal(true) : v->init);
  return mergeExprs(guards, is);
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
    c.elems[e] =
        ctx.mkIte(ctx.mkAnd(p, ctx.mkEq(idx, ctx.bvVal(kIndexWidth, e))), value,
                  c.elems[e]);
}

std::optional<SymbolicHeap::ByteOrigin> SymbolicHeap::originOf(const Expr &b) {
  if (auto lit = b.bvLiteral(); lit && *lit == 0)
    return ByteOrigin{ctx.bvVal(64, 0), -1};
  auto it = byteOrigins.find(b.termId());
  if (it == byteOrigins.end())
    return std::nullopt;
  return it->second;
}

void SymbolicHeap::recordWrite(const Expr &cell, const Expr &old,
                               const Expr &word, int k, const Expr &p) {
  if (cell.same(old) || byteOrigins.count(cell.termId()))
    return;
  if (p.isTrue()) {
    byteOrigins.try_emplace(cell.termId(), ByteOrigin{word, k});
    return;
  }
  auto o = originOf(old);
  if (!o || (o->k != k && o->k != -1))
    return;
  byteOrigins.try_emplace(cell.termId(),
                          ByteOrigin{ctx.mkIte(p, word, o->word), k});
}

void SymbolicHeap::recordMerge(const Expr &merged,
                               const std::vector<Expr> &paths,
                               const std::vector<Expr> &bytes) {
  if (merged.bvLiteral() || byteOrigins.count(merged.termId()))
    return;
  int k = -1;
  std::vector<Expr> words;
  for (const Expr &b : bytes) {
    auto o = originOf(b);
    if (!o || (o->k != -1 && k != -1 && o->k != k))
      return;
    if (o->k != -1)
      k = o->k;
    words.push_back(o->word);
  }
  byteOrigins.try_emplace(merged.termId(),
                          ByteOrigin{mergeExprs(paths, words), k});
}

Expr SymbolicHeap::byteIndex(const View &v, Expr lin, unsigned elemBytes) {
  Expr b =
      ctx.mkBin(Context::BinOp::Mul, lin, ctx.bvVal(kIndexWidth, elemBytes));
  return v.byteShift.isNull() ? b
                              : ctx.mkBin(Context::BinOp::Add, v.byteShift, b);
}

Expr SymbolicHeap::outsideBuffer(const View &v, Expr lin, unsigned elemBytes) {
  using Cmp = Context::Cmp;
  Expr at = byteIndex(v, lin, elemBytes);
  Expr end =
      ctx.mkBin(Context::BinOp::Add, at, ctx.bvVal(kIndexWidth, elemBytes));
  std::vector<Expr> out;
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    const Expr &bytes = slotTable[s].bytes;
    if (bytes.isNull())
      continue;
    // A size of -1 marks a buffer too large to bound without wrap-around
    // (Encoder::allocate): not checked.
    Expr checked = ctx.mkNe(bytes, ctx.bvVal(kIndexWidth, -1));
    out.push_back(
        ctx.mkAnd({v.pts[i], checked,
                   ctx.mkOr(ctx.mkCmp(Cmp::Slt, at, ctx.bvVal(kIndexWidth, 0)),
                            ctx.mkCmp(Cmp::Sgt, end, bytes))}));
  }
  return ctx.mkOr(out);
}

Expr SymbolicHeap::readBytes(const Contents &c, Expr at, unsigned n) {
  std::vector<Expr> bytes;
  for (unsigned k = 0; k < n; ++k) {
    Expr idx =
        k == 0 ? at
               : ctx.mkBin(Context::BinOp::Add, at, ctx.bvVal(kIndexWidth, k));
    bytes.push_back(readOne(ctx, c, idx, 8));
  }
  // The bytes of a value stored whole read back as that value's term, also
  // where stores under conditions and joins made each byte an if-then-else
  // (byteOrigins): address comparisons still see the stored address
  // ([verify.encoding.addr]), and the solver never has to reassemble a word
  // from selected bytes, which made small pointer buffers time out.
  std::optional<Expr> word;
  for (unsigned k = 0; k < n; ++k) {
    auto o = originOf(bytes[k]);
    if (!o || (o->k != -1 && o->k != (int)k) ||
        (word && !word->same(o->word))) {
      word.reset();
      break;
    }
    word = o->word;
  }
  if (word)
    return n >= 8 ? *word : ctx.mkZExt(ctx.mkExtract(*word, 8 * n - 1, 0), 64);
  Expr r;
  for (const Expr &b : bytes)
    r = r.isNull() ? b : ctx.mkConcat(b, r);
  r = ctx.simplify(r);
  return n >= 8 ? ctx.mkTrunc(r, 64) : ctx.mkZExt(r, 64);
}

Expr SymbolicHeap::load(State &st, const View &v, Expr lin,
                        unsigned elemBytes) {
  if (v.cands.empty())
    return ctx.bvVal(64, 0);
  auto one = [&](unsigned s) {
    const Contents &c = contentsOf(st, s);
    if (!byteMode)
      return readOne(ctx, c, lin, 64);
    return readBytes(c, byteIndex(v, lin, elemBytes), elemBytes);
  };
  Expr r = one(v.cands.back());
  for (size_t i = v.cands.size() - 1; i-- > 0;)
    r = ctx.mkIte(v.pts[i], one(v.cands[i]), r);
  return r;
}

void SymbolicHeap::store(State &st, const View &v, Expr lin, Expr value,
                         unsigned elemBytes, Expr init) {
  if (init.isNull())
    init = ctx.boolVal(true);
  Expr at = byteMode ? byteIndex(v, lin, elemBytes) : Expr();
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    Expr p = v.pts[i];
    if (p.isFalse())
      continue;
    Contents &c = contentsOf(st, s);
    if (!byteMode) {
      writeOne(ctx, c, lin, value, p);
      writeInitOne(ctx, c, lin, init, p);
      continue;
    }
    for (unsigned k = 0; k < elemBytes && k < 8; ++k) {
      Expr idx = k == 0 ? at
                        : ctx.mkBin(Context::BinOp::Add, at,
                                    ctx.bvVal(kIndexWidth, k));
      Expr byte = ctx.mkExtract(value, 8 * k + 7, 8 * k);
      writeInitOne(ctx, c, idx, init, p);
      auto lit = idx.bvLiteral();
      if (!c.explicitMode() || !lit || *lit < 0 ||
          *lit >= (int64_t)c.elems.size()) {
        writeOne(ctx, c, idx, byte, p);
        continue;
      }
      Expr old = c.elems[*lit];
      c.elems[*lit] = ctx.mkIte(p, byte, old);
      recordWrite(c.elems[*lit], old, value, k, p);
    }
  }
}

bool SymbolicHeap::coversSlot(const Slot &slot, const View &v) {
  const std::vector<Expr> &w = slot.whole;
  size_t r = v.sizes.size();
  if (w.size() != 1 + 2 * r || v.retyped || !v.byteShift.isNull() ||
      !v.offset.same(w[0]))
    return false;
  for (size_t k = 0; k < r; ++k)
    if (!v.sizes[k].same(w[1 + k]) || !v.strides[k].same(w[1 + r + k]))
      return false;
  return true;
}

void SymbolicHeap::setWhole(unsigned s, const View &v) {
  std::vector<Expr> &w = slotTable[s].whole;
  w.assign(1, v.offset);
  w.insert(w.end(), v.sizes.begin(), v.sizes.end());
  w.insert(w.end(), v.strides.begin(), v.strides.end());
}

View SymbolicHeap::uncoveredCandidates(const View &v) const {
  View r = v;
  r.cands.clear();
  r.pts.clear();
  r.id = Expr();
  for (auto [i, s] : llvm::enumerate(v.cands))
    if (!coversSlot(slotTable[s], v)) {
      r.cands.push_back(s);
      r.pts.push_back(v.pts[i]);
    }
  return r;
}

void SymbolicHeap::havoc(State &st, const View &v, bool writesInit) {
  unsigned w = cellWidth();
  for (auto [i, s] : llvm::enumerate(v.cands)) {
    Expr p = v.pts[i];
    if (p.isFalse())
      continue;
    Contents &c = contentsOf(st, s);
    // Initializedness: unconstrained where written; with `writesInit` a
    // cell only goes from uninitialized to initialized (old or fresh), and
    // a write of the whole buffer initializes every cell.
    bool whole = writesInit && !c.allInit() && coversSlot(slotTable[s], v);
    if (whole && p.isTrue()) {
      c.initElems.clear();
      c.initArray = Expr();
    } else if (whole) {
      for (Expr &e : c.initElems)
        e = ctx.mkOr(p, e);
      if (!c.initArray.isNull())
        c.initArray = ctx.mkIte(
            p, ctx.mkConstArray(kIndexWidth, ctx.bvVal(1, 1)), c.initArray);
    }
    bool initToo = !(writesInit && c.allInit()) && !whole;
    if (initToo)
      materializeInit(ctx, c);
    if (!c.explicitMode()) {
      c.array = ctx.mkIte(
          p, ctx.freshArray("havoc" + std::to_string(s), kIndexWidth, w),
          c.array);
      if (initToo) {
        Expr f =
            ctx.freshArray("havocinit" + std::to_string(s), kIndexWidth, 1);
        // (old | fresh cell by cell would be tighter; fresh contains it.)
        c.initArray = ctx.mkIte(p, f, c.initArray);
      }
      continue;
    }
    for (Expr &e : c.elems)
      e = ctx.mkIte(p, ctx.freshBV("havoc" + std::to_string(s), w), e);
    if (initToo) {
      for (Expr &e : c.initElems) {
        Expr f = ctx.freshBool("havocinit" + std::to_string(s));
        e = ctx.mkIte(p, writesInit ? ctx.mkOr(e, f) : f, e);
      }
    }
  }
}

Contents SymbolicHeap::mergeContents(const std::vector<Expr> &paths,
                                     const std::vector<const State *> &states,
                                     size_t s) {
  // The common case at a join: every state holds the same terms (no branch
  // changed them), taken without gathering the operands.
  bool same = !byteMode;
  for (size_t k = 0; k < states.size() && same; ++k)
    same = s < states[k]->mem.size() &&
           states[k]->mem[s].sameTerms(states[0]->mem[s]);
  if (same) {
    const Contents &c = states[0]->mem[s];
    return c.elems.empty() && c.array.isNull() ? Contents{} : c;
  }
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
  Contents r;
  mergeContentsOf(ps, cs, s, r);
  return r;
}

bool SymbolicHeap::mergeContentsOf(const std::vector<Expr> &ps,
                                   const std::vector<const Contents *> &cs,
                                   size_t s, Contents &r) {
  // One state's contents, or the same in all (the common case at a join:
  // contents no branch changed).
  if (cs.size() == 1 || (!byteMode && llvm::all_of(cs, [&](const Contents *c) {
        return c->sameTerms(*cs[0]);
      }))) {
    r = *cs[0];
    return true;
  }
  bool sameShape = true;
  for (const Contents *c : cs)
    sameShape &= c->explicitMode() == cs[0]->explicitMode() &&
                 c->elems.size() == cs[0]->elems.size();
  std::vector<Expr> vals(cs.size());
  bool anyUninit = false;
  for (const Contents *c : cs)
    anyUninit |= !c->allInit();
  if (sameShape && cs[0]->explicitMode()) {
    for (size_t e = 0; e < cs[0]->elems.size(); ++e) {
      for (size_t k = 0; k < cs.size(); ++k)
        vals[k] = cs[k]->elems[e];
      r.elems.push_back(mergeExprs(ps, vals));
      if (byteMode)
        recordMerge(r.elems.back(), ps, vals);
      if (!anyUninit)
        continue;
      for (size_t k = 0; k < cs.size(); ++k)
        vals[k] = cs[k]->allInit() ? ctx.boolVal(true) : cs[k]->initElems[e];
      r.initElems.push_back(mergeExprs(ps, vals));
    }
    normalizeInit(r);
    return true;
  }
  if (sameShape) {
    for (size_t k = 0; k < cs.size(); ++k)
      vals[k] = cs[k]->array;
    r.array = mergeExprs(ps, vals);
    if (anyUninit) {
      for (size_t k = 0; k < cs.size(); ++k)
        vals[k] = cs[k]->allInit()
                      ? ctx.mkConstArray(kIndexWidth, ctx.bvVal(1, 1))
                      : cs[k]->initArray;
      r.initArray = mergeExprs(ps, vals);
    }
    return true;
  }
  // Shapes differ (cannot happen for one slot; kept total): unconstrained.
  r.array =
      ctx.freshArray("contents" + std::to_string(s), kIndexWidth, cellWidth());
  if (anyUninit)
    r.initArray = ctx.freshArray("init" + std::to_string(s), kIndexWidth, 1);
  return false;
}
