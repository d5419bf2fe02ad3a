//===- LoopPairRelations.cpp - Relations between two loops' headers -------===//
//
// docs/verifier-proofs.md [equiv.loops]: the candidate relations between a
// header of A's loop and one of B's that the pair proof
// (Verify/Induction/LoopInductionPair.cpp) keeps Houdini-style. Required:
// "counts" (every matched site allocated equally often, equal epochs), "rel" (a
// matched buffer allocated in both is freed in the same interval, or in the
// current one in one version and not yet in the other), "exists" (a matched
// buffer live in one version is represented in the other). Optional: no two
// buffers of one identity, the instances below their sites' counts, equal
// bounds and induction variables, equal scalar iter_args and memref iter_args
// viewing the same buffer.
//
//===----------------------------------------------------------------------===//

#include "Induction/LoopPairProof.h"

#include <map>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::pairs;
using Cmp = smt::Context::Cmp;

std::vector<unsigned> PairProof::matched(const Side &x) const {
  std::vector<unsigned> out;
  for (unsigned s = 0; s < x.st->alloc.size() && s < x.slots->size(); ++s) {
    const Slot &sl = (*x.slots)[s];
    if ((sl.site >= 0 || !sl.siteVar.isNull()) && !allocOf(x, s).isFalse())
      out.push_back(s);
  }
  return out;
}

Expr PairProof::isMatched(const Slot &s) const {
  return s.site >= 0
             ? c.boolVal(true)
             : c.mkCmp(Cmp::Ult, s.siteVar, c.bvVal(kIdWidth, int64_t(sites)));
}

Expr PairProof::mustRepresent(const Side &x, unsigned s) const {
  if (!x.before)
    return c.mkAnd(allocOf(x, s), c.mkNot(freedOf(x, s)));
  if (s >= x.nBefore) {
    // A summary slot of the exit header of a loop proved inside the
    // iteration: a buffer freed by then was freed inside that loop, where
    // its pair compared the free (the buffers live at its exit have a
    // counterpart by that pair's "exists").
    if (x.inner)
      for (const LoopRecord &r : *x.inner)
        if (s >= r.entrySlots && s < r.headerSlots)
          return c.mkAnd(
              allocOf(x, s),
              c.mkNot(freedOf(Side{&r.X, x.slots, nullptr, Expr()}, s)));
    return allocOf(x, s);
  }
  Side h{x.before, x.slots, nullptr, Expr()};
  return c.mkAnd(allocOf(h, s), c.mkNot(freedOf(h, s)));
}

Expr PairProof::sameIdentity(const Side &a, const View &va, const Side &b,
                             const View &vb) const {
  std::vector<Expr> any;
  for (auto [ka, sa] : llvm::enumerate(va.cands))
    for (auto [kb, sb] : llvm::enumerate(vb.cands)) {
      const Slot &x = (*a.slots)[sa], &y = (*b.slots)[sb];
      Expr same;
      if (x.kind == SlotKind::Arg || y.kind == SlotKind::Arg)
        same = c.boolVal(x.kind == y.kind && sa == sb);
      else if (x.kind == SlotKind::Global || y.kind == SlotKind::Global)
        same = c.boolVal(x.kind == y.kind && x.origin == y.origin);
      else
        same = sameSiteInstance(c, x, y, sites);
      if (!same.isNull() && !same.isFalse())
        any.push_back(c.mkAnd({va.pts[ka], vb.pts[kb], same}));
    }
  return c.mkOr(any);
}

/// "rel": a matched buffer allocated in both is freed in the same interval
/// in both, or in the current interval in one and not yet in the other.
Expr PairProof::related(const Side &a, const Side &b) {
  std::vector<Expr> all;
  std::vector<unsigned> ma = matched(a), mb = matched(b);
  if (tooManyPairs(ma.size(), mb.size()))
    return c.boolVal(false);
  for (unsigned i : ma)
    for (unsigned j : mb) {
      Expr same = sameSiteInstance(c, (*a.slots)[i], (*b.slots)[j], sites);
      if (same.isNull())
        continue;
      Expr fa = freedOf(a, i), fb = freedOf(b, j);
      Expr ta = freedAt(a, i), tb = freedAt(b, j);
      Expr ok = c.mkAnd(
          {c.mkImplies(c.mkAnd(fa, fb), c.mkEq(ta, tb)),
           c.mkImplies(c.mkAnd(fa, c.mkNot(fb)), c.mkEq(ta, a.st->epoch)),
           c.mkImplies(c.mkAnd(fb, c.mkNot(fa)), c.mkEq(tb, b.st->epoch))});
      all.push_back(
          c.mkImplies(c.mkAnd({allocOf(a, i), allocOf(b, j), same}), ok));
    }
  return c.mkAnd(all);
}

Expr PairProof::unique(const Side &x) {
  std::vector<Expr> all;
  std::vector<unsigned> m = matched(x);
  if (tooManyPairs(m.size(), m.size()))
    return c.boolVal(false);
  for (size_t i = 0; i < m.size(); ++i)
    for (size_t j = i + 1; j < m.size(); ++j) {
      Expr same =
          sameSiteInstance(c, (*x.slots)[m[i]], (*x.slots)[m[j]], sites);
      if (!same.isNull())
        all.push_back(
            c.mkNot(c.mkAnd({allocOf(x, m[i]), allocOf(x, m[j]), same})));
    }
  return c.mkAnd(all);
}

Expr PairProof::below(const Side &x) {
  std::vector<Expr> all;
  for (unsigned s : matched(x)) {
    const Slot &sl = (*x.slots)[s];
    Expr count;
    if (sl.site >= 0) {
      count = countOf(x, sl.site);
    } else {
      count = c.bvVal(kIndexWidth, 0);
      for (size_t i = 0; i < sites; ++i)
        count = c.mkIte(c.mkEq(sl.siteVar, c.bvVal(kIdWidth, int64_t(i))),
                        countOf(x, i), count);
    }
    all.push_back(c.mkImplies(c.mkAnd(allocOf(x, s), isMatched(sl)),
                              c.mkCmp(Cmp::Ult, sl.siteInstance, count)));
  }
  return c.mkAnd(all);
}

/// "exists": every matched buffer `a` must represent has a counterpart
/// allocated in `b`.
Expr PairProof::exists(const Side &a, const Side &b) {
  std::vector<Expr> all;
  std::vector<unsigned> ma = matched(a), mb = matched(b);
  if (tooManyPairs(ma.size(), mb.size()))
    return c.boolVal(false);
  for (unsigned i : ma) {
    std::vector<Expr> some;
    for (unsigned j : mb) {
      Expr same = sameSiteInstance(c, (*a.slots)[i], (*b.slots)[j], sites);
      if (!same.isNull())
        some.push_back(c.mkAnd(allocOf(b, j), same));
    }
    all.push_back(c.mkImplies(
        c.mkAnd(mustRepresent(a, i), isMatched((*a.slots)[i])), c.mkOr(some)));
  }
  return c.mkAnd(all);
}

void PairProof::makeRelations() {
  auto add = [&](std::string key, bool required,
                 std::function<Expr(const Side &, const Side &)> f) {
    rels.push_back(Relation{std::move(key), required, std::move(f)});
  };
  add("counts", true, [this](const Side &a, const Side &b) {
    std::vector<Expr> eq{c.mkEq(a.st->epoch, b.st->epoch)};
    for (size_t i = 0; i < sites; ++i)
      eq.push_back(c.mkEq(countOf(a, i), countOf(b, i)));
    return c.mkAnd(eq);
  });
  add("rel", true,
      [this](const Side &a, const Side &b) { return related(a, b); });
  add("existsA", true,
      [this](const Side &a, const Side &b) { return exists(a, b); });
  add("existsB", true,
      [this](const Side &a, const Side &b) { return exists(b, a); });
  // Of each version: two buffers never have one identity, and every
  // matched buffer's instance is below its site's count (true of every run;
  // the abstract header may break them).
  for (bool second : {false, true}) {
    std::string V = second ? "B" : "A";
    add("unique" + V, false, [this, second](const Side &a, const Side &b) {
      return unique(second ? b : a);
    });
    add("below" + V, false, [this, second](const Side &a, const Side &b) {
      return below(second ? b : a);
    });
  }
  if (A.counted) {
    add("bounds", false, [this](const Side &, const Side &) {
      return c.mkAnd(c.mkEq(A.ub, B.ub), c.mkEq(A.step, B.step));
    });
    add("iv", false, [this](const Side &a, const Side &b) {
      return a.iv.isNull() ? c.boolVal(true) : c.mkEq(a.iv, b.iv);
    });
  }
  addIterArgRelations();
}

void PairProof::addIterArgRelations() {
  auto add = [&](std::string key, bool required,
                 std::function<Expr(const Side &, const Side &)> f) {
    rels.push_back(Relation{std::move(key), required, std::move(f)});
  };
  // Carried values, paired by position among the iter_args of their kind
  // (pipelines keep the input program's iter_args in order and append
  // ownership flags): equal scalars (counters, ownership flags), memrefs
  // viewing the same buffer. All pairs of a loop with N iter_args were
  // N^2 candidates the solver had to refute (five memrefs and five flags:
  // no answer in 20 s).
  auto ofKind = [](const std::vector<SymValue> &vs) {
    std::map<std::pair<int, unsigned>, std::vector<size_t>> by;
    for (auto [i, v] : llvm::enumerate(vs))
      by[{int(v.kind), v.kind == SymValue::Kind::BV ? v.e.bvWidth() : 0}]
          .push_back(i);
    return by;
  };
  auto inA = ofKind(A.entryIters), inB = ofKind(B.entryIters);
  for (auto &[kind, is] : inA) {
    auto it = inB.find(kind);
    if (it == inB.end())
      continue;
    for (size_t k = 0; k < is.size() && k < it->second.size(); ++k) {
      size_t i = is[k], j = it->second[k];
      std::string key = std::to_string(i) + "/" + std::to_string(j);
      if (A.entryIters[i].kind == SymValue::Kind::MemRef) {
        add("view" + key, false, [this, i, j](const Side &a, const Side &b) {
          return sameIdentity(a, (*a.iters)[i].view, b, (*b.iters)[j].view);
        });
        continue;
      }
      add("eq" + key, false, [this, i, j](const Side &a, const Side &b) {
        return c.mkEq((*a.iters)[i].e, (*b.iters)[j].e);
      });
    }
  }
}
