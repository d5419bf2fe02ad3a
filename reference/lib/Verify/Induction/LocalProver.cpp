//===- LocalProver.cpp - Queries decided on a slice of the formula --------===//
//
// docs/verifier-proofs.md [verify.queries.local]: a slice has a subset of the
// function's constraints (and proved facts, which are consequences of
// them), so a query it refutes is unsatisfiable.
//
//===----------------------------------------------------------------------===//
#include "Induction/LocalProver.h"

#include "dealloc/Support/SolverPolicy.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace dealloc;
using namespace dealloc::verify;

LocalProver::LocalProver(smt::Context &ctx, const SymbolicHeap &heap)
    : ctx(ctx), heap(heap), defConsts(heap.constraints().size()) {
  std::vector<bool> isDef(heap.constraints().size(), false);
  for (const auto &[name, index] : heap.definitions())
    isDef[index] = true;
  // Z3's SMT core without the combined solver's front end: slices are
  // small and many, and each is checked under an assumption anyway.
  S = std::make_unique<smt::Solver>(ctx, /*plain=*/true);
  for (size_t i = 0; i < heap.constraints().size(); ++i)
    if (!isDef[i])
      S->add(heap.constraints()[i]);
}

LocalProver::~LocalProver() = default;

void LocalProver::addFact(Expr f) {
  size_t i = facts.size();
  facts.push_back(f);
  factConsts.emplace_back();
  for (const Expr &c : ctx.constantsOf(f)) {
    factsOf[c.termId()].push_back(i);
    factConsts.back().push_back(c.termId());
  }
}

smt::Result LocalProver::check(Expr query, unsigned ms) {
  // [verify.timeout]: once the function's budget is spent, building the
  // slice would be wasted (its check answers Unknown at once).
  if (smt::Budget::spent())
    return smt::Result::Unknown;
  std::vector<Expr> frontier = ctx.constantsOf(query);
  llvm::DenseSet<unsigned> visited;
  std::vector<size_t> defs, factIdx;
  llvm::DenseSet<size_t> factSeen;
  for (unsigned depth = 0;
       depth <= SolverPolicy::coneDepth && !frontier.empty(); ++depth) {
    std::vector<Expr> next;
    for (const Expr &c : frontier) {
      if (!visited.insert(c.termId()).second)
        continue;
      auto f = factsOf.find(c.termId());
      if (f != factsOf.end())
        for (size_t i : f->second)
          if (factSeen.insert(i).second)
            factIdx.push_back(i);
      if (depth == SolverPolicy::coneDepth)
        continue;
      auto d = heap.definitions().find(c.termId());
      if (d == heap.definitions().end())
        continue;
      defs.push_back(d->second);
      if (!defConsts[d->second])
        defConsts[d->second] = ctx.constantsOf(heap.constraints()[d->second]);
      for (const Expr &k : *defConsts[d->second])
        next.push_back(k);
    }
    frontier = std::move(next);
  }
  S->push();
  for (size_t i : defs)
    S->add(heap.constraints()[i]);
  // Facts about the slice only (all their constants in it): facts about a
  // buffer's unchanged state recur at every later point.
  for (size_t i : factIdx)
    if (llvm::all_of(factConsts[i],
                     [&](unsigned c) { return visited.contains(c); }))
      S->add(facts[i]);
  // Through an assumption, like every other query: the solver's
  // incremental core honours the time limit.
  Expr q = ctx.freshBool("slice");
  S->add(ctx.mkImplies(q, query));
  smt::Result r = S->check({q}, ms);
  S->pop();
  return r;
}
