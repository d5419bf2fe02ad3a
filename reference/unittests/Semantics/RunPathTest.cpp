//===- RunPathTest.cpp - The recorded path of a run and its DOT picture
//----===//
//
// RunResult::path (block visits, branch counts, buffer events, the stop op)
// as recorded by runFunction, and writeRunDot's use of it (Dot.h).
//
//===----------------------------------------------------------------------===//
#include "ParsedFunction.h"
#include "dealloc/Driver/Dot.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace dealloc;

namespace {

const char *kLoop = R"mlir(
func.func @f(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<2xf32>
    memref.dealloc %b : memref<2xf32>
  }
  cf.cond_br %c, ^free, ^exit
^free:
  memref.dealloc %a : memref<2xf32>
  cf.br ^exit
^exit:
  return
}
)mlir";

class RunPathTest : public ParsedFunctionTest {
protected:
  func::FuncOp fn;
  void SetUp() override {
    load(kLoop);
    if (HasFatalFailure())
      return;
    fn = function("f");
  }
  Block *block(unsigned k) {
    auto it = fn.getBody().begin();
    std::advance(it, k);
    return &*it;
  }
  Block *loopBody() {
    Block *found = nullptr;
    fn.walk([&](scf::ForOp op) { found = op.getBody(); });
    return found;
  }
};

TEST_F(RunPathTest, CountsVisitsBranchesAndEvents) {
  RunResult r = run("2,true");
  ASSERT_EQ(r.verdict, Verdict::Safe) << r.message;
  const RunPath &p = r.path;
  EXPECT_EQ(p.blockVisits.lookup(block(0)), 1u);
  EXPECT_EQ(p.blockVisits.lookup(loopBody()), 2u);
  EXPECT_EQ(p.blockExits.lookup(loopBody()), 2u);
  EXPECT_EQ(p.blockVisits.lookup(block(1)), 1u);
  EXPECT_EQ(p.branches.lookup({block(0), block(1)}), 1u);
  EXPECT_EQ(p.branches.lookup({block(0), block(2)}), 0u);
  EXPECT_EQ(p.branches.lookup({block(1), block(2)}), 1u);
  EXPECT_EQ(p.stopOp, nullptr);
  // alloc #1, then alloc/free #2 and #3 in the loop, then free #1.
  std::vector<std::pair<std::string, unsigned>> events;
  for (const PathEvent &e : p.events)
    events.push_back({e.event, e.buffer});
  std::vector<std::pair<std::string, unsigned>> expected = {
      {"alloc", 1}, {"alloc", 2}, {"free", 2},
      {"alloc", 3}, {"free", 3},  {"free", 1}};
  EXPECT_EQ(events, expected);
  EXPECT_TRUE(isa<memref::DeallocOp>(p.events.back().op));
}

TEST_F(RunPathTest, LeakStopsAtTheReturn) {
  RunResult r = run("0,false");
  ASSERT_EQ(r.verdict, Verdict::Leak);
  ASSERT_NE(r.path.stopOp, nullptr);
  EXPECT_TRUE(isa<func::ReturnOp>(r.path.stopOp));
  EXPECT_EQ(r.path.blockVisits.lookup(loopBody()), 0u);
}

TEST_F(RunPathTest, DotMarksTheViolationAndIsDeterministic) {
  RunResult r = run("1,false");
  ASSERT_EQ(r.verdict, Verdict::Leak);
  std::string a, b;
  llvm::raw_string_ostream osA(a), osB(b);
  writeRunDot(osA, fn, r, "@f(1,false)");
  writeRunDot(osB, fn, run("1,false"), "@f(1,false)");
  EXPECT_EQ(a, b);
  EXPECT_NE(a.find("label=\"@f(1,false)\\lverdict: LEAK [heap.leak]"),
            std::string::npos);
  EXPECT_NE(a.find("color=\"red\", penwidth=3"), std::string::npos);
  EXPECT_NE(a.find("LEAK [heap.leak]: buffer #1 leaked"), std::string::npos);
  EXPECT_NE(a.find("<B>alloc #2</B>"), std::string::npos);
  EXPECT_NE(a.find("<B>free #2</B>"), std::string::npos);
  EXPECT_NE(a.find("(not reached)"), std::string::npos); // ^free
  // Without a title the label starts with the verdict.
  std::string c;
  llvm::raw_string_ostream osC(c);
  writeRunDot(osC, fn, r);
  EXPECT_NE(c.find("label=\"verdict: LEAK"), std::string::npos);
}

TEST_F(RunPathTest, SafeRunHasNoRed) {
  RunResult r = run("1,true");
  ASSERT_EQ(r.verdict, Verdict::Safe);
  std::string a;
  llvm::raw_string_ostream os(a);
  writeRunDot(os, fn, r);
  EXPECT_EQ(a.find("\"red\""), std::string::npos);
  EXPECT_NE(a.find("label=\"1x\", penwidth=2.5"), std::string::npos);
}

} // namespace
