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
    for (const Expr &e : heap.constraints())
      s.add(e);
    std::vector<Expr> conds;
    for (const Violation &v : heap.violations())
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
  for (const Expr &e : heap.constraints())
    sv.add(e);
  EXPECT_EQ(sv.check({cond, c.mkNot(heap.freedOf(m, s))}, 0),
            smt::Result::Unsat);
  EXPECT_EQ(sv.check({c.mkNot(cond), heap.freedOf(m, s)}, 0),
            smt::Result::Unsat);
}

TEST_F(HeapFixture, DistinctBuffersHaveDistinctAddresses) {
  State st = fresh();
  unsigned a = heap.newSlot(SlotKind::Heap, loc, "a", &st);
  unsigned b = heap.newSlot(SlotKind::Arg, loc, "b", &st);
  heap.observeAddresses();
  smt::Solver sv(c);
  for (const Expr &e : heap.constraintsToAssert())
    sv.add(e);
  EXPECT_EQ(sv.check({c.mkEq(heap.slot(a).addr, heap.slot(b).addr)}, 0),
            smt::Result::Unsat);
}

// [verify.encoding.addr]: the safety check assumes the address constraints
// only where a recorded term mentions an address.
TEST_F(HeapFixture, AddressConstraintsOnlyWhereAnAddressIsMentioned) {
  State st = fresh();
  unsigned a = heap.newSlot(SlotKind::Heap, loc, "a", &st);
  unsigned b = heap.newSlot(SlotKind::Heap, loc, "b", &st);
  heap.observeAddresses();
  size_t all = heap.constraintsToAssert().size();
  ASSERT_GT(all, heap.constraints().size());
  // A violation about identities only.
  View va = heap.wholeView(a, {});
  heap.free(st, va, c.boolVal(true), loc, {});
  EXPECT_EQ(heap.constraintsForSafety().size(), heap.constraints().size());
  // A condition that compares the two addresses as numbers.
  heap.violate(st, Verdict::Leak, c.mkEq(heap.slot(a).addr, heap.slot(b).addr),
               loc, "test");
  std::vector<Expr> kept = heap.constraintsForSafety();
  EXPECT_EQ(kept.size(), all);
  smt::Solver sv(c);
  for (const Expr &e : kept)
    sv.add(e);
  EXPECT_EQ(sv.check({heap.violations().back().cond}, 0), smt::Result::Unsat);
}

// [verify.encoding.fusion]: the fused slot is the buffer the merged view
// denotes; the fused candidates count as never allocated where it does.
TEST_F(HeapFixture, FusionRenamesTheDenotedBuffer) {
  State st = fresh();
  std::vector<Expr> two{c.bvVal(kIndexWidth, 2)};
  unsigned a = heap.newSlot(SlotKind::Heap, loc, "memref.alloc", &st);
  heap.initContents(st, a, two, /*zero=*/true, 4);
  Expr cond = c.freshBool("c");
  State t = st, e = st;
  heap.narrow(t, cond);
  heap.narrow(e, c.mkNot(cond));
  // then: free %a, allocate %n (value 7 at index 1) and pass it on;
  // else: pass %a on.
  heap.free(t, heap.wholeView(a, two), c.boolVal(true), loc, {});
  unsigned n = heap.newSlot(SlotKind::Heap, loc, "memref.alloc", &t);
  heap.initContents(t, n, two, /*zero=*/true, 4);
  heap.store(t, heap.wholeView(n, two), c.bvVal(kIndexWidth, 1), c.bvVal(64, 7),
             4);
  SymValue va = SymValue::memref(heap.wholeView(a, two));
  SymValue vn = SymValue::memref(heap.wholeView(n, two));
  State j = heap.merge({&t, &e}, "block");
  SymValue m = heap.mergeValues({t.path, e.path}, {&vn, &va});
  ASSERT_EQ(m.view.cands.size(), 2u);
  std::vector<unsigned> both = m.view.cands;
  ASSERT_TRUE(heap.fuse(j, m.view, both, loc));
  ASSERT_EQ(m.view.cands.size(), 1u);
  unsigned f = m.view.cands.front();
  EXPECT_EQ(heap.slot(f).parts, (std::vector<unsigned>{a, n}));
  smt::Solver s(c);
  for (const Expr &x : heap.constraints())
    s.add(x);
  auto valid = [&](Expr claim) {
    return s.check({c.mkNot(claim)}, 0) == smt::Result::Unsat;
  };
  // The fused slot is live on both paths; %a stays freed where %n is
  // passed on, and %a / %n are "never allocated" where they are renamed.
  EXPECT_TRUE(valid(heap.isLiveHeap(j, m.view)));
  EXPECT_TRUE(valid(
      c.mkImplies(cond, c.mkAnd(heap.allocOf(j, a), heap.freedOf(j, a)))));
  EXPECT_TRUE(valid(c.mkImplies(c.mkNot(cond), c.mkNot(heap.allocOf(j, a)))));
  EXPECT_TRUE(valid(c.mkNot(heap.allocOf(j, n))));
  // Contents follow the denoted buffer: 7 where %n was passed on.
  Expr x = heap.load(j, m.view, c.bvVal(kIndexWidth, 1), 4);
  EXPECT_TRUE(valid(c.mkImplies(cond, c.mkEq(x, c.bvVal(64, 7)))));
  EXPECT_TRUE(valid(c.mkImplies(c.mkNot(cond), c.mkEq(x, c.bvVal(64, 0)))));
}

TEST_F(HeapFixture, RollbackRemovesWhatWasRecordedAfterTheMark) {
  State st = fresh();
  unsigned kept = heap.newSlot(SlotKind::Heap, loc, "memref.alloc", &st);
  Expr keptName = heap.name(c.freshBool("p"), "kept");
  HeapMark m = heap.mark();
  unsigned s = heap.newSlot(SlotKind::Heap, loc, "memref.alloc", &st);
  Expr dropped = heap.name(c.freshBool("q"), "dropped");
  heap.assume(c.freshBool("r"));
  heap.free(st, heap.wholeView(s, {}), c.freshBool("c"), loc, {});
  heap.free(st, heap.wholeView(s, {}), c.boolVal(true), loc, {});
  heap.stop(st, c.freshBool("d"), loc, StopKind::NotEncoded, "test");
  heap.event(st, c.boolVal(true), loc, "test");
  ASSERT_GT(heap.violations().size(), m.violations);
  heap.rollback(m);
  EXPECT_EQ(heap.numSlots(), kept + 1);
  EXPECT_EQ(heap.constraints().size(), m.constraints);
  EXPECT_EQ(heap.addrConstraints().size(), m.addrConstraints);
  EXPECT_TRUE(heap.violations().empty());
  EXPECT_TRUE(heap.stops().empty());
  EXPECT_TRUE(heap.events().empty());
  EXPECT_TRUE(heap.definitions().count(keptName.termId()));
  EXPECT_FALSE(heap.definitions().count(dropped.termId()));
}
