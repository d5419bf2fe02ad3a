//===- HeapTest.cpp - Addresses and contents (spec/buffers.md) ------------===//
#include "dealloc/Semantics/Heap.h"
#include "gtest/gtest.h"

using namespace dealloc;

namespace {

TEST(HeapTest, FreshAddressesAreAlignedAndNeverReused) {
  Heap heap(/*reuseAddresses=*/false);
  Buffer &a = heap.create(BufferKind::Heap, 8, 64, "a", "");
  int64_t pa = a.base;
  heap.release(a.id, "");
  Buffer &b = heap.create(BufferKind::Heap, 8, 256, "b", "");
  EXPECT_NE(b.base, pa);
  EXPECT_EQ(b.base % 256, 0);
  EXPECT_EQ(pa % 64, 0);
}

TEST(HeapTest, ReuseIsLifoAndHeapOnly) {
  Heap heap(/*reuseAddresses=*/true);
  unsigned a = heap.create(BufferKind::Heap, 8, 64, "a", "").id;
  unsigned b = heap.create(BufferKind::Heap, 8, 64, "b", "").id;
  int64_t pa = heap.get(a).base, pb = heap.get(b).base;
  heap.release(a, "");
  heap.release(b, "");
  // A stack buffer never takes a freed heap address.
  EXPECT_NE(heap.create(BufferKind::Stack, 8, 64, "s", "").base, pb);
  // Most recently freed first.
  EXPECT_EQ(heap.create(BufferKind::Heap, 8, 64, "c", "").base, pb);
  EXPECT_EQ(heap.create(BufferKind::Heap, 8, 64, "d", "").base, pa);
  // Nothing left to reuse: fresh.
  int64_t pe = heap.create(BufferKind::Heap, 8, 64, "e", "").base;
  EXPECT_NE(pe, pa);
  EXPECT_NE(pe, pb);
  // Identities stay distinct.
  EXPECT_EQ(heap.size(), 6u);
}

TEST(HeapTest, ContentsTrackInitializedBytes) {
  Heap heap(false);
  unsigned a = heap.create(BufferKind::Heap, 16, 64, "a", "").id;
  uint64_t v;
  EXPECT_FALSE(heap.read(a, 0, 4, v));
  heap.write(a, 4, 4, 0xdeadbeef, true);
  ASSERT_TRUE(heap.read(a, 4, 4, v));
  EXPECT_EQ(v, 0xdeadbeefu);
  EXPECT_TRUE(heap.read(a, 5, 1, v));
  EXPECT_EQ(v, 0xbeu);
  EXPECT_FALSE(heap.read(a, 2, 4, v)); // straddles uninitialized bytes
  unsigned b = heap.create(BufferKind::Heap, 16, 64, "b", "").id;
  heap.copyBytes(b, 0, a, 2, 6);
  EXPECT_FALSE(heap.read(b, 0, 4, v));
  ASSERT_TRUE(heap.read(b, 2, 4, v));
  EXPECT_EQ(v, 0xdeadbeefu);
}

} // namespace
