//===- LoopPairProof.h - The relational proof of one loop pair --*- C++ -*-===//
//
// Internal to Verify/Induction/LoopInductionPair.cpp (the proof: Houdini over
// both loops' iterations in lock step, the pairs of loops nested in them) and
// Verify/Induction/LoopPairRelations.cpp (the candidate relations between the
// two headers); docs/verifier-proofs.md [equiv.loops].
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_LOOPPAIRPROOF_H
#define DEALLOC_LIB_VERIFY_LOOPPAIRPROOF_H

#include "Encoder/Encoder.h"
#include "Induction/LoopInductionPair.h"

#include <functional>
#include <string>
#include <vector>

namespace dealloc::verify::pairs {

/// One version's loop at one point: a state with its slot table.
struct Side {
  const State *st;
  const std::vector<Slot> *slots;
  const std::vector<SymValue> *iters;
  Expr iv; ///< null at the exit header
  /// After the iteration: the header's state and its number of slots,
  /// and the loops proved inside the iteration.
  const State *before = nullptr;
  size_t nBefore = 0;
  const std::vector<LoopRecord> *inner = nullptr;
};

struct Relation {
  std::string key;
  bool required;
  std::function<Expr(const Side &, const Side &)> holds;
};

/// The proof of one pair: A's loop and B's, run in lock step.
class PairProof {
public:
  /// `base`: what every pair of runs reaching the loops satisfies (the
  /// constraints of the code before them; for loops nested in another
  /// pair's iteration, that pair's header and iteration too). `outerA`,
  /// `outerB`: the slot tables of the loops' entry and exit states.
  PairProof(Encoder &ea, Encoder &eb, LoopRecord &a, LoopRecord &b,
            size_t sites, std::vector<Expr> base,
            const std::vector<Slot> &outerA, const std::vector<Slot> &outerB);

  /// On success appends to `facts` what every pair of runs reaching both
  /// loops satisfies at their exits.
  bool run(std::vector<Expr> &facts, std::string &why);
  /// The proof failed on a model after an iteration (proveLoopPairs).
  bool suspect = false;

private:
  smt::Context &c;
  Encoder &ea, &eb;
  LoopRecord &A, &B;
  size_t sites;
  /// What S holds: `base` and both loops' iteration constraints.
  std::vector<Expr> held;
  const std::vector<Slot> &outerA, &outerB;
  smt::Solver S;
  unsigned ms;
  std::vector<Relation> rels;
  bool tooLarge = false;
  /// Whether a relation over n x m slot pairs exceeds
  /// SolverPolicy::maxSlotPairs; if so, sets tooLarge (the relation is then
  /// false: no proof).
  bool tooManyPairs(size_t n, size_t m) {
    if (n * m <= SolverPolicy::maxSlotPairs)
      return false;
    tooLarge = true;
    return true;
  }
  /// The exit facts of the pairs nested in the iterations, proved under
  /// the pair header with the relations kept when there were `innerFor`
  /// of them (they only shrink), and why they were not.
  size_t innerFor = ~size_t(0);
  Expr innerFacts;
  std::string innerWhy;

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
  std::vector<unsigned> matched(const Side &x) const;
  Expr isMatched(const Slot &s) const;
  /// The buffers of `x` that must have a counterpart: live, or (after an
  /// iteration) live at its header or allocated by it.
  Expr mustRepresent(const Side &x, unsigned s) const;
  /// Both views view one buffer: the same argument or global, or the
  /// same matched site instance.
  Expr sameIdentity(const Side &a, const View &va, const Side &b,
                    const View &vb) const;
  Expr related(const Side &a, const Side &b);
  Expr unique(const Side &x);
  Expr below(const Side &x);
  Expr exists(const Side &a, const Side &b);
  void makeRelations();
  void addIterArgRelations();
  std::vector<Expr> eval(const Side &a, const Side &b) {
    std::vector<Expr> out;
    for (const Relation &r : rels)
      out.push_back(r.holds(a, b));
    return out;
  }
  /// Houdini: drops the relations false in some model of `pre` and not
  /// all of `post`'s relations; false if a required one is dropped, a
  /// query is undecided or `pre` is null (`innerWhy` says why).
  bool houdini(const std::function<Expr()> &pre,
               const std::function<std::vector<Expr>()> &post, std::string &why,
               const char *where, bool afterIteration);
  /// [equiv.loops], nested loops: the pairs of loops proved inside the
  /// two iterations, each proved under the pair header `header` (with the
  /// relations kept now); null if one is not (`innerWhy` says why).
  Expr nestedFacts(Expr header);
  smt::Result check(Expr q, const std::vector<Expr> *vals,
                    std::vector<bool> &truth);
};

} // namespace dealloc::verify::pairs

#endif // DEALLOC_LIB_VERIFY_LOOPPAIRPROOF_H
