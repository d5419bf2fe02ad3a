//===- InductionSolver.cpp - The solver of a function's induction queries -===//
//
// docs/verifier-proofs.md [verify.induction]: the queries of the loop proofs
// go to one solver per function, which holds the constraints encoded so far
// in scopes, or first to their slice: the definitions and facts around the
// query's constants. A slice has a subset of the constraints, so a query it
// refutes is unsatisfiable; a model of the slice is not always a run, and
// only serves where a wrong model costs completeness, not soundness (the
// Houdini steps drop candidates it falsifies).
//
//===----------------------------------------------------------------------===//
#include "Induction/LoopInductionImpl.h"

#include "dealloc/Support/SolverPolicy.h"
#include "llvm/ADT/DenseSet.h"

using namespace dealloc;
using namespace dealloc::verify;

/// Definitions and facts followed from a query's constants into its slice.
/// A constant that more facts mention (an input every loop bound uses, say)
/// does not pull them into the slice: they come in through their other
/// constants, or not at all.

/// The words of the keys of InductionSolver::answers kept at most (64 MiB).

/// The newest constraints a slice pushes get a scope each; older ones
/// pushed at the same time share one.

/// Makes T's assertions exactly `want`: keeps the scopes (term ids per
/// scope, innermost last) up to the first with a term `want` lacks, pops
/// the others and pushes the rest of `want`, in its order, in one scope or
/// (`scopeEach`) a scope for each of the last SolverPolicy::singleScopes and
/// one for those before. Z3 internalizes what a push adds, so kept scopes are
/// not processed again; the last constraints (an iteration's, the assumed
/// invariants) change most often. A scope per constraint throughout made
/// pushing the 300 constraints of one iteration of a loop with 150 memref
/// iter_args cost 0.4 s (Z3's push grows with the number of scopes).
static smt::Solver &syncScopes(smt::Solver &T,
                               std::vector<std::vector<unsigned>> &scopes,
                               const std::vector<Expr> &want, bool scopeEach) {
  llvm::DenseSet<unsigned> wanted;
  for (const Expr &e : want)
    wanted.insert(e.termId());
  size_t keep = 0;
  llvm::DenseSet<unsigned> have;
  for (; keep < scopes.size(); ++keep) {
    if (!llvm::all_of(scopes[keep],
                      [&](unsigned id) { return wanted.contains(id); }))
      break;
    have.insert(scopes[keep].begin(), scopes[keep].end());
  }
  T.pop(scopes.size() - keep);
  scopes.resize(keep);
  std::vector<Expr> fresh;
  for (const Expr &e : want)
    if (have.insert(e.termId()).second)
      fresh.push_back(e);
  size_t shared = scopeEach && fresh.size() > SolverPolicy::singleScopes
                      ? fresh.size() - SolverPolicy::singleScopes
                      : 0;
  for (auto [i, e] : llvm::enumerate(fresh)) {
    if (i == 0 || (scopeEach && i >= shared)) {
      T.push();
      scopes.emplace_back();
    }
    scopes.back().push_back(e.termId());
    T.add(e);
  }
  return T;
}

smt::Solver &InductionSolver::sync(const std::vector<Expr> &want) {
  return syncScopes(S, scopes, want, /*scopeEach=*/false);
}

const std::vector<Expr> &InductionSolver::constantsOf(const Expr &e) {
  auto it = constants.find(e.termId());
  if (it == constants.end())
    it = constants.try_emplace(e.termId(), ctx.constantsOf(e)).first;
  return it->second;
}

void InductionSolver::indexFacts(
    const QueryConstraints &cons,
    const llvm::DenseMap<unsigned, size_t> &definitions) {
  // `cons` changes at the end of the heap's constraints (an abstract
  // iteration's constraints are rolled back, the next one's added) and in
  // the few after them: keep the index of the common prefix, which every
  // query used to rebuild (quadratic in the loops of a function). The
  // heap's first `heapStable` are known unchanged; from there on the terms
  // are compared.
  size_t keep = std::min({heapStable, indexed.size(), cons.size()});
  while (keep < indexed.size() && keep < cons.size() &&
         indexed[keep].termId() == cons[keep].termId())
    ++keep;
  for (size_t i = indexed.size(); i-- > keep;)
    if (!indexedDef[i])
      for (const Expr &k : constantsOf(indexed[i])) {
        std::vector<size_t> &f = factsOf[k.termId()];
        while (!f.empty() && f.back() >= keep)
          f.pop_back();
      }
  indexed.resize(keep);
  indexedDef.resize(keep);
  // A constraint defines a constant iff `definitions` maps one of its
  // constants to its index (SymbolicHeap::name); the others are facts.
  for (size_t i = keep; i < cons.size(); ++i) {
    const std::vector<Expr> &ks = constantsOf(cons[i]);
    bool def = llvm::any_of(ks, [&](const Expr &k) {
      auto d = definitions.find(k.termId());
      return d != definitions.end() && d->second == i;
    });
    indexed.push_back(cons[i]);
    indexedDef.push_back(def);
    if (!def)
      for (const Expr &k : ks)
        factsOf[k.termId()].push_back(i);
  }
  heapStable = cons.heap.size();
}

smt::Result InductionSolver::answerSlice(
    const QueryConstraints &cons,
    const llvm::DenseMap<unsigned, size_t> &definitions, Expr query,
    const std::vector<Expr> *vals, bool blasted, std::vector<bool> &truth,
    llvm::function_ref<smt::Result()> decide) {
  std::vector<Expr> sliceCons = sliceOf(cons, definitions, query, vals);
  std::vector<Expr> roots = sliceCons;
  roots.push_back(query);
  if (vals)
    roots.insert(roots.end(), vals->begin(), vals->end());
  std::vector<uint64_t> key = ctx.alphaKey(roots);
  if (!key.empty()) {
    // The two deciders answer different questions (Unknown of the
    // bit-blasting one includes Sat).
    key.push_back(blasted);
    auto it = answers.find(key);
    if (it != answers.end()) {
      ++answersReused;
      truth = it->second.truth;
      return it->second.result;
    }
  }
  syncScopes(slice, sliceScopes, sliceCons, /*scopeEach=*/true);
  smt::Result r = decide();
  // Unknown (out of time) is not an answer of the question.
  if (key.empty() || (r == smt::Result::Unknown && !blasted) ||
      (r != smt::Result::Unsat && blasted))
    return r;
  // The keys kept are bounded: forgotten all at once when full (a
  // function whose loops all differ gains nothing from them).
  if (answerWords + key.size() > SolverPolicy::answerWords) {
    answers.clear();
    answerWords = 0;
  }
  answerWords += key.size();
  answers.emplace(std::move(key), Answer{r, truth});
  return r;
}

smt::Result InductionSolver::checkSlice(
    const QueryConstraints &cons,
    const llvm::DenseMap<unsigned, size_t> &definitions, Expr query,
    unsigned ms, const std::vector<Expr> *vals, std::vector<bool> &truth) {
  return answerSlice(
      cons, definitions, query, vals, /*blasted=*/false, truth,
      [&] { return checkScoped(slice, query, ms, vals, truth); });
}

smt::Result InductionSolver::refuteSliceByBitBlasting(
    const QueryConstraints &cons,
    const llvm::DenseMap<unsigned, size_t> &definitions, Expr query,
    unsigned ms) {
  std::vector<bool> none;
  return answerSlice(cons, definitions, query, nullptr, /*blasted=*/true, none,
                     [&] { return slice.refuteByBitBlasting(query, ms); });
}

std::vector<Expr>
InductionSolver::sliceOf(const QueryConstraints &cons,
                         const llvm::DenseMap<unsigned, size_t> &definitions,
                         Expr query, const std::vector<Expr> *vals) {
  indexFacts(cons, definitions);
  // The constraints taken, by index: marked in `taken` (cleared again
  // below), listed in `picked` (a pass over all constraints per query was
  // quadratic in a chain of loops).
  taken.resize(cons.size(), false);
  std::vector<size_t> picked;
  std::vector<Expr> frontier = constantsOf(query);
  if (vals)
    for (const Expr &v : *vals)
      for (const Expr &k : constantsOf(v))
        frontier.push_back(k);
  llvm::DenseSet<unsigned> visited;
  for (unsigned depth = 0;
       depth < SolverPolicy::inductionSliceDepth && !frontier.empty();
       ++depth) {
    std::vector<Expr> next;
    auto take = [&](size_t i) {
      if (taken[i])
        return;
      taken[i] = true;
      picked.push_back(i);
      for (const Expr &k : constantsOf(cons[i]))
        next.push_back(k);
    };
    for (const Expr &k : frontier) {
      if (!visited.insert(k.termId()).second)
        continue;
      auto d = definitions.find(k.termId());
      if (d != definitions.end() && d->second < cons.size())
        take(d->second);
      auto f = factsOf.find(k.termId());
      if (f != factsOf.end() && f->second.size() <= SolverPolicy::hubFacts)
        for (size_t i : f->second)
          take(i);
    }
    frontier = std::move(next);
  }
  // One scope per constraint, older constraints first (they change less
  // between queries).
  llvm::sort(picked);
  std::vector<Expr> sliceCons;
  for (size_t i : picked) {
    sliceCons.push_back(cons[i]);
    taken[i] = false;
  }
  return sliceCons;
}

smt::Result InductionSolver::checkScoped(smt::Solver &T, Expr query,
                                         unsigned ms,
                                         const std::vector<Expr> *vals,
                                         std::vector<bool> &truth) {
  T.push();
  Expr a = ctx.freshBool("induction_query");
  T.add(ctx.mkImplies(a, query));
  // A Sat answer of an induction query only drops candidates or gives up
  // on the proof ([verify.induction]): its model need not be checked.
  smt::Result r = T.checkAsHint({a}, ms);
  truth.clear();
  if (r == smt::Result::Sat && vals)
    for (const Expr &v : *vals)
      truth.push_back(T.evalBool(v));
  T.pop();
  return r;
}
