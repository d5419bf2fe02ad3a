//===- LoopInductionPair.cpp - Relational invariants of loop pairs --------===//
//
// docs/verifier-proofs.md [equiv.loops]. Each version's loop that allocates
// matched sites was proved by [verify.induction] on its own
// (Verify/Induction/LoopInduction.cpp kept the proved abstract iteration as a
// LoopRecord). The two versions' loops are run in lock step: a *pair header* is
// a header of A's loop and one of B's, each satisfying its own invariants,
// reached by the same input after the same number of iterations. Candidate
// relations between the two headers are proved Houdini-style: kept if they hold
// at the loops' entries and after one iteration of both from a pair header that
// satisfies the kept ones. Required (else no proof):
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
// Nested pairs: the loops of A's and B's iterations that allocate matched
// sites (LoopRecord::inner) are paired by position and proved the same way
// under the outer pair header with the relations kept so far (the outer
// induction hypothesis); their exit relations are assumed after the outer
// iteration, and proved again whenever the outer proof drops a relation.
// The relations themselves are in Verify/Induction/LoopPairRelations.cpp.
//
//===----------------------------------------------------------------------===//

#include "Induction/LoopInductionPair.h"
#include "Induction/LoopPairProof.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::pairs;
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

PairProof::PairProof(Encoder &ea, Encoder &eb, LoopRecord &a, LoopRecord &b,
                     size_t sites, std::vector<Expr> base,
                     const std::vector<Slot> &outerA,
                     const std::vector<Slot> &outerB)
    : c(ea.ctx), ea(ea), eb(eb), A(a), B(b), sites(sites),
      held(std::move(base)), outerA(outerA), outerB(outerB),
      S(c, /*plain=*/true) {
  // The constraints of each loop's iteration (those of the code after it
  // define later terms only).
  bool addrs = ea.heap.addressesObserved() || eb.heap.addressesObserved();
  for (LoopRecord *r : {&A, &B}) {
    llvm::append_range(held, r->constraints);
    if (addrs)
      llvm::append_range(held, r->addrConstraints);
  }
  for (const Expr &x : held)
    S.add(x);
  ms = SolverPolicy::pairQueryMs;
  if (ea.opts.timeoutMs)
    ms = std::min(ms, ea.opts.timeoutMs);
}

smt::Result PairProof::check(Expr q, const std::vector<Expr> *vals,
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
    Expr before = pre();
    if (before.isNull()) {
      why = innerWhy;
      return false;
    }
    std::vector<bool> truth;
    smt::Result r =
        check(c.mkAnd(before, c.mkNot(c.mkAnd(vals))), &vals, truth);
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
  const std::vector<Slot> &sa = outerA, &sb = outerB;
  Side entA{&A.entry, &sa, &A.entryIters, A.lb};
  Side entB{&B.entry, &sb, &B.entryIters, B.lb};
  Expr both = c.mkAnd(A.entry.guard, B.entry.guard);
  if (!houdini([&] { return both; }, [&] { return eval(entA, entB); }, why,
               "at the loops' entries", false))
    return false;
  Side hA{&A.H, &A.slots, &A.Hiters, A.Hiv};
  Side hB{&B.H, &B.slots, &B.Hiters, B.Hiv};
  Side pA{&A.P, &A.slots, &A.Piters, A.Piv, &A.H, A.headerSlots, &A.inner};
  Side pB{&B.P, &B.slots, &B.Piters, B.Piv, &B.H, B.headerSlots, &B.inner};
  // No run allocates 2^64 - 1 buffers of one site: the instance numbers of
  // [equiv.def] (2) are 64-bit, and an iteration's allocation does not
  // wrap its site's count around.
  auto finiteAt = [&](const Side &x, const Side &y) {
    std::vector<Expr> out;
    for (const Side *z : {&x, &y})
      for (size_t i = 0; i < sites; ++i)
        out.push_back(c.mkNe(countOf(*z, i), c.bvVal(kIndexWidth, -1)));
    return out;
  };
  std::vector<Expr> finite = finiteAt(hA, hB);
  auto header = [&] {
    return c.mkAnd(
        {both, A.assumed, B.assumed, c.mkAnd(finite), c.mkAnd(eval(hA, hB))});
  };
  // The pairs of loops nested in the iterations are proved under the pair
  // header, and their exits' relations assumed after the iteration; again
  // whenever a relation of the header is dropped.
  auto afterIteration = [&] {
    Expr hd = header();
    Expr inner = nestedFacts(hd);
    return inner.isNull() ? inner : c.mkAnd({hd, inner, A.P.guard, B.P.guard});
  };
  if (!houdini(
          afterIteration, [&] { return eval(pA, pB); }, why,
          "after an iteration", true))
    return false;
  // Lock step: from a pair header, both loops continue or both leave.
  std::vector<bool> none;
  smt::Result r = check(
      c.mkAnd({header(), A.contGuard, B.contGuard, c.mkNe(A.cont, B.cont)}),
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
  std::vector<Expr> atExit = eval(xA, xB);
  llvm::append_range(atExit, finiteAt(xA, xB));
  facts.push_back(c.mkImplies(both, c.mkAnd(atExit)));
  return true;
}

Expr PairProof::nestedFacts(Expr header) {
  if (A.inner.empty() && B.inner.empty())
    return c.boolVal(true);
  if (innerFor == rels.size())
    return innerFacts;
  if (A.inner.size() != B.inner.size()) {
    innerWhy = "the versions' iterations have different numbers of loops "
               "that allocate";
    return Expr();
  }
  // What the runs reaching the inner loops satisfy: everything this
  // pair's queries assume, and the pair header with its kept relations
  // (the induction hypothesis of this pair: every pair of runs after the
  // same number of iterations satisfies it).
  std::vector<Expr> base = held;
  base.push_back(header);
  std::vector<Expr> facts;
  for (size_t k = 0; k < A.inner.size(); ++k) {
    std::vector<Expr> withEarlier = base;
    llvm::append_range(withEarlier, facts);
    PairProof p(ea, eb, A.inner[k], B.inner[k], sites, std::move(withEarlier),
                A.slots, B.slots);
    std::string why;
    if (!p.run(facts, why)) {
      suspect = p.suspect;
      innerWhy = "a loop nested in the iterations: " + why;
      return Expr();
    }
  }
  innerFor = rels.size();
  innerFacts = c.mkAnd(facts);
  return innerFacts;
}

bool dealloc::verify::proveLoopPairs(Encoder &ea, Encoder &eb,
                                     std::vector<LoopRecord> &la,
                                     std::vector<LoopRecord> &lb,
                                     std::vector<Expr> &facts, std::string &why,
                                     bool &suspect) {
  suspect = false;
  if (la.size() != lb.size()) {
    why = "the versions have different numbers of loops that allocate";
    return false;
  }
  size_t sites = ea.sites() ? ea.sites()->names.size() : 0;
  bool addrs = ea.heap.addressesObserved() || eb.heap.addressesObserved();
  for (size_t k = 0; k < la.size(); ++k) {
    // The constraints of the code before each loop, and the exit facts of
    // the pairs before this one.
    std::vector<Expr> base;
    for (auto [e, r] : {std::pair{&ea, &la[k]}, {&eb, &lb[k]}}) {
      const SymbolicHeap &h = e->heap;
      base.insert(base.end(), h.constraints().begin(),
                  h.constraints().begin() + r->entryConstraints);
      if (addrs)
        base.insert(base.end(), h.addrConstraints().begin(),
                    h.addrConstraints().begin() + r->entryAddrConstraints);
    }
    llvm::append_range(base, facts);
    PairProof p(ea, eb, la[k], lb[k], sites, std::move(base), ea.heap.slots(),
                eb.heap.slots());
    if (!p.run(facts, why)) {
      suspect = p.suspect;
      return false;
    }
  }
  return true;
}
