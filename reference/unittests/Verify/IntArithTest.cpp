//===- IntArithTest.cpp - The integer arithmetic agrees in both domains ---===//
//
// dealloc/Support/IntArith.h is instantiated by dealloc-run with
// ints::Concrete (APInts) and by dealloc-verify with SymbolicInts
// (bit-vector terms). On literal operands the two must compute the same
// value and the same conditions (division by zero, signed overflow,
// poison): these tests run every integer binary op over the boundary values
// of widths 1, 8, 32 and 64 and compare. Where a condition holds the value
// is not compared (each tool discards it).
//
//===----------------------------------------------------------------------===//
#include "Encoder/SymbolicArith.h"
#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"

#include <vector>

using namespace dealloc;
using namespace dealloc::verify;
using llvm::APInt;

namespace {

constexpr IntOp kAllOps[] = {
    IntOp::Add,  IntOp::Sub,      IntOp::Mul,      IntOp::And,
    IntOp::Or,   IntOp::Xor,      IntOp::MaxS,     IntOp::MaxU,
    IntOp::MinS, IntOp::MinU,     IntOp::Shl,      IntOp::ShrS,
    IntOp::ShrU, IntOp::DivS,     IntOp::DivU,     IntOp::RemS,
    IntOp::RemU, IntOp::CeilDivS, IntOp::CeilDivU, IntOp::FloorDivS,
};

struct IntArithTest : ::testing::Test {
  smt::Context c;
  SymbolicInts sym{c};
  ints::Concrete con;

  /// The boundary values of width `w`, and a few small ones.
  std::vector<APInt> values(unsigned w) {
    std::vector<APInt> xs = {APInt(w, 0), APInt(w, 1), APInt::getAllOnes(w),
                             APInt::getSignedMinValue(w),
                             APInt::getSignedMaxValue(w)};
    for (int64_t v : {2, 3, 7, -2, -3, -7})
      xs.push_back(APInt(w, uint64_t(v), true, /*implicitTrunc=*/true));
    if (w > 1)
      xs.push_back(APInt(w, w)); // a shift by exactly the width
    return xs;
  }
  Expr lift(const APInt &a) {
    return c.bvVal(a.getBitWidth(), int64_t(a.getZExtValue()));
  }
  /// The value of a ground term.
  APInt value(Expr e, unsigned w) {
    e = c.simplify(e);
    if (std::optional<int64_t> l = e.bvLiteral())
      return APInt(w, uint64_t(*l), false, /*implicitTrunc=*/true);
    smt::Solver s(c);
    EXPECT_EQ(s.check({}, 0), smt::Result::Sat);
    return APInt(w, uint64_t(s.evalBV(e)), false, /*implicitTrunc=*/true);
  }
  bool truth(Expr e) {
    e = c.simplify(e);
    if (e.isTrue() || e.isFalse())
      return e.isTrue();
    smt::Solver s(c);
    EXPECT_EQ(s.check({}, 0), smt::Result::Sat);
    return s.evalBool(e);
  }
  /// A condition both domains agree on being absent, or its truth.
  bool same(const std::optional<bool> &want, const std::optional<Expr> &got,
            bool &holds) {
    holds = want && *want;
    if (want.has_value() != got.has_value())
      return false;
    return !want || *want == truth(*got);
  }
};

} // namespace

TEST_F(IntArithTest, ValuesAndConditionsAgree) {
  for (unsigned w : {1u, 8u, 32u, 64u})
    for (IntOp k : kAllOps)
      for (const APInt &a : values(w))
        for (const APInt &b : values(w)) {
          ints::Result<ints::Concrete> want = ints::binary(con, k, a, b);
          ints::Result<SymbolicInts> got =
              ints::binary(sym, k, lift(a), lift(b));
          std::string what = "op " + std::to_string(int(k)) + " width " +
                             std::to_string(w) + " a " +
                             llvm::toString(a, 10, true) + " b " +
                             llvm::toString(b, 10, true);
          bool zero, over, poison;
          EXPECT_TRUE(same(want.divByZero, got.divByZero, zero)) << what;
          EXPECT_TRUE(same(want.overflow, got.overflow, over)) << what;
          EXPECT_TRUE(same(want.poison, got.poison, poison)) << what;
          if (!zero && !over && !poison) {
            EXPECT_EQ(want.value, value(got.value, w)) << what;
          }
        }
}

TEST_F(IntArithTest, ConcreteMatchesAPIntRounding) {
  // The rounded divisions written once agree with APInt's own rounding
  // (what dealloc-run computed before they were shared).
  using R = APInt::Rounding;
  for (unsigned w : {8u, 64u})
    for (const APInt &a : values(w))
      for (const APInt &b : values(w)) {
        if (b.isZero())
          continue;
        if (!(a.isMinSignedValue() && b.isAllOnes())) {
          EXPECT_EQ(ints::binary(con, IntOp::CeilDivS, a, b).value,
                    llvm::APIntOps::RoundingSDiv(a, b, R::UP));
          EXPECT_EQ(ints::binary(con, IntOp::FloorDivS, a, b).value,
                    llvm::APIntOps::RoundingSDiv(a, b, R::DOWN));
        }
        EXPECT_EQ(ints::binary(con, IntOp::CeilDivU, a, b).value,
                  llvm::APIntOps::RoundingUDiv(a, b, R::UP));
      }
}

TEST_F(IntArithTest, ConditionsAreTheSpecs) {
  // [op.arith.ub]: by zero and MIN / -1; shifts by the width: poison.
  APInt min = APInt::getSignedMinValue(8), minusOne = APInt::getAllOnes(8);
  EXPECT_TRUE(
      *ints::binary(con, IntOp::DivU, APInt(8, 5), APInt(8, 0)).divByZero);
  EXPECT_FALSE(ints::binary(con, IntOp::DivU, min, minusOne).overflow);
  EXPECT_TRUE(*ints::binary(con, IntOp::RemS, min, minusOne).overflow);
  EXPECT_TRUE(*ints::binary(con, IntOp::Shl, APInt(8, 1), APInt(8, 8)).poison);
  EXPECT_FALSE(*ints::binary(con, IntOp::Shl, APInt(8, 1), APInt(8, 7)).poison);
  EXPECT_FALSE(ints::binary(con, IntOp::Add, min, minusOne).poison);
}
