//===- ViewArithTest.cpp - The view arithmetic agrees in both domains -----===//
//
// dealloc/Support/ViewArith.h is instantiated by dealloc-run with
// view::Concrete and by dealloc-verify with SymbolicArith. On literal
// operands the two must compute the same descriptors, indices and
// conditions, wrapping included: these tests run every function over
// seeded pseudo-random descriptors (sizes 0..3, strides and offsets small,
// negative or near the 64-bit limits) and compare.
//
//===----------------------------------------------------------------------===//
#include "Encoder/SymbolicArith.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <random>

using namespace dealloc;
using namespace dealloc::verify;

namespace {

template <typename T> struct Desc {
  T offset;
  std::vector<T> sizes, strides;
};

struct ViewArithTest : ::testing::Test {
  mlir::MLIRContext mctx;
  smt::Context c;
  SymbolicHeap heap{c, /*reuseAddresses=*/false};
  SymbolicArith sym{heap};
  view::Concrete con;
  std::mt19937_64 rng{29};

  int64_t pick(std::initializer_list<int64_t> xs) {
    return *(xs.begin() + rng() % xs.size());
  }
  int64_t size() { return pick({0, 1, 2, 3}); }
  int64_t number() {
    return pick({0, 1, 2, 3, 5, -1, -4, INT64_MAX, INT64_MIN, INT64_MAX / 3,
                 int64_t(1) << 40});
  }
  Desc<int64_t> randomDesc(unsigned rank) {
    Desc<int64_t> d{number(), {}, {}};
    for (unsigned k = 0; k < rank; ++k) {
      d.sizes.push_back(size());
      d.strides.push_back(number());
    }
    return d;
  }
  std::vector<Expr> lits(llvm::ArrayRef<int64_t> xs) {
    std::vector<Expr> r;
    for (int64_t x : xs)
      r.push_back(sym.lit(x));
    return r;
  }
  Desc<Expr> lift(const Desc<int64_t> &d) {
    return {sym.lit(d.offset), lits(d.sizes), lits(d.strides)};
  }
  /// The value of a ground term.
  int64_t value(Expr e) {
    if (std::optional<int64_t> l = e.bvLiteral())
      return *l;
    smt::Solver s(c);
    EXPECT_EQ(s.check({}, 0), smt::Result::Sat);
    return s.evalBV(e);
  }
  bool truth(Expr e) {
    if (e.isTrue() || e.isFalse())
      return e.isTrue();
    smt::Solver s(c);
    EXPECT_EQ(s.check({}, 0), smt::Result::Sat);
    return s.evalBool(e);
  }
  void expectSame(const Desc<int64_t> &want, const Desc<Expr> &got) {
    EXPECT_EQ(want.offset, value(got.offset));
    ASSERT_EQ(want.sizes.size(), got.sizes.size());
    ASSERT_EQ(want.strides.size(), got.strides.size());
    for (size_t k = 0; k < want.sizes.size(); ++k) {
      EXPECT_EQ(want.sizes[k], value(got.sizes[k])) << "size " << k;
      EXPECT_EQ(want.strides[k], value(got.strides[k])) << "stride " << k;
    }
  }
};

} // namespace

TEST_F(ViewArithTest, DescriptorsAgree) {
  for (int round = 0; round < 200; ++round) {
    unsigned rank = 1 + rng() % 3;
    Desc<int64_t> d = randomDesc(rank);
    Desc<Expr> s = lift(d);
    std::vector<int64_t> offs, sizes, steps;
    llvm::SmallBitVector dropped(rank);
    for (unsigned k = 0; k < rank; ++k) {
      offs.push_back(number());
      sizes.push_back(size());
      steps.push_back(number());
      if (sizes.back() == 1 && rng() % 2)
        dropped.set(k);
    }
    expectSame(
        view::subview(con, d, offs, sizes, steps, dropped),
        view::subview(sym, s, lits(offs), lits(sizes), lits(steps), dropped));
    expectSame(view::reinterpretCast(con, d, offs[0], sizes, steps),
               view::reinterpretCast(sym, s, sym.lit(offs[0]), lits(sizes),
                                     lits(steps)));
    // Every dimension splits in two: a random outer size, then the rest.
    llvm::SmallVector<llvm::SmallVector<int64_t, 2>> pairs, whole;
    std::vector<int64_t> shape;
    for (unsigned k = 0; k < rank; ++k) {
      pairs.push_back({2 * k, 2 * k + 1});
      shape.push_back(size());
      shape.push_back(number());
    }
    expectSame(view::expandShape(con, d, shape, pairs),
               view::expandShape(sym, s, lits(shape), pairs));
    whole.push_back({});
    for (unsigned k = 0; k < rank; ++k)
      whole.back().push_back(k);
    expectSame(view::collapseShape(con, d, whole),
               view::collapseShape(sym, s, whole));
    expectSame(view::reshape(con, d, sizes),
               view::reshape(sym, s, lits(sizes)));
    expectSame(view::metadataBase(con, d), view::metadataBase(sym, s));
  }
}

TEST_F(ViewArithTest, IndicesAndConditionsAgree) {
  for (int round = 0; round < 200; ++round) {
    unsigned rank = 1 + rng() % 3;
    Desc<int64_t> d = randomDesc(rank);
    Desc<Expr> s = lift(d);
    std::vector<int64_t> idx;
    for (unsigned k = 0; k < rank; ++k)
      idx.push_back(pick({0, 1, 2, 3, -1, INT64_MIN}));
    bool outside;
    Expr symOutside;
    int64_t lin = view::linearIndex(con, d, idx, outside);
    Expr symLin = view::linearIndex(sym, s, lits(idx), symOutside);
    EXPECT_EQ(outside, truth(symOutside));
    EXPECT_EQ(lin, value(symLin));
    int64_t k = pick({0, 1, 2, 3, -1});
    bool bad = view::dimOutOfRange(con, d, k);
    EXPECT_EQ(bad, truth(view::dimOutOfRange(sym, s, sym.lit(k))));
    if (!bad) {
      EXPECT_EQ(view::dimSize(con, d, k),
                value(view::dimSize(sym, s, sym.lit(k))));
    }
    int64_t size = number(), expected = pick({-1, 0, 2, 5});
    if (expected < 0)
      expected = mlir::ShapedType::kDynamic;
    llvm::SmallVector<bool, 2> conBad;
    llvm::SmallVector<Expr, 2> symBad;
    view::reshapeSizeBad(con, size, expected, conBad);
    view::reshapeSizeBad(sym, sym.lit(size), expected, symBad);
    EXPECT_EQ(con.anyOf(conBad), truth(sym.anyOf(symBad)));
  }
}

TEST_F(ViewArithTest, LayoutsAndCastsAgree) {
  auto f32 = mlir::Float32Type::get(&mctx);
  int64_t dyn = mlir::ShapedType::kDynamic;
  std::vector<mlir::MemRefType> types = {
      mlir::MemRefType::get({2, dyn, 3}, f32),
      mlir::MemRefType::get({dyn, 4}, f32,
                            mlir::StridedLayoutAttr::get(&mctx, 7, {dyn, 1})),
      mlir::MemRefType::get({3, 2}, f32,
                            mlir::StridedLayoutAttr::get(&mctx, dyn, {-2, 5}))};
  for (mlir::MemRefType t : types) {
    for (int round = 0; round < 50; ++round) {
      std::vector<int64_t> dynSizes = {size()};
      Desc<int64_t> d{0, {}, {}};
      Desc<Expr> s{Expr(), {}, {}};
      view::layout(con, t, dynSizes, d);
      view::layout(sym, t, lits(dynSizes), s);
      expectSame(d, s);
      Desc<int64_t> v = randomDesc(t.getRank());
      auto conBad = view::castMismatches(con, v, t);
      auto symBad = view::castMismatches(sym, lift(v), t);
      ASSERT_EQ(conBad.size(), symBad.size());
      for (size_t i = 0; i < conBad.size(); ++i)
        EXPECT_EQ(conBad[i].bad, truth(symBad[i].bad)) << conBad[i].what;
    }
  }
}
