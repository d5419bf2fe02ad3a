//===- LoopInductionPair.cpp - Relational invariants of loop pairs --------===//
//
// spec/verification.md [equiv.loops]. Each version's loop that allocates
// matched sites was proved by [verify.induction] on its own (LoopInduction.cpp
// kept the proved abstract iteration as a LoopRecord). The two versions'
// loops are run in lock step: a *pair header* is a header of A's loop and
// one of B's, each satisfying its own invariants, reached by the same input
// after the same number of iterations. Candidate relations between the two
// headers are proved Houdini-style: kept if they hold at the loops' entries
// and after one iteration of both from a pair header that satisfies the
// kept ones. Required (else no proof):
//
//   - counts: every matched site has been allocated equally often, and the
//     epochs (input-program allocations so far) are equal;
//   - rel: a matched buffer (site and instance) allocated in both is freed
//     in both in the same interval, or freed in one in the current interval
//     and live in the other;
//   - exists: a matched buffer live in one version (at P: live at the
//     header or allocated by the iteration) is represented in the other
//     (outer slot, summary slot or the iteration's own);
//   - sync: both loops continue, or both leave (the same trip count).
//
// Since every live buffer an iteration allocated is represented by a summary
// slot ([verify.induction]'s required "reach"), a buffer an iteration frees
// is represented at that iteration in both versions, so "rel" after the
// iteration compares its free points; a buffer no header represents any
// more was freed in both, in the same interval. The exit headers satisfy
// the kept relations; the comparison of [equiv.def] then continues from
// them.
//
//===----------------------------------------------------------------------===//

#include "LoopInductionPair.h"
#include "Encoder.h"

#include <functional>
#include <map>
#include <set>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;

Expr dealloc::verify::sameSiteInstance(smt::Context &c, const Slot &a,
                                       const Slot &b, size_t sites) {
  auto code = [&](const Slot &s) -> Expr {
    return s.site >= 0 ? c.bvVal(kIdWidth, s.site) : s.siteVar;
  };
  Expr ca = code(a), cb = code(b);
  if (ca.isNull() || cb.isNull() || a.siteInstance.isNull() ||
      b.siteInstance.isNull())
    return Expr();
  if (a.site >= 0 && b.site >= 0) {
    if (a.site != b.site)
      return Expr();
    return c.mkEq(a.siteInstance, b.siteInstance);
  }
  std::vector<Expr> eq{c.mkEq(ca, cb), c.mkEq(a.siteInstance, b.siteInstance)};
  Expr bound = c.bvVal(kIdWidth, int64_t(sites));
  for (const Expr &code : {ca, cb})
    if (!code.bvLiteral())
      eq.push_back(c.mkCmp(Cmp::Ult, code, bound));
  return c.mkAnd(eq);
}

namespace {

/// One version's loop at one point: a state with its slot table.
struct Side {
  const State *st;
  const std::vector<Slot> *slots;
  const std::vector<SymValue> *iters;
  Expr iv; ///< null at the exit header
  /// After the iteration: the header's state and its number of slots.
  const State *before = nullptr;
  size_t nBefore = 0;
};

struct Relation {
  std::string key;
  bool required;
  std::function<Expr(const Side &, const Side &)> holds;
};

/// Slot pairs a relation may compare before the proof gives up (a loop in
/// a function with thousands of matched allocations before it).
constexpr size_t kMaxSlotPairs = 40000;
constexpr unsigned kPairQueryMs = 20000;

class PairProof {
public:
  PairProof(Encoder &ea, Encoder &eb, LoopRecord &a, LoopRecord &b,
            size_t sites, const std::vector<Expr> &earlier)
      : c(ea.ctx), ea(ea), eb(eb), A(a), B(b), sites(sites), S(c, /*plain=*/true) {
    // The constraints of the code before each loop and of its iteration
    // (those of the code after it define later terms only).
    bool addrs = ea.heap.addressesUsed || eb.heap.addressesUsed;
    for (auto [e, r] : {std::pair{&ea, &A}, {&eb, &B}}) {
      const SymbolicHeap &h = e->heap;
      for (size_t i = 0; i < r->entryConstraints; ++i)
        S.add(h.constraints[i]);
      for (const Expr &x : r->constraints)
        S.add(x);
      if (!addrs)
        continue;
      for (size_t i = 0; i < r->entryAddrConstraints; ++i)
        S.add(h.addrConstraints[i]);
      for (const Expr &x : r->addrConstraints)
        S.add(x);
    }
    for (const Expr &x : earlier)
      S.add(x);
    ms = kPairQueryMs;
    if (ea.opts.timeoutMs)
      ms = std::min(ms, ea.opts.timeoutMs);
  }

  bool run(std::vector<Expr> &facts, std::string &why);
  /// The proof failed on a model after an iteration (proveLoopPairs).
  bool suspect = false;

private:
  smt::Context &c;
  Encoder &ea, &eb;
  LoopRecord &A, &B;
  size_t sites;
  smt::Solver S;
  unsigned ms;
  std::vector<Relation> rels;
  bool tooLarge = false;

  Expr allocOf(const Side &x, unsigned s) const {
    SlotKind k = (*x.slots)[s].kind;
    if (k == SlotKind::Arg || k == SlotKind::Global)
      return c.boolVal(true);
    return s < x.st->alloc.size() ? x.st->alloc[s] : c.boolVal(false);
  }
  Expr freedOf(const Side &x, unsigned s) const {
    return s < x.st->freed.size() ? x.st->freed[s] : c.boolVal(false);
  }
  Expr freedAt(const Side &x, unsigned s) const {
    return s < x.st->freedAt.size() ? x.st->freedAt[s]
                                    : c.bvVal(kIndexWidth, 0);
  }
  Expr countOf(const Side &x, size_t i) const {
    return i < x.st->siteCount.size() ? x.st->siteCount[i]
                                      : c.bvVal(kIndexWidth, 0);
  }
  /// The slots of `x` that may be a matched buffer.
  std::vector<unsigned> matched(const Side &x) const {
    std::vector<unsigned> out;
    for (unsigned s = 0; s < x.st->alloc.size() && s < x.slots->size(); ++s) {
      const Slot &sl = (*x.slots)[s];
      if ((sl.site >= 0 || !sl.siteVar.isNull()) && !allocOf(x, s).isFalse())
        out.push_back(s);
    }
    return out;
  }
  Expr isMatched(const Slot &s) const {
    return s.site >= 0 ? c.boolVal(true)
                       : c.mkCmp(Cmp::Ult, s.siteVar,
                                 c.bvVal(kIdWidth, int64_t(sites)));
  }
  /// The buffers of `x` that must have a counterpart: live, or (after an
  /// iteration) live at its header or allocated by it.
  Expr mustRepresent(const Side &x, unsigned s) const {
    if (!x.before)
      return c.mkAnd(allocOf(x, s), c.mkNot(freedOf(x, s)));
    if (s >= x.nBefore)
      return allocOf(x, s);
    Side h{x.before, x.slots, nullptr, Expr()};
    return c.mkAnd(allocOf(h, s), c.mkNot(freedOf(h, s)));
  }
  /// Both views view one buffer: the same argument or global, or the
  /// same matched site instance.
  Expr sameIdentity(const Side &a, const View &va, const Side &b,
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
  Expr related(const Side &a, const Side &b);
  Expr unique(const Side &x);
  Expr below(const Side &x);
  Expr exists(const Side &a, const Side &b);
  void makeRelations();
  std::vector<Expr> eval(const Side &a, const Side &b) {
    std::vector<Expr> out;
    for (const Relation &r : rels)
      out.push_back(r.holds(a, b));
    return out;
  }
  /// Houdini: drops the relations false in some model of `pre` and not
  /// all of `post`'s relations; false if a required one is dropped or a
  /// query is undecided.
  bool houdini(const std::function<Expr()> &pre,
               const std::function<std::vector<Expr>()> &post,
               std::string &why, const char *where, bool afterIteration);
  smt::Result check(Expr q, const std::vector<Expr> *vals,
                    std::vector<bool> &truth) {
    // Most queries of a proof are unsatisfiable: the one-shot bit-blasting
    // solver refutes them faster than the incremental one (the step of two
    // swapped iter_args: 1.8 s instead of 3.3 s on a loaded machine).
    if (S.refuteByBitBlasting(q, ms / 2) == smt::Result::Unsat)
      return smt::Result::Unsat;
    S.push();
    S.add(q);
    smt::Result r = S.check({}, ms / 2);
    if (r == smt::Result::Sat && vals)
      for (const Expr &v : *vals)
        truth.push_back(S.evalBool(v));
    S.pop();
    return r;
  }
};

} // namespace

/// "rel": a matched buffer allocated in both is freed in the same interval
/// in both, or in the current interval in one and not yet in the other.
Expr PairProof::related(const Side &a, const Side &b) {
  std::vector<Expr> all;
  std::vector<unsigned> ma = matched(a), mb = matched(b);
  if (ma.size() * mb.size() > kMaxSlotPairs) {
    tooLarge = true;
    return c.boolVal(false);
  }
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
      all.push_back(c.mkImplies(
          c.mkAnd({allocOf(a, i), allocOf(b, j), same}), ok));
    }
  return c.mkAnd(all);
}

Expr PairProof::unique(const Side &x) {
  std::vector<Expr> all;
  std::vector<unsigned> m = matched(x);
  if (m.size() * m.size() > kMaxSlotPairs) {
    tooLarge = true;
    return c.boolVal(false);
  }
  for (size_t i = 0; i < m.size(); ++i)
    for (size_t j = i + 1; j < m.size(); ++j) {
      Expr same =
          sameSiteInstance(c, (*x.slots)[m[i]], (*x.slots)[m[j]], sites);
      if (!same.isNull())
        all.push_back(c.mkNot(
            c.mkAnd({allocOf(x, m[i]), allocOf(x, m[j]), same})));
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
  if (ma.size() * mb.size() > kMaxSlotPairs) {
    tooLarge = true;
    return c.boolVal(false);
  }
  for (unsigned i : ma) {
    std::vector<Expr> some;
    for (unsigned j : mb) {
      Expr same = sameSiteInstance(c, (*a.slots)[i], (*b.slots)[j], sites);
      if (!same.isNull())
        some.push_back(c.mkAnd(allocOf(b, j), same));
    }
    all.push_back(c.mkImplies(
        c.mkAnd(mustRepresent(a, i), isMatched((*a.slots)[i])),
        c.mkOr(some)));
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

bool PairProof::houdini(const std::function<Expr()> &pre,
                        const std::function<std::vector<Expr>()> &post,
                        std::string &why, const char *where,
                        bool afterIteration) {
  for (size_t round = 0; round <= rels.size() + 1; ++round) {
    std::vector<Expr> vals = post();
    if (tooLarge) {
      why = "too many matched buffers to relate";
      return false;
    }
    std::vector<bool> truth;
    smt::Result r = check(c.mkAnd(pre(), c.mkNot(c.mkAnd(vals))), &vals, truth);
    if (r == smt::Result::Unsat)
      return true;
    if (r != smt::Result::Sat) {
      why = std::string("a query ") + where + " was not decided";
      return false;
    }
    std::vector<Relation> kept;
    bool dropped = false;
    for (size_t k = 0; k < rels.size(); ++k) {
      if (truth[k]) {
        kept.push_back(std::move(rels[k]));
        continue;
      }
      dropped = true;
      if (rels[k].required) {
        why = "the relation '" + rels[k].key + "' does not hold " + where;
        suspect = afterIteration;
        return false;
      }
    }
    if (!dropped) {
      why = std::string("no relation to drop ") + where;
      return false;
    }
    rels = std::move(kept);
  }
  why = std::string("no fixpoint ") + where;
  return false;
}

bool PairProof::run(std::vector<Expr> &facts, std::string &why) {
  if (A.op->getName() != B.op->getName() || A.counted != B.counted) {
    why = "the versions' loops differ";
    return false;
  }
  makeRelations();
  const std::vector<Slot> &sa = ea.heap.slots, &sb = eb.heap.slots;
  Side entA{&A.entry, &sa, &A.entryIters, A.lb};
  Side entB{&B.entry, &sb, &B.entryIters, B.lb};
  Expr both = c.mkAnd(A.entry.guard, B.entry.guard);
  if (!houdini([&] { return both; }, [&] { return eval(entA, entB); }, why,
               "at the loops' entries", false))
    return false;
  Side hA{&A.H, &A.slots, &A.Hiters, A.Hiv};
  Side hB{&B.H, &B.slots, &B.Hiters, B.Hiv};
  Side pA{&A.P, &A.slots, &A.Piters, A.Piv, &A.H, A.headerSlots};
  Side pB{&B.P, &B.slots, &B.Piters, B.Piv, &B.H, B.headerSlots};
  // No run allocates 2^64 - 1 buffers of one site: the instance numbers of
  // [equiv.def] (2) are 64-bit, and an iteration's allocation does not
  // wrap its site's count around.
  std::vector<Expr> finite;
  for (const Side *x : {&hA, &hB})
    for (size_t i = 0; i < sites; ++i)
      finite.push_back(c.mkNe(countOf(*x, i), c.bvVal(kIndexWidth, -1)));
  auto header = [&] {
    return c.mkAnd({both, A.assumed, B.assumed, c.mkAnd(finite),
                    c.mkAnd(eval(hA, hB))});
  };
  if (!houdini(
          [&] { return c.mkAnd({header(), A.P.guard, B.P.guard}); },
          [&] { return eval(pA, pB); }, why, "after an iteration", true))
    return false;
  // Lock step: from a pair header, both loops continue or both leave.
  std::vector<bool> none;
  smt::Result r = check(c.mkAnd({header(), A.contGuard, B.contGuard,
                                 c.mkNe(A.cont, B.cont)}),
                        nullptr, none);
  if (r != smt::Result::Unsat) {
    suspect = r == smt::Result::Sat;
    why = r == smt::Result::Sat
              ? "the versions' loops may iterate differently often"
              : "whether the loops iterate equally often was not decided";
    return false;
  }
  Side xA{&A.X, &sa, &A.Xiters, Expr()};
  Side xB{&B.X, &sb, &B.Xiters, Expr()};
  facts.push_back(c.mkImplies(both, c.mkAnd(eval(xA, xB))));
  return true;
}

bool dealloc::verify::proveLoopPairs(Encoder &ea, Encoder &eb,
                                     std::vector<LoopRecord> &la,
                                     std::vector<LoopRecord> &lb,
                                     std::vector<Expr> &facts,
                                     std::string &why, bool &suspect) {
  suspect = false;
  if (la.size() != lb.size()) {
    why = "the versions have different numbers of loops that allocate";
    return false;
  }
  size_t sites = ea.sites() ? ea.sites()->names.size() : 0;
  for (size_t k = 0; k < la.size(); ++k) {
    PairProof p(ea, eb, la[k], lb[k], sites, facts);
    if (!p.run(facts, why)) {
      suspect = p.suspect;
      return false;
    }
  }
  return true;
}
