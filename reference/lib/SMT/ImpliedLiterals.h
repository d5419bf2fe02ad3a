//===- ImpliedLiterals.h - Conjunctions refuted by their literals -*- C++
//-*-===//
//
// Internal to the SMT library (Context::excludes, spec/verification.md
// [verify.encoding.prune]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_SMT_IMPLIEDLITERALS_H
#define DEALLOC_LIB_SMT_IMPLIEDLITERALS_H

#include <z3++.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace dealloc::smt {

/// Some literals a Boolean term implies, found syntactically: through
/// conjunctions, negated disjunctions, `ite(c, x, false)` and `ite(c,
/// false, x)` (and their negations with `true`), negations, and the
/// definitions of named constants (`define`). A term whose literals
/// contain a literal and its negation is unsatisfiable; two terms with
/// complementary literals exclude each other. Both are proofs (every
/// literal found is implied, given the definitions); not finding one
/// proves nothing. The search is bounded: SolverPolicy::impliedDepth steps
/// from the term, SolverPolicy::impliedLiterals literals per term (the
/// shallowest), so each term costs O(1) once, memoised.
class ImpliedLiterals {
public:
  /// Records that the uninterpreted constant `name` equals `def` wherever
  /// terms are checked (a definition every query assumes).
  void define(const z3::expr &name, const z3::expr &def);
  /// Whether `a` and `b` cannot hold together (or one cannot hold at all).
  bool excludes(const z3::expr &a, const z3::expr &b);
  /// The literal values the bit-vector term `x` can take where `cond`
  /// holds, in `out`: `x` is followed through definitions and if-then-else
  /// terms, each `ite(c, a, b)` to `a` only where `cond` implies `c`, to `b`
  /// only where it implies `not c`. False (nothing proved) where a term
  /// reached is not a literal, an `ite` or a defined constant, or where
  /// there are more than `max` values or steps.
  bool valuesUnder(const z3::expr &cond, const z3::expr &x, size_t max,
                   std::vector<uint64_t> &out);
  /// Forgets every definition and memoised set (the context is cleared).
  void clear();
  size_t memoised() const { return memo.size(); }

private:
  /// A literal: the AST id of its atom, negated or not, and the steps from
  /// the term it was found under.
  struct Lit {
    unsigned atom;
    bool neg;
    unsigned depth;
  };
  struct Set {
    std::vector<Lit> lits;
    bool contradictory = false;
  };
  /// The literals `e` (or, if `neg`, its negation) implies, within `budget`
  /// more steps.
  const Set &litsOf(const z3::expr &e, bool neg, unsigned budget);
  void compute(const z3::expr &e, bool neg, unsigned budget, Set &out);
  /// compute() for an equality of a bit-vector term with a literal.
  void identityLits(const z3::expr &e, bool neg, unsigned budget, Set &out);
  /// Adds `from`'s literals one step deeper to `into` (capped, shallowest
  /// kept; a complementary pair marks `into` contradictory).
  static void addAll(Set &into, const Set &from);
  static void addLit(Set &into, Lit l);
  std::unordered_map<unsigned, z3::expr> definitions;
  std::unordered_map<uint64_t, Set> memo;
};

} // namespace dealloc::smt

#endif // DEALLOC_LIB_SMT_IMPLIEDLITERALS_H
