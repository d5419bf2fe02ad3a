//===- InductionSolver.cpp - The solver of a function's induction queries ===//
//
// spec/verification.md [verify.induction]: the queries of the loop proofs
// go to one solver per function, which holds the constraints encoded so far
// in scopes, or first to their slice: the definitions and facts around the
// query's constants. A slice has a subset of the constraints, so a query it
// refutes is unsatisfiable; a model of the slice is not always a run, and
// only serves where a wrong model costs completeness, not soundness (the
// Houdini steps drop candidates it falsifies).
//
//===----------------------------------------------------------------------===//
#include "LoopInductionImpl.h"

#include "llvm/ADT/DenseSet.h"

using namespace dealloc;
using namespace dealloc::verify;

/// Definitions and facts followed from a query's constants into its slice.
static constexpr unsigned kSliceDepth = 4;
/// A constant that more facts mention (an input every loop bound uses, say)
/// does not pull them into the slice: they come in through their other
/// constants, or not at all.
static constexpr size_t kHubFacts = 8;

smt::Solver &InductionSolver::sync(const std::vector<Expr> &want) {
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
  while (scopes.size() > keep) {
    S.pop();
    scopes.pop_back();
  }
  std::vector<unsigned> added;
  std::vector<Expr> adds;
  for (const Expr &e : want)
    if (have.insert(e.termId()).second) {
      added.push_back(e.termId());
      adds.push_back(e);
    }
  if (added.empty())
    return S;
  S.push();
  scopes.push_back(std::move(added));
  for (const Expr &e : adds)
    S.add(e);
  return S;
}

const std::vector<Expr> &InductionSolver::constantsOf(const Expr &e) {
  auto it = constants.find(e.termId());
  if (it == constants.end())
    it = constants.try_emplace(e.termId(), ctx.constantsOf(e)).first;
  return it->second;
}

smt::Result InductionSolver::checkSlice(
    const std::vector<Expr> &cons,
    const llvm::DenseMap<unsigned, size_t> &definitions, Expr query,
    unsigned ms, const std::vector<Expr> *vals, std::vector<bool> &truth) {
  // Which constraint defines a constant, and which facts (constraints that
  // define nothing) mention it.
  std::vector<bool> isDef(cons.size(), false);
  for (const auto &[name, index] : definitions)
    if (index < cons.size())
      isDef[index] = true;
  llvm::DenseMap<unsigned, std::vector<size_t>> factsOf;
  std::vector<bool> in(cons.size(), false);
  for (size_t i = 0; i < cons.size(); ++i) {
    if (isDef[i])
      continue;
    for (const Expr &k : constantsOf(cons[i]))
      factsOf[k.termId()].push_back(i);
  }
  std::vector<Expr> frontier = constantsOf(query);
  if (vals)
    for (const Expr &v : *vals)
      for (const Expr &k : constantsOf(v))
        frontier.push_back(k);
  llvm::DenseSet<unsigned> visited;
  for (unsigned depth = 0; depth < kSliceDepth && !frontier.empty(); ++depth) {
    std::vector<Expr> next;
    auto take = [&](size_t i) {
      if (in[i])
        return;
      in[i] = true;
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
      if (f != factsOf.end() && f->second.size() <= kHubFacts)
        for (size_t i : f->second)
          take(i);
    }
    frontier = std::move(next);
  }
  slice.push();
  for (size_t i = 0; i < cons.size(); ++i)
    if (in[i])
      slice.add(cons[i]);
  smt::Result r = checkScoped(slice, query, ms, vals, truth);
  slice.pop();
  return r;
}

smt::Result InductionSolver::checkScoped(smt::Solver &T, Expr query,
                                         unsigned ms,
                                         const std::vector<Expr> *vals,
                                         std::vector<bool> &truth) {
  T.push();
  Expr a = ctx.freshBool("induction_query");
  T.add(ctx.mkImplies(a, query));
  smt::Result r = T.check({a}, ms);
  truth.clear();
  if (r == smt::Result::Sat && vals)
    for (const Expr &v : *vals)
      truth.push_back(T.evalBool(v));
  T.pop();
  return r;
}
