//===- SolverTest.cpp - The Z3 wrapper ------------------------------------===//
#include "dealloc/SMT/Solver.h"

#include "gtest/gtest.h"
#include <chrono>
#include <thread>

#include <optional>
#include <string>
#include <vector>

using namespace dealloc::smt;

TEST(Solver, LiteralsSimplifyEagerly) {
  Context c;
  Expr t = c.boolVal(true), f = c.boolVal(false), x = c.freshBool("x");
  EXPECT_TRUE(c.mkAnd(t, t).isTrue());
  EXPECT_TRUE(c.mkAnd(x, f).isFalse());
  EXPECT_TRUE(c.mkOr(x, t).isTrue());
  EXPECT_TRUE(c.mkAnd(x, t).same(x));
  EXPECT_TRUE(c.mkIte(x, c.bvVal(8, 3), c.bvVal(8, 3)).same(c.bvVal(8, 3)));
  EXPECT_TRUE(c.mkEq(c.bvVal(64, 7), c.bvVal(64, 7)).isTrue());
  EXPECT_TRUE(c.mkEq(c.bvVal(64, 7), c.bvVal(64, 8)).isFalse());
  EXPECT_EQ(c.bvVal(8, -1).bvLiteral(), std::optional<int64_t>(-1));
  EXPECT_TRUE(
      c.mkCmp(Context::Cmp::Slt, c.bvVal(64, 1), c.bvVal(64, 2)).isTrue());
}

TEST(Solver, FindsModelsAndRefutes) {
  Context c;
  Solver s(c);
  Expr x = c.freshBV("x", 64);
  s.add(c.mkCmp(Context::Cmp::Sgt, x, c.bvVal(64, 41)));
  s.add(c.mkCmp(Context::Cmp::Slt, x, c.bvVal(64, 43)));
  ASSERT_EQ(s.check({}, 0), Result::Sat);
  EXPECT_EQ(s.evalBV(x), 42);
  EXPECT_EQ(s.check({c.mkEq(x, c.bvVal(64, 41))}, 0), Result::Unsat);
  // After an unsatisfiable check there is no model: evaluation is harmless.
  EXPECT_EQ(s.evalBV(x), 0);
}

TEST(Solver, HavocSliceOnlyChangesOneKey) {
  Context c;
  Solver s(c);
  Expr mem = c.mkConstArray(16, c.bvVal(8, 0));
  Expr fresh = c.freshArray("fresh", 16, 8);
  Expr h = c.mkHavocSlice(mem, fresh, 15, 8, c.bvVal(8, 1));
  // Keys 0x01xx come from `fresh`, others keep 0.
  Expr other = c.mkSelect(h, c.bvVal(16, 0x0203));
  EXPECT_EQ(s.check({c.mkNe(other, c.bvVal(8, 0))}, 0), Result::Unsat);
  Expr mine = c.mkSelect(h, c.bvVal(16, 0x0103));
  EXPECT_EQ(s.check({c.mkNe(mine, c.bvVal(8, 0))}, 0), Result::Sat);
}

TEST(Solver, UninterpretedFunctionsAreFunctions) {
  Context c;
  Solver s(c);
  Expr a = c.freshBV("a", 32);
  Expr f1 = c.mkUF("f", {a}, 32), f2 = c.mkUF("f", {a}, 32);
  EXPECT_TRUE(f1.same(f2));
  EXPECT_EQ(s.check({c.mkNe(f1, f2)}, 0), Result::Unsat);
}

TEST(Solver, BitBlastingRefutesOnlyWhatIsUnsatisfiable) {
  Context c;
  Solver s(c);
  // Injective addresses, as [verify.encoding.addr] constrains them.
  Expr i = c.bvVal(8, 1), j = c.bvVal(8, 2);
  Expr ai = c.mkUF("addr_of", {i}, 64), aj = c.mkUF("addr_of", {j}, 64);
  s.add(c.mkEq(c.mkUF("addr_owner", {ai}, 8), i));
  s.add(c.mkEq(c.mkUF("addr_owner", {aj}, 8), j));
  Expr p = c.freshBool("p");
  Expr x = c.mkIte(p, ai, aj);
  // Unsatisfiable: x is one of two distinct addresses.
  EXPECT_EQ(s.refuteByBitBlasting(c.mkAnd(c.mkEq(x, ai), c.mkEq(x, aj)), 2000),
            Result::Unsat);
  // Satisfiable: never "refuted".
  EXPECT_EQ(s.refuteByBitBlasting(c.mkEq(x, ai), 2000), Result::Unknown);
  // Arrays do not bit-blast: not refuted, and no exception.
  Expr arr = c.freshArray("m", 16, 8);
  Expr k = c.freshBV("k", 16);
  EXPECT_EQ(s.refuteByBitBlasting(
                c.mkNe(c.mkSelect(arr, k), c.mkSelect(arr, k)), 2000),
            Result::Unsat);
  EXPECT_EQ(
      s.refuteByBitBlasting(c.mkEq(c.mkSelect(arr, k), c.bvVal(8, 3)), 2000),
      Result::Unknown);
  // The incremental solver is untouched: both are satisfiable there.
  EXPECT_EQ(s.check({c.mkEq(x, ai)}, 0), Result::Sat);
  EXPECT_EQ(s.check({c.mkEq(x, aj)}, 0), Result::Sat);
}

TEST(Solver, BitBlastingDecidesNestedGuardChains) {
  // The path guards of a deep scf.if nest: each the previous one and one
  // more input. Flattened they have D^2/2 operands, so the one-shot solver
  // takes them nested (Flattening.h); both answers stay right.
  Context c;
  Solver s(c);
  std::vector<Expr> xs, guards;
  Expr g = c.boolVal(true);
  for (int i = 0; i < 2000; ++i) {
    xs.push_back(c.freshBool("x"));
    g = c.mkAnd(g, xs.back());
    guards.push_back(g);
  }
  // Each guard implies the flag of its level (as definitions would say).
  for (int i = 0; i < 2000; i += 100)
    s.add(c.mkImplies(guards[1999], guards[i]));
  EXPECT_EQ(s.refuteByBitBlasting(c.mkAnd(guards[1999], c.mkNot(xs[7])), 20000),
            Result::Unsat);
  EXPECT_EQ(
      s.refuteByBitBlasting(c.mkAnd(guards[1998], c.mkNot(xs[1999])), 20000),
      Result::Unknown);
  // Flattening is Z3's default again afterwards: a conjunction of
  // conjunctions still simplifies to one.
  Expr a = c.freshBool("a"), b = c.freshBool("b"), d = c.freshBool("d");
  EXPECT_TRUE(c.simplify(c.mkAnd(c.mkAnd(a, b), d))
                  .same(c.simplify(c.mkAnd({a, b, d}))));
}

TEST(Context, ReusedContextStartsClean) {
  // A thread's next Context takes over the last one's Z3 context, cleared:
  // names start again, literals are made anew, nothing dangles.
  std::string first;
  {
    Context c;
    first = c.freshBool("x").str();
    EXPECT_EQ(c.freshBool("x").str(), "x!1");
    EXPECT_TRUE(c.bvVal(8, -1).same(c.bvVal(8, 255)));
    (void)c.mkUF("f", {c.bvVal(8, 1)}, 8);
  }
  Context c;
  EXPECT_EQ(c.freshBool("x").str(), first);
  Expr seven = c.bvVal(64, 7);
  EXPECT_EQ(seven.bvLiteral(), std::optional<int64_t>(7));
  EXPECT_TRUE(c.mkEq(seven, c.bvVal(64, 7)).isTrue());
  EXPECT_TRUE(c.bvVal(8, -1).same(c.bvVal(8, 255)));
  EXPECT_FALSE(c.bvVal(16, 255).same(c.bvVal(16, -1)));
  Expr f1 = c.mkUF("f", {c.bvVal(8, 1)}, 8);
  EXPECT_TRUE(f1.same(c.mkUF("f", {c.bvVal(8, 1)}, 8)));
  Solver s(c);
  Expr x = c.freshBV("y", 64);
  s.add(c.mkEq(x, seven));
  ASSERT_EQ(s.check({}, 0), Result::Sat);
  EXPECT_EQ(s.evalBV(x), 7);
}

TEST(Context, MentionsAnyFindsSharedSubterms) {
  Context c;
  Expr x = c.freshBV("x", 8), y = c.freshBV("y", 8);
  Expr p = c.freshBool("p");
  Expr f = c.mkAnd(p, c.mkEq(c.mkIte(p, x, c.bvVal(8, 1)), c.bvVal(8, 2)));
  std::vector<unsigned> ids{x.termId()}, other{y.termId()};
  EXPECT_TRUE(c.mentionsAny({p, f}, ids));
  EXPECT_FALSE(c.mentionsAny({p, f}, other));
  EXPECT_FALSE(c.mentionsAny({}, ids));
  Expr t = c.boolVal(true);
  EXPECT_TRUE(t.isTrue());
  EXPECT_TRUE(c.mkNot(t).isFalse());
  EXPECT_FALSE(p.isTrue());
  EXPECT_TRUE(c.mkAnd(p, t).same(p));
}

// [verify.timeout]: a function's budget cuts every check of the thread
// while it lives; nested budgets keep the earliest end.
TEST(Solver, BudgetEndsEveryCheck) {
  Context c;
  Solver s(c);
  Expr x = c.freshBV("x", 8);
  s.add(c.mkCmp(Context::Cmp::Ult, x, c.bvVal(8, 3)));
  EXPECT_FALSE(Budget::spent());
  EXPECT_EQ(Budget::cut(500), 500u);
  {
    Budget outer(20);
    EXPECT_LE(Budget::cut(500), 20u);
    EXPECT_GE(Budget::cut(0), 1u);
    {
      Budget inner(100000); // does not extend the outer budget
      EXPECT_LE(Budget::cut(0), 20u);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_TRUE(Budget::spent());
    EXPECT_EQ(s.check({}, 0), Result::Unknown);
    EXPECT_EQ(s.reasonUnknown(), "budget");
    EXPECT_EQ(s.refuteByBitBlasting(c.mkEq(x, c.bvVal(8, 7)), 0),
              Result::Unknown);
  }
  EXPECT_FALSE(Budget::spent());
  EXPECT_EQ(s.check({}, 0), Result::Sat);
  EXPECT_EQ(s.refuteByBitBlasting(c.mkEq(x, c.bvVal(8, 7)), 0), Result::Unsat);
}

// Two lists get one key iff they are equal up to a one-to-one renaming of
// their constants that keeps sorts: the induction queries' answers are
// reused by it ([verify.induction] "Answers reused").
TEST(Context, AlphaKeysIdentifyRenamedFormulas) {
  Context c;
  Expr x = c.freshBV("x", 8), y = c.freshBV("y", 8);
  Expr u = c.freshBV("u", 8), v = c.freshBV("v", 8);
  Expr p = c.freshBool("p"), q = c.freshBool("q");
  auto f = [&](Expr b, Expr a, Expr d) {
    return c.mkAnd(b, c.mkCmp(Context::Cmp::Ult, a,
                              c.mkBin(Context::BinOp::Add, d, c.bvVal(8, 3))));
  };
  // Renamed: x -> u, y -> v, p -> q.
  EXPECT_EQ(c.alphaKey({f(p, x, y), p}), c.alphaKey({f(q, u, v), q}));
  // Not a renaming: two constants become one, or the roots differ.
  EXPECT_NE(c.alphaKey({f(p, x, y)}), c.alphaKey({f(p, x, x)}));
  EXPECT_NE(c.alphaKey({f(p, x, y), p}), c.alphaKey({f(q, u, v), p}));
  // Another literal, another sort, another order of the same constants.
  Expr g = c.mkAnd(p, c.mkCmp(Context::Cmp::Ult, x,
                              c.mkBin(Context::BinOp::Add, y, c.bvVal(8, 4))));
  EXPECT_NE(c.alphaKey({f(p, x, y)}), c.alphaKey({g}));
  Expr w = c.freshBV("w", 16);
  EXPECT_NE(c.alphaKey({c.mkEq(x, y)}), c.alphaKey({c.mkEq(w, w)}));
  EXPECT_NE(c.alphaKey({x, y}), c.alphaKey({x, x}));
  EXPECT_EQ(c.alphaKey({x, y}), c.alphaKey({y, x}));
  // A lambda (its bound variable) is not keyed.
  Expr arr = c.freshArray("a", 8, 8), rep = c.freshArray("b", 8, 8);
  EXPECT_TRUE(
      c.alphaKey({c.mkHavocSlice(arr, rep, 3, 0, c.bvVal(4, 1))}).empty());
  EXPECT_FALSE(c.alphaKey({c.mkSelect(arr, x)}).empty());
}

// Literal operands are folded by the wrapper, not by Z3's simplifier: the
// folded value must be what Z3 computes for the same operation.
TEST(Context, FoldedLiteralsAgreeWithZ3) {
  Context c;
  Solver s(c);
  using B = Context::BinOp;
  using P = Context::Cmp;
  const int64_t vals[] = {0, 1, 7, -1, -8, 64, INT64_MIN};
  for (unsigned w : {8u, 32u, 64u}) {
    Expr x = c.freshBV("x", w), y = c.freshBV("y", w);
    for (int64_t a : vals)
      for (int64_t b : vals) {
        Expr la = c.bvVal(w, a), lb = c.bvVal(w, b);
        std::vector<Expr> diffs;
        for (B op : {B::Add, B::Sub, B::Mul, B::And, B::Or, B::Xor, B::UDiv,
                     B::URem, B::Shl, B::LShr, B::AShr, B::SDiv, B::SRem}) {
          Expr folded = c.mkBin(op, la, lb);
          ASSERT_TRUE(folded.bvLiteral().has_value());
          diffs.push_back(c.mkNe(folded, c.mkBin(op, x, y)));
        }
        for (P p :
             {P::Slt, P::Sle, P::Sgt, P::Sge, P::Ult, P::Ule, P::Ugt, P::Uge}) {
          Expr folded = c.mkCmp(p, la, lb);
          ASSERT_TRUE(folded.isTrue() || folded.isFalse());
          diffs.push_back(c.mkNot(c.mkEq(folded, c.mkCmp(p, x, y))));
        }
        EXPECT_EQ(s.check({c.mkEq(x, la), c.mkEq(y, lb), c.mkOr(diffs)}, 0),
                  Result::Unsat)
            << "width " << w << ": " << a << ", " << b;
      }
  }
}

// Extensions and extracts of literals are folded by the wrapper; each
// folded literal must equal what Z3 makes of the same operation on a
// variable equal to the literal.
TEST(Context, FoldedExtensionsAgreeWithZ3) {
  Context c;
  Solver s(c);
  const int64_t vals[] = {0, 1, 7, -1, -8, 100, INT64_MIN, INT64_MAX};
  for (unsigned w : {8u, 32u, 64u}) {
    Expr x = c.freshBV("x", w);
    for (int64_t a : vals) {
      Expr la = c.bvVal(w, a);
      std::vector<Expr> diffs;
      for (unsigned to : {w, 64u, 65u, 128u}) {
        if (to < w)
          continue;
        Expr z = c.mkZExt(la, to), sx = c.mkSExt(la, to);
        EXPECT_TRUE(z.bvLiteral().has_value() || to > 64);
        diffs.push_back(c.mkNe(z, c.mkZExt(x, to)));
        diffs.push_back(c.mkNe(sx, c.mkSExt(x, to)));
      }
      for (auto [hi, lo] : {std::pair<unsigned, unsigned>{w - 1, 0},
                            {w - 1, w - 1},
                            {w / 2, 1},
                            {3, 0}}) {
        Expr e = c.mkExtract(la, hi, lo);
        EXPECT_TRUE(e.bvLiteral().has_value());
        diffs.push_back(c.mkNe(e, c.mkExtract(x, hi, lo)));
      }
      EXPECT_EQ(s.check({c.mkEq(x, la), c.mkOr(diffs)}, 0), Result::Unsat)
          << "width " << w << ": " << a;
    }
  }
}

// Literals wider than 64 bits are not folded by the wrapper (bvLiteral's
// int64 cannot hold their sign): 2^63 is positive as a 128-bit value.
TEST(Context, WideLiteralsCompareAsZ3Does) {
  Context c;
  Expr big = c.bvVal(128, INT64_MIN), zero = c.bvVal(128, 0);
  EXPECT_TRUE(c.mkCmp(Context::Cmp::Slt, big, zero).isFalse());
  EXPECT_TRUE(c.mkCmp(Context::Cmp::Sgt, big, zero).isTrue());
  EXPECT_TRUE(c.mkCmp(Context::Cmp::Ugt, big, zero).isTrue());
}

// A comparison of two extensions of one kind (or of one and a small
// non-negative literal) is made on the narrower operands: the same answer
// as the wide comparison, for every predicate, width and kind.
TEST(Context, NarrowedComparisonsAgreeWithZ3) {
  using C = Context::Cmp;
  Context c;
  Solver s(c);
  const C preds[] = {C::Eq,  C::Ne,  C::Slt, C::Sle, C::Sgt,
                     C::Sge, C::Ult, C::Ule, C::Ugt, C::Uge};
  for (unsigned w : {1u, 8u, 64u}) {
    for (unsigned to : {64u, 128u}) {
      if (to <= w)
        continue;
      for (bool sgn : {false, true}) {
        Expr x = c.freshBV("x", w), y = c.freshBV("y", w);
        auto ext = [&](Expr e) {
          return sgn ? c.mkSExt(e, to) : c.mkZExt(e, to);
        };
        // Wide stand-ins the wrapper does not know to be extensions.
        Expr X = c.freshBV("X", to), Y = c.freshBV("Y", to);
        std::vector<Expr> diffs;
        for (C p : preds) {
          diffs.push_back(c.mkNe(c.mkCmp(p, ext(x), ext(y)), c.mkCmp(p, X, Y)));
          for (int64_t l : {0, 1, 5, 127, 128, -1}) {
            Expr L = c.bvVal(to, l);
            diffs.push_back(c.mkNe(c.mkCmp(p, ext(x), L), c.mkCmp(p, X, L)));
            diffs.push_back(c.mkNe(c.mkCmp(p, L, ext(y)), c.mkCmp(p, L, Y)));
          }
        }
        EXPECT_EQ(
            s.check({c.mkEq(X, ext(x)), c.mkEq(Y, ext(y)), c.mkOr(diffs)}, 0),
            Result::Unsat)
            << "from " << w << " to " << to << (sgn ? " signed" : "");
      }
    }
  }
}

// An extension Z3 simplifies to a literal stays a literal in comparisons:
// they fold (a loop with such a bound is unrolled, not proved by induction).
TEST(Context, ExtensionsSimplifiedToLiteralsFold) {
  Context c;
  Expr p = c.freshBool("p");
  Expr never = c.mkIte(c.mkAnd(p, c.mkNot(p)), c.bvVal(1, 1), c.bvVal(1, 0));
  Expr z = c.mkZExt(never, 64);
  EXPECT_TRUE(z.bvLiteral().has_value());
  EXPECT_TRUE(c.mkCmp(Context::Cmp::Slt, c.bvVal(64, 0), z).isFalse());
}

// A select at a literal index reads through stores at other literal
// indices to the stored term; anything else stays a select.
TEST(Context, SelectsReadOverWritesAtLiteralIndices) {
  Context c;
  Solver s(c);
  Expr a = c.freshArray("a", 64, 64), x = c.freshBV("x", 64),
       y = c.freshBV("y", 64), i = c.freshBV("i", 64);
  Expr st =
      c.mkStore(c.mkStore(c.mkStore(a, c.bvVal(64, 0), x), c.bvVal(64, 1), y),
                i, c.bvVal(64, 7));
  Expr w = c.mkStore(c.mkStore(a, c.bvVal(64, 0), x), c.bvVal(64, 1), y);
  EXPECT_TRUE(c.mkSelect(w, c.bvVal(64, 0)).same(x));
  EXPECT_TRUE(c.mkSelect(w, c.bvVal(64, 1)).same(y));
  EXPECT_TRUE(
      c.mkSelect(w, c.bvVal(64, 2)).same(c.mkSelect(a, c.bvVal(64, 2))));
  // Not through a store at a symbolic index.
  EXPECT_FALSE(c.mkSelect(st, c.bvVal(64, 0)).same(x));
  // Z3's own select of the same array agrees.
  Expr b = c.freshArray("w", 64, 64);
  std::vector<Expr> d;
  for (int64_t k : {0, 1, 2, 3})
    d.push_back(
        c.mkNe(c.mkSelect(w, c.bvVal(64, k)), c.mkSelect(b, c.bvVal(64, k))));
  EXPECT_EQ(s.check({c.mkEq(b, w), c.mkOr(d)}, 0), Result::Unsat);
}

// The lists' index moves to the newest store read; a list that forks (two
// stores on one list), or an older store read again, reads the same.
TEST(Context, IndexedListsReadLikeTheirStores) {
  Context c;
  Expr a = c.freshArray("a", 64, 64);
  std::vector<Expr> heads{a};
  for (int64_t k = 0; k < 50; ++k)
    heads.push_back(
        c.mkStore(heads.back(), c.bvVal(64, k % 7), c.bvVal(64, 100 + k)));
  Expr forkA = c.mkStore(heads[30], c.bvVal(64, 3), c.bvVal(64, 1));
  Expr forkB = c.mkStore(heads[30], c.bvVal(64, 4), c.bvVal(64, 2));
  // The value of index i in the list of the first n stores, if stored.
  auto expected = [&](size_t n, int64_t i) -> std::optional<int64_t> {
    for (size_t k = n; k-- > 0;)
      if (int64_t(k) % 7 == i)
        return 100 + int64_t(k);
    return std::nullopt;
  };
  for (size_t n : {50u, 10u, 30u, 49u, 1u, 50u})
    for (int64_t i = 0; i < 8; ++i) {
      Expr r = c.mkSelect(heads[n], c.bvVal(64, i));
      auto v = expected(n, i);
      if (v)
        EXPECT_EQ(r.bvLiteral(), v) << n << " " << i;
      else
        EXPECT_TRUE(r.same(c.mkSelect(a, c.bvVal(64, i)))) << n << " " << i;
    }
  EXPECT_EQ(c.mkSelect(forkA, c.bvVal(64, 3)).bvLiteral(), 1);
  EXPECT_EQ(c.mkSelect(forkB, c.bvVal(64, 3)).bvLiteral(), expected(30, 3));
  EXPECT_EQ(c.mkSelect(forkB, c.bvVal(64, 4)).bvLiteral(), 2);
  EXPECT_EQ(c.mkSelect(forkA, c.bvVal(64, 4)).bvLiteral(), expected(30, 4));
}

// [verify.encoding.prune]: excludes() finds complementary literals through
// conjunctions, negated disjunctions, ite with a Boolean literal branch and
// definitions; every exclusion it finds is one the solver confirms, and
// terms that can hold together are never excluded.
TEST(Context, ExcludesByImpliedLiterals) {
  Context c;
  Expr p = c.freshBool("p"), q = c.freshBool("q"), r = c.freshBool("r");
  Expr f = c.boolVal(false), t = c.boolVal(true);
  // A points-to flag of an older candidate after a join: !p && older.
  Expr older = c.freshBool("older");
  Expr flag = c.freshBool("m");
  Expr flagDef = c.mkIte(p, f, older);
  c.define(flag, flagDef);
  Expr decision = c.mkAnd({p, c.mkNot(c.mkOr(q, r))});
  Solver s(c);
  s.add(c.mkEq(flag, flagDef));
  auto confirmed = [&](Expr a, Expr b) {
    s.push();
    s.add(c.mkAnd(a, b));
    bool unsat = s.check({}, 0) == Result::Unsat;
    s.pop();
    return unsat;
  };
  struct Case {
    Expr a, b;
    bool excluded;
  } cases[] = {
      {decision, flag, true},                        // through the definition
      {c.mkNot(q), c.mkAnd(r, q), true},             // conjunct vs negation
      {decision, q, true},                           // negated disjunction
      {c.mkIte(q, p, f), c.mkNot(p), true},          // ite(c, x, false)
      {c.mkNot(c.mkIte(q, t, r)), q, true},          // not ite(c, true, y)
      {c.mkNot(c.mkIte(q, r, t)), c.mkNot(q), true}, // not ite(c, x, true)
      {c.mkAnd(p, c.mkNot(p)), r, true},             // itself contradictory
      {flag, older, false},                          // may hold together
      {decision, c.mkOr(p, q), false},
      {c.mkIte(q, p, r), c.mkNot(p), false}, // neither branch literal
      {c.mkNot(c.mkAnd(p, q)), p, false},
  };
  for (const Case &k : cases) {
    EXPECT_EQ(c.excludes(k.a, k.b), k.excluded)
        << k.a.str() << " / " << k.b.str();
    EXPECT_EQ(confirmed(k.a, k.b), k.excluded)
        << k.a.str() << " / " << k.b.str();
  }
  // A Boolean stored as ite(b, 1, 0) and read back is b.
  EXPECT_TRUE(c.bvToBool(c.boolToBV(q, 1)).same(q));
  EXPECT_TRUE(
      c.bvToBool(c.mkIte(q, c.bvVal(8, 0), c.bvVal(8, 1))).same(c.mkNot(q)));
}
