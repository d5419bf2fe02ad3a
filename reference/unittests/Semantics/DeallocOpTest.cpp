//===- DeallocOpTest.cpp - bufferization.dealloc semantics ----------------===//
//
// The truth table of spec/bufferization-dealloc.md as executed by
// runFunction: two views of one buffer with independent conditions, a
// retained view, the results.
//
//===----------------------------------------------------------------------===//
#include "ParsedFunction.h"

using namespace mlir;
using namespace dealloc;

namespace {

const char *kOrdered = R"mlir(
func.func @f(%c0: i1, %c1: i1, %keep: i1) -> i1 {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %other = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r = arith.select %keep, %a, %other : memref<4xf32>
  %res = bufferization.dealloc (%a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) if (%c0, %c1) retain (%r : memref<4xf32>)
  memref.dealloc %other : memref<4xf32>
  %any = arith.ori %c0, %c1 : i1
  %notkeep = arith.xori %keep, %true : i1
  %freedByOp = arith.andi %any, %notkeep : i1
  %mustFree = arith.xori %freedByOp, %true : i1
  scf.if %mustFree {
    memref.dealloc %a : memref<4xf32>
  }
  return %res : i1
}
)mlir";

class DeallocOpTest : public ParsedFunctionTest {};

TEST_F(DeallocOpTest, FreesOnceIffSomeConditionAndNotRetained) {
  load(kOrdered);
  for (bool c0 : {false, true})
    for (bool c1 : {false, true})
      for (bool keep : {false, true}) {
        std::string text = std::string(c0 ? "true" : "false") + "," +
                           (c1 ? "true" : "false") + "," +
                           (keep ? "true" : "false");
        RunResult r = run(text);
        // A wrong free condition shows as DOUBLE_FREE (freed by the op and by
        // the program) or LEAK (freed by neither).
        EXPECT_EQ(r.verdict, Verdict::Safe) << text << ": " << r.message;
      }
}

TEST_F(DeallocOpTest, UninitializedConditionIsUnknown) {
  load(R"mlir(
func.func @f() {
  %z = arith.constant 0 : index
  %a = memref.alloc() : memref<1xi1>
  %c = memref.load %a[%z] : memref<1xi1>
  bufferization.dealloc (%a : memref<1xi1>) if (%c)
  return
}
)mlir");
  RunResult r = run("");
  EXPECT_EQ(r.verdict, Verdict::Unknown);
  EXPECT_NE(r.message.find("uninitialized value decides control flow"),
            std::string::npos);
}

TEST_F(DeallocOpTest, FreedOperandWithTrueConditionIsDoubleFree) {
  load(R"mlir(
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  return
}
)mlir");
  EXPECT_EQ(run("false").verdict, Verdict::Safe);
  RunResult r = run("true");
  EXPECT_EQ(r.verdict, Verdict::DoubleFree);
  EXPECT_EQ(r.clause, "[dealloc.invalid]");
  ASSERT_EQ(r.trace.size(), 3u);
  EXPECT_EQ(r.trace.back().event, "double_free");
}

TEST_F(DeallocOpTest, ResultIsDisjunctionOverAliases) {
  load(R"mlir(
func.func @f(%c0: i1, %c1: i1) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %res = bufferization.dealloc (%a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) if (%c0, %c1) retain (%v : memref<2xf32, strided<[1], offset: 1>>)
  %true = arith.constant true
  %expected = arith.ori %c0, %c1 : i1
  %same = arith.cmpi eq, %res, %expected : i1
  scf.if %same {
    memref.dealloc %a : memref<4xf32>
  }
  return %res : i1
}
)mlir");
  for (const char *text :
       {"false,false", "false,true", "true,false", "true,true"})
    EXPECT_EQ(run(text).verdict, Verdict::Safe) << text;
}

} // namespace
