//===- ImpliedLiterals.cpp - Conjunctions refuted by their literals -------===//
//
// spec/verification.md [verify.encoding.prune]. See ImpliedLiterals.h.
//
//===----------------------------------------------------------------------===//
#include "ImpliedLiterals.h"
#include "dealloc/Support/SolverPolicy.h"

#include <algorithm>

using namespace dealloc;
using namespace dealloc::smt;

void ImpliedLiterals::define(const z3::expr &name, const z3::expr &def) {
  definitions.insert_or_assign(name.id(), def);
}

void ImpliedLiterals::clear() {
  definitions.clear();
  memo.clear();
}

void ImpliedLiterals::addLit(Set &into, Lit l) {
  if (into.contradictory || l.depth > SolverPolicy::impliedDepth)
    return;
  for (Lit &o : into.lits) {
    if (o.atom != l.atom)
      continue;
    if (o.neg != l.neg) {
      into.contradictory = true;
      into.lits.clear();
      return;
    }
    o.depth = std::min(o.depth, l.depth);
    return;
  }
  // Sorted by depth; the deepest goes when there are too many.
  auto at =
      std::upper_bound(into.lits.begin(), into.lits.end(), l.depth,
                       [](unsigned d, const Lit &o) { return d < o.depth; });
  into.lits.insert(at, l);
  if (into.lits.size() > SolverPolicy::impliedLiterals)
    into.lits.pop_back();
}

void ImpliedLiterals::addAll(Set &into, const Set &from) {
  if (from.contradictory) {
    into.contradictory = true;
    into.lits.clear();
    return;
  }
  for (Lit l : from.lits)
    addLit(into, Lit{l.atom, l.neg, l.depth + 1});
}

const ImpliedLiterals::Set &ImpliedLiterals::litsOf(const z3::expr &e, bool neg,
                                                    unsigned budget) {
  uint64_t key = (uint64_t(e.id()) << 4) | (uint64_t(neg) << 3) | budget;
  auto it = memo.find(key);
  if (it != memo.end())
    return it->second;
  Set s;
  compute(e, neg, budget, s);
  // A reference into an unordered_map stays valid when it grows.
  return memo.emplace(key, std::move(s)).first->second;
}

void ImpliedLiterals::compute(const z3::expr &e, bool neg, unsigned budget,
                              Set &out) {
  if (e.is_not()) {
    // Not a step: the negation is the same atom.
    compute(e.arg(0), !neg, budget, out);
    return;
  }
  if (e.is_true() || e.is_false()) {
    out.contradictory = e.is_true() == neg;
    return;
  }
  addLit(out, Lit{e.id(), neg, 0});
  if (budget == 0)
    return;
  auto add = [&](const z3::expr &x, bool n) {
    addAll(out, litsOf(x, n, budget - 1));
  };
  // A conjunction: every operand; a negated disjunction: every negated one.
  if ((e.is_and() && !neg) || (e.is_or() && neg)) {
    for (unsigned i = 0; i < e.num_args() && !out.contradictory; ++i)
      add(e.arg(i), neg);
    return;
  }
  if (e.is_ite()) {
    // ite(c, x, false) is c && x, ite(c, false, y) is !c && y; negated,
    // ite(c, true, y) is !c && !y, ite(c, x, true) is c && !x.
    z3::expr c = e.arg(0), x = e.arg(1), y = e.arg(2);
    if (!neg && y.is_false()) {
      add(c, false);
      add(x, false);
    } else if (!neg && x.is_false()) {
      add(c, true);
      add(y, false);
    } else if (neg && x.is_true()) {
      add(c, true);
      add(y, true);
    } else if (neg && y.is_true()) {
      add(c, false);
      add(x, true);
    }
    return;
  }
  if (e.is_eq() && e.arg(0).is_bv()) {
    identityLits(e, neg, budget, out);
    return;
  }
  if (e.is_const()) {
    auto d = definitions.find(e.id());
    if (d != definitions.end())
      add(d->second, neg);
  }
}

void ImpliedLiterals::identityLits(const z3::expr &e, bool neg, unsigned budget,
                                   Set &out) {
  // x == v for a literal v, where x is (or is named for) ite(c, a, b): if
  // `a` is a literal other than v, it implies not c and b == v; if `b` is,
  // c and a == v. Negated: a literal branch equal to v implies that the
  // condition does not select it. (The identities of merged views,
  // [verify.encoding.ids].)
  z3::expr x = e.arg(0), v = e.arg(1);
  if (x.is_numeral())
    std::swap(x, v);
  if (!v.is_numeral() || x.is_numeral())
    return;
  if (x.is_const()) {
    auto d = definitions.find(x.id());
    if (d == definitions.end())
      return;
    x = d->second;
  }
  if (!x.is_ite())
    return;
  z3::expr c = x.arg(0), a = x.arg(1), b = x.arg(2);
  auto add = [&](const z3::expr &t, bool n) {
    addAll(out, litsOf(t, n, budget - 1));
  };
  if (!neg) {
    if (a.is_numeral() && !z3::eq(a, v)) {
      add(c, true);
      if (!b.is_numeral())
        add(b == v, false);
    } else if (b.is_numeral() && !z3::eq(b, v)) {
      add(c, false);
      if (!a.is_numeral())
        add(a == v, false);
    }
  } else if (a.is_numeral() && z3::eq(a, v)) {
    add(c, true);
  } else if (b.is_numeral() && z3::eq(b, v)) {
    add(c, false);
  }
}

bool ImpliedLiterals::valuesUnder(const z3::expr &cond, const z3::expr &x,
                                  size_t max, std::vector<uint64_t> &out) {
  out.clear();
  const Set &s = litsOf(cond, false, SolverPolicy::impliedDepth);
  if (s.contradictory)
    return true; // `cond` never holds: no value
  // 1: `cond` implies g, 0: implies not g, -1: neither.
  auto decided = [&](z3::expr g) {
    bool neg = false;
    while (g.is_not()) {
      g = g.arg(0);
      neg = !neg;
    }
    for (const Lit &l : s.lits)
      if (l.atom == g.id())
        return l.neg == neg ? 1 : 0;
    return -1;
  };
  std::vector<z3::expr> todo{x};
  std::vector<unsigned> visited;
  size_t steps = 0;
  while (!todo.empty()) {
    z3::expr t = todo.back();
    todo.pop_back();
    if (++steps > 4 * max + 8)
      return false;
    if (std::find(visited.begin(), visited.end(), t.id()) != visited.end())
      continue;
    visited.push_back(t.id());
    uint64_t v;
    if (t.is_numeral() && t.is_numeral_u64(v)) {
      if (std::find(out.begin(), out.end(), v) == out.end())
        out.push_back(v);
      if (out.size() > max)
        return false;
      continue;
    }
    if (t.is_const()) {
      auto d = definitions.find(t.id());
      if (d == definitions.end())
        return false;
      todo.push_back(d->second);
      continue;
    }
    if (!t.is_ite())
      return false;
    int c = decided(t.arg(0));
    if (c != 0)
      todo.push_back(t.arg(1));
    if (c != 1)
      todo.push_back(t.arg(2));
  }
  return true;
}

bool ImpliedLiterals::excludes(const z3::expr &a, const z3::expr &b) {
  const Set &sa = litsOf(a, false, SolverPolicy::impliedDepth);
  if (sa.contradictory)
    return true;
  const Set &sb = litsOf(b, false, SolverPolicy::impliedDepth);
  if (sb.contradictory)
    return true;
  for (const Lit &x : sa.lits)
    for (const Lit &y : sb.lits)
      if (x.atom == y.atom && x.neg != y.neg)
        return true;
  return false;
}
