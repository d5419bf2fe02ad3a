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

TEST(HeapTest, ContentsAreLazyChunks) {
  Heap heap(false);
  // 1 GiB: creating it materializes nothing.
  unsigned a = heap.create(BufferKind::Heap, int64_t(1) << 30, 64, "a", "").id;
  EXPECT_EQ(heap.touchedBytes(), 0);
  uint64_t v;
  EXPECT_FALSE(heap.read(a, (int64_t(1) << 30) - 8, 8, v));
  // Writing an uninitialized value is what an absent chunk holds already.
  heap.write(a, 12345, 4, 0, false);
  EXPECT_EQ(heap.touchedBytes(), 0);
  // A scalar straddling two chunks creates both.
  heap.write(a, kChunkBytes - 2, 4, 0x11223344, true);
  EXPECT_EQ(heap.touchedBytes(), 2 * kChunkBytes);
  ASSERT_TRUE(heap.read(a, kChunkBytes - 2, 4, v));
  EXPECT_EQ(v, 0x11223344u);
  EXPECT_FALSE(heap.read(a, kChunkBytes - 3, 2, v));
  // Zero-filled: absent chunks read as initialized zeros, and a copy of
  // them into an uninitialized buffer materializes the zeros.
  unsigned z = heap.create(BufferKind::Arg, 3 * kChunkBytes, 64, "z", "").id;
  heap.zeroFill(z);
  ASSERT_TRUE(heap.read(z, 2 * kChunkBytes + 7, 8, v));
  EXPECT_EQ(v, 0u);
  heap.write(z, 5, 1, 0, true);
  EXPECT_EQ(heap.touchedBytes(), 2 * kChunkBytes);
  heap.copyBytes(a, 2 * kChunkBytes, z, 0, kChunkBytes + 5);
  EXPECT_EQ(heap.touchedBytes(), 4 * kChunkBytes);
  ASSERT_TRUE(heap.read(a, 3 * kChunkBytes, 4, v));
  EXPECT_EQ(v, 0u);
  EXPECT_FALSE(heap.read(a, 3 * kChunkBytes + 5, 1, v));
  // Copying absent uninitialized chunks over written bytes uninitializes them.
  unsigned u = heap.create(BufferKind::Heap, 2 * kChunkBytes, 64, "u", "").id;
  heap.copyBytes(a, kChunkBytes - 2, u, 0, 2);
  EXPECT_FALSE(heap.read(a, kChunkBytes - 2, 1, v));
  ASSERT_TRUE(heap.read(a, kChunkBytes, 2, v));
  EXPECT_EQ(v, 0x1122u);
  EXPECT_FALSE(heap.exhausted());
}

TEST(HeapTest, TouchedBytesAreBounded) {
  Heap heap(false);
  unsigned a =
      heap.create(BufferKind::Heap, 2 * kMaxTouchedBytes, 64, "a", "").id;
  for (int64_t off = 0; off < kMaxTouchedBytes; off += kChunkBytes)
    heap.write(a, off, 1, 1, true);
  EXPECT_EQ(heap.touchedBytes(), kMaxTouchedBytes);
  EXPECT_FALSE(heap.exhausted());
  heap.write(a, kMaxTouchedBytes, 1, 1, true);
  EXPECT_TRUE(heap.exhausted());
  EXPECT_EQ(heap.touchedBytes(), kMaxTouchedBytes);
  uint64_t v;
  EXPECT_FALSE(heap.read(a, kMaxTouchedBytes, 1, v));
}

} // namespace
