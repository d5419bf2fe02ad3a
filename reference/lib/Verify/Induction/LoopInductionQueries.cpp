//===- LoopInductionQueries.cpp - Houdini queries of a loop's induction ---===//
//
// docs/verifier-proofs.md [verify.induction]: the solver queries of
// ForInduction (Verify/Induction/LoopInductionImpl.h): the candidates' values
// at a header, the checks on a query's slice first and on all constraints
// after, the loop's time budget, Houdini's dropping of the candidates a model
// falsifies (at the entry: entryHolds()) and the refutation of an
// abstract iteration's violations.
//
//===----------------------------------------------------------------------===//

#include "Induction/LoopInductionImpl.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::induction;
using Cmp = smt::Context::Cmp;
#include "llvm/ADT/ScopeExit.h"

std::vector<Expr> ForInduction::eval(const Header &x, bool assumed) {
  std::vector<Expr> out;
  for (const Candidate &k : cands) {
    Expr v = k.holds(x);
    out.push_back(v.isNull() ? c.boolVal(assumed) : v);
  }
  return out;
}

Expr ForInduction::all(const std::vector<Expr> &vals) { return c.mkAnd(vals); }

std::vector<Expr> ForInduction::wanted() const {
  std::vector<Expr> want = h.constraintsToAssert();
  want.insert(want.end(), E.hints().inductionAssumptions().begin(),
              E.hints().inductionAssumptions().end());
  return want;
}

QueryConstraints ForInduction::wantedView() const {
  QueryConstraints q{h.constraints(), {}};
  if (h.addressesObserved())
    q.extra = h.addrConstraints();
  llvm::append_range(q.extra, E.hints().inductionAssumptions());
  return q;
}

smt::Solver &ForInduction::base() {
  return E.hints().inductionSolver()->sync(wanted());
}

smt::Result ForInduction::check(Expr q, Use use,
                                const std::vector<Expr> *vals) {
  unsigned limit = queryMs();
  if (limit == 0)
    return smt::Result::Unknown;
  auto start = std::chrono::steady_clock::now();
  llvm::scope_exit count([&]() {
    ++E.stats().inductionQueries;
    E.stats().inductionSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  });
  if (!E.hints().inductionSolver())
    E.hints().inductionSolver() = std::make_shared<InductionSolver>(c);
  if (sliced) {
    // The whole-constraint solver is synchronized only when a query needs
    // it: each push internalizes what it adds.
    smt::Result r = E.hints().inductionSolver()->checkSlice(
        wantedView(), h.definitions(), q, limit, vals, truth);
    E.stats().inductionReused = E.hints().inductionSolver()->answersReused;
    if (r == smt::Result::Unsat ||
        (r == smt::Result::Sat && use != Use::Refute))
      return r;
  }
  smt::Solver &S = base();
  return E.hints().inductionSolver()->checkScoped(S, q, limit, vals, truth);
}

unsigned ForInduction::queryMs() const {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  deadline - std::chrono::steady_clock::now())
                  .count();
  return left <= 0 || smt::Budget::spent() ? 0 : std::min<unsigned>(ms, left);
}

bool ForInduction::refuted(Expr bad, size_t conditions) {
  // Hundreds of conditions (a loop with hundreds of memref iter_args):
  // the incremental solver took 4.5 s where bit-blasting the slice takes
  // a fraction of it.
  if (sliced && conditions > SolverPolicy::bitBlastOver) {
    unsigned limit = queryMs();
    if (limit != 0) {
      smt::Result r = E.hints().inductionSolver()->refuteSliceByBitBlasting(
          wantedView(), h.definitions(), bad, limit);
      E.stats().inductionReused = E.hints().inductionSolver()->answersReused;
      if (r == smt::Result::Unsat)
        return true;
    }
  }
  return check(bad, Use::Refute) == smt::Result::Unsat;
}

bool ForInduction::dropLiterallyFalse(const std::vector<Expr> &vals) {
  truth.clear();
  bool any = false;
  for (auto [k, v] : llvm::zip(cands, vals)) {
    bool f = v.isFalse() && !k.required;
    truth.push_back(!f);
    any |= f;
  }
  if (any)
    dropFalse();
  return any;
}

bool ForInduction::dropFalse() {
  std::vector<Candidate> kept;
  bool ok = true;
  lastDropped.clear();
  for (size_t i = 0; i < cands.size(); ++i) {
    if (truth[i]) {
      kept.push_back(std::move(cands[i]));
      continue;
    }
    ok &= !cands[i].required;
    dropped.insert(cands[i].key);
    lastDropped.push_back(cands[i].key);
  }
  cands = std::move(kept);
  indexKeys();
  return ok;
}

/// Houdini at the entry: drops the candidates some run reaching the loop
/// violates; false if a required one is among them or a query is undecided.
bool ForInduction::entryHolds() {
  for (unsigned round = 0; round < SolverPolicy::inductionRounds; ++round) {
    std::vector<Expr> vals = eval(init);
    if (dropLiterallyFalse(vals))
      vals = eval(init);
    smt::Result r =
        check(c.mkAnd(entry.guard, c.mkNot(all(vals))), Use::Model, &vals);
    if (r == smt::Result::Unsat)
      return true;
    if (r != smt::Result::Sat || !dropFalse())
      return false;
  }
  return false;
}

void ForInduction::recordLoopStops(const Mark &mk) {
  if (E.opts.strictUB || !E.setup())
    return;
  std::vector<const Stop *> open;
  for (size_t i = mk.stops; i < h.stops().size(); ++i)
    if (isUndefinedBehaviour(h.stops()[i].kind))
      open.push_back(&h.stops()[i]);
  auto record = [&](const Stop &s) {
    std::vector<CheckSetup::LoopStop> &out = E.setup()->loopStops;
    for (const CheckSetup::LoopStop &l : out)
      if (l.loc == s.loc && l.reason == s.reason)
        return;
    out.push_back({s.loc, s.kind, s.reason});
  };
  if (open.empty())
    return;
  // Mostly none is reachable: one refutation, as the violations'.
  std::vector<Expr> all;
  for (const Stop *s : open)
    all.push_back(s->cond);
  if (refuted(c.mkOr(all), all.size()))
    return;
  // Each model of "some open site" shows the sites it reaches; the ones
  // left when that is unsatisfiable are unreachable from every header.
  while (!open.empty()) {
    std::vector<Expr> conds;
    for (const Stop *s : open)
      conds.push_back(s->cond);
    smt::Result r = check(c.mkOr(conds), Use::Refute, &conds);
    if (r == smt::Result::Unsat)
      return;
    std::vector<const Stop *> left;
    for (auto [k, s] : llvm::enumerate(open)) {
      if (r != smt::Result::Sat || truth[k])
        record(*s);
      else
        left.push_back(s);
    }
    if (r != smt::Result::Sat)
      return;
    if (left.size() == open.size()) { // no site confirmed in the model
      for (const Stop *s : left)
        record(*s);
      return;
    }
    open = std::move(left);
  }
}
