//===- InputsTest.cpp - Input text and enumeration (spec/safety.md) -------===//
#include "dealloc/Semantics/Interpreter.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"
#include <set>

using namespace mlir;
using namespace dealloc;

namespace {

class InputsTest : public ::testing::Test {
protected:
  MLIRContext ctx;
  Builder b{&ctx};
  Type i1() { return b.getI1Type(); }
  Type idx() { return b.getIndexType(); }
  Type dyn() { return MemRefType::get({ShapedType::kDynamic}, b.getF32Type()); }
  Type fixed() { return MemRefType::get({2}, b.getI32Type()); }
  FunctionType fn(ArrayRef<Type> ins) { return b.getFunctionType(ins, {}); }
};

TEST_F(InputsTest, FormatParseRoundTrip) {
  FunctionType t = fn({i1(), idx(), dyn(), dyn(), fixed()});
  auto in = parseInput("true,-3,b0[5],b0[5],b1", t);
  ASSERT_TRUE(static_cast<bool>(in)) << llvm::toString(in.takeError());
  EXPECT_EQ(formatInput(*in), "true,-3,b0[5],b0[5],b1");
  EXPECT_TRUE(in->args[0].b);
  EXPECT_EQ(in->args[1].i, -3);
  EXPECT_EQ(in->args[2].group, in->args[3].group);
  EXPECT_NE(in->args[2].group, in->args[4].group);
}

TEST_F(InputsTest, RenumbersBuffersByFirstAppearance) {
  auto in = parseInput("b7,b3,b7", fn({dyn(), dyn(), dyn()}));
  ASSERT_TRUE(static_cast<bool>(in));
  EXPECT_EQ(formatInput(*in), "b0,b1,b0");
}

TEST_F(InputsTest, RejectsMalformedText) {
  FunctionType t = fn({i1(), dyn()});
  for (const char *bad : {"1,b0", "true", "true,b0,b1", "true,x0",
                          "true,b0[2x2]", "true,b", "true,b0[2"}) {
    auto in = parseInput(bad, t);
    EXPECT_FALSE(static_cast<bool>(in)) << bad;
    if (!in)
      llvm::consumeError(in.takeError());
  }
  // Sharing a buffer requires identical types.
  auto in = parseInput("b0,b0", fn({dyn(), fixed()}));
  EXPECT_FALSE(static_cast<bool>(in));
  if (!in)
    llvm::consumeError(in.takeError());
}

TEST_F(InputsTest, EnumeratesEveryCombinationOnce) {
  // 2 (i1) * 3 (index) * Bell(3) = 5 partitions of three dyn memrefs * 1.
  FunctionType t = fn({i1(), idx(), dyn(), dyn(), dyn(), fixed()});
  uint64_t total = 0;
  auto all = enumerateInputs(t, 1000, total);
  ASSERT_TRUE(static_cast<bool>(all));
  EXPECT_EQ(total, 30u);
  ASSERT_EQ(all->size(), 30u);
  std::set<std::string> texts;
  for (const Input &in : *all)
    texts.insert(formatInput(in));
  EXPECT_EQ(texts.size(), 30u);
  EXPECT_EQ(formatInput(all->front()), "false,0,b0,b0,b0,b1");
  EXPECT_EQ(formatInput(all->back()), "true,2,b0,b1,b2,b3");
  // Every enumerated text parses back to itself.
  for (const Input &in : *all) {
    auto back = parseInput(formatInput(in), t);
    ASSERT_TRUE(static_cast<bool>(back));
    EXPECT_EQ(formatInput(*back), formatInput(in));
  }
}

TEST_F(InputsTest, CapsAndReportsTotal) {
  SmallVector<Type> many(20, i1());
  uint64_t total = 0;
  auto all = enumerateInputs(fn(many), 100, total);
  ASSERT_TRUE(static_cast<bool>(all));
  EXPECT_EQ(all->size(), 100u);
  EXPECT_EQ(total, uint64_t(1) << 20);
}

TEST_F(InputsTest, VectorsFormatParseRoundTrip) {
  Type v4f = VectorType::get({4}, b.getF32Type());
  Type v2x2i = VectorType::get({2, 2}, b.getIndexType());
  Type v3b = VectorType::get({3}, i1());
  FunctionType t = fn({v4f, v2x2i, v3b});
  auto in = parseInput("<0 0.5 -1 2.5>, <7>, <false true false>", t);
  ASSERT_TRUE(static_cast<bool>(in)) << llvm::toString(in.takeError());
  EXPECT_EQ(formatInput(*in), "<0 0.5 -1 2.5>,<7>,<false true false>");
  ASSERT_EQ(in->args[1].lanes.size(), 4u); // a splat fills every lane
  EXPECT_EQ(in->args[1].lanes[3].i, 7);
  EXPECT_TRUE(in->args[2].lanes[1].b);
  for (const char *bad : {"<0 1 2>,<7>,<false>", "<0 1 2 3>,<x>,<false>",
                          "0,<7>,<false>", "<0 1 2 3>,<7>,<0>"}) {
    auto r = parseInput(bad, t);
    EXPECT_FALSE(static_cast<bool>(r)) << bad;
    if (!r)
      llvm::consumeError(r.takeError());
  }
}

TEST_F(InputsTest, EnumeratesVectorSplatsAndRamp) {
  Type v4i = VectorType::get({4}, b.getI32Type());
  Type v2b = VectorType::get({2}, i1());
  Type v1f = VectorType::get({1}, b.getF32Type());
  FunctionType t = fn({v4i, v2b, v1f});
  uint64_t total = 0;
  auto all = enumerateInputs(t, 1000, total);
  ASSERT_TRUE(static_cast<bool>(all));
  EXPECT_EQ(total, 12u); // 4 * 3 * 1
  ASSERT_EQ(all->size(), 12u);
  EXPECT_EQ(formatInput(all->front()), "<0>,<false>,<0>");
  EXPECT_EQ(formatInput((*all)[2]), "<0>,<false true>,<0>");
  EXPECT_EQ(formatInput(all->back()), "<0 1 2 3>,<false true>,<0>");
  for (const Input &in : *all) {
    auto back = parseInput(formatInput(in), t);
    ASSERT_TRUE(static_cast<bool>(back));
    EXPECT_EQ(formatInput(*back), formatInput(in));
  }
  // More lanes than either tool holds (SolverPolicy::maxVectorLanes):
  // no input model.
  auto big = enumerateInputs(fn({VectorType::get({256, 257}, b.getF32Type())}),
                             10, total);
  EXPECT_FALSE(static_cast<bool>(big));
  if (!big)
    llvm::consumeError(big.takeError());
}

TEST_F(InputsTest, RejectsTypesWithoutInputModel) {
  Type tensor = RankedTensorType::get({2}, b.getF32Type());
  uint64_t total = 0;
  auto all = enumerateInputs(fn({tensor}), 10, total);
  EXPECT_FALSE(static_cast<bool>(all));
  if (!all)
    llvm::consumeError(all.takeError());
}

} // namespace
