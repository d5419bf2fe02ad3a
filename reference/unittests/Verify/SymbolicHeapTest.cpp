//===- SymbolicHeapTest.cpp - Symbolic buffers and states -----------------===//
#include "dealloc/Verify/SymbolicHeap.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace dealloc;
using namespace dealloc::verify;

namespace {
struct HeapFixture : ::testing::Test {
  mlir::MLIRContext mctx;
  smt::Context c;
  SymbolicHeap heap{c, /*reuseAddresses=*/false};
  mlir::Location loc = mlir::UnknownLoc::get(&mctx);
  State fresh() {
    State st;
    st.guard = c.boolVal(true);
    st.path = st.guard;
    return st;
  }
  smt::Result reachable(Verdict kind) {
    smt::Solver s(c);
    for (const Expr &e : heap.constraints)
      s.add(e);
    std::vector<Expr> conds;
    for (const Violation &v : heap.violations)
      if (v.kind == kind)
        conds.push_back(v.cond);
    return s.check({c.mkOr(conds)}, 0);
  }
};
} // namespace

TEST_F(HeapFixture, FreeingTwiceUnderAConditionIsADoubleFree) {
  State st = fresh();
  unsigned s = heap.newSlot(SlotKind::Heap, loc, "memref.alloc", &st);
  View v = heap.wholeView(s, {c.bvVal(kIndexWidth, 2)});
  Expr cond = c.freshBool("c");
  heap.free(st, v, cond, loc, {});
  heap.free(st, v, c.boolVal(true), loc, {});
  EXPECT_EQ(reachable(Verdict::DoubleFree), smt::Result::Sat);
  EXPECT_EQ(reachable(Verdict::InvalidFree), smt::Result::Unsat);
}

TEST_F(HeapFixture, FreeingAStackBufferIsInvalid) {
  State st = fresh();
  unsigned s = heap.newSlot(SlotKind::Stack, loc, "memref.alloca", &st);
  heap.free(st, heap.wholeView(s, {}), c.boolVal(true), loc, {});
  EXPECT_EQ(reachable(Verdict::InvalidFree), smt::Result::Sat);
}

TEST_F(HeapFixture, MergeKeepsPerPathHeapState) {
  State st = fresh();
  unsigned s = heap.newSlot(SlotKind::Heap, loc, "memref.alloc", &st);
  View v = heap.wholeView(s, {c.bvVal(kIndexWidth, 2)});
  Expr cond = c.freshBool("c");
  State a = st, b = st;
  heap.narrow(a, cond);
  heap.narrow(b, c.mkNot(cond));
  heap.free(a, v, c.boolVal(true), loc, {});
  State m = heap.merge({&a, &b}, "join");
  // Freed iff the first path was taken.
  smt::Solver sv(c);
  for (const Expr &e : heap.constraints)
    sv.add(e);
  EXPECT_EQ(sv.check({cond, c.mkNot(heap.freedOf(m, s))}, 0), smt::Result::Unsat);
  EXPECT_EQ(sv.check({c.mkNot(cond), heap.freedOf(m, s)}, 0), smt::Result::Unsat);
}

TEST_F(HeapFixture, DistinctBuffersHaveDistinctAddresses) {
  State st = fresh();
  unsigned a = heap.newSlot(SlotKind::Heap, loc, "a", &st);
  unsigned b = heap.newSlot(SlotKind::Arg, loc, "b", &st);
  heap.addressesUsed = true;
  smt::Solver sv(c);
  for (const Expr &e : heap.constraintsToAssert())
    sv.add(e);
  EXPECT_EQ(sv.check({c.mkEq(heap.slots[a].addr, heap.slots[b].addr)}, 0),
            smt::Result::Unsat);
}
