//===- Heap.cpp - Buffers and addresses (spec/buffers.md) -----------------===//
//
// [buffer.record], [addr.fresh], [addr.reuse], [buffer.contents],
// [buffer.contents.lazy]: contents exist in chunks of kChunkBytes, created by
// the first write into them.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Heap.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cstring>

namespace dealloc {

llvm::StringRef bufferKindName(BufferKind k) {
  switch (k) {
  case BufferKind::Heap:
    return "heap";
  case BufferKind::Stack:
    return "stack";
  case BufferKind::Global:
    return "global";
  case BufferKind::Arg:
    return "arg";
  }
  return "heap";
}

Buffer &Heap::create(BufferKind kind, int64_t sizeBytes, int64_t alignment,
                     std::string origin, std::string allocLoc) {
  uint64_t align = std::max<int64_t>(alignment, 64);
  int64_t address = -1;
  // [addr.reuse]: the most recently freed heap address not used by a live
  // buffer.
  if (reuse && kind == BufferKind::Heap) {
    for (size_t k = freedHeapAddresses.size(); k-- > 0;) {
      int64_t cand = freedHeapAddresses[k];
      if (cand % static_cast<int64_t>(align) != 0)
        continue;
      bool inUse =
          std::any_of(buffers.begin(), buffers.end(), [&](const Buffer &b) {
            return b.live && b.base == cand;
          });
      if (inUse)
        continue;
      address = cand;
      freedHeapAddresses.erase(freedHeapAddresses.begin() + k);
      break;
    }
  }
  // [addr.fresh]: never used before.
  if (address < 0) {
    address = static_cast<int64_t>(llvm::alignTo(nextFresh, align));
    nextFresh = address +
                static_cast<int64_t>(
                    llvm::alignTo(std::max<int64_t>(sizeBytes, 1), 64)) +
                64;
  }
  Buffer b;
  b.id = static_cast<unsigned>(buffers.size() + 1);
  b.kind = kind;
  b.sizeBytes = sizeBytes;
  b.base = address;
  b.origin = std::move(origin);
  b.allocLoc = std::move(allocLoc);
  buffers.push_back(std::move(b));
  return buffers.back();
}

void Heap::release(unsigned id, std::string loc) {
  Buffer &b = get(id);
  b.live = false;
  b.freeLoc = std::move(loc);
  if (b.kind == BufferKind::Heap)
    freedHeapAddresses.push_back(b.base);
}

Chunk *Heap::chunkAt(Buffer &b, int64_t off, bool create) {
  int64_t index = off / kChunkBytes;
  auto it = b.chunks.find(index);
  if (it != b.chunks.end())
    return it->second.get();
  if (!create)
    return nullptr;
  if (touched + kChunkBytes > kMaxTouchedBytes) {
    outOfContents = true;
    return nullptr;
  }
  touched += kChunkBytes;
  auto c = std::make_unique<Chunk>();
  std::memset(c->bytes, 0, sizeof(c->bytes));
  std::memset(c->init, b.zeroDefault ? 0xff : 0, sizeof(c->init));
  return (b.chunks[index] = std::move(c)).get();
}

bool Heap::read(unsigned id, int64_t off, unsigned n, uint64_t &out) const {
  const Buffer &b = get(id);
  out = 0;
  for (unsigned k = 0; k < n; ++k) {
    int64_t at = off + k;
    auto it = b.chunks.find(at / kChunkBytes);
    if (it == b.chunks.end()) {
      if (!b.zeroDefault) // [buffer.contents.uninit]
        return false;
      continue;
    }
    const Chunk &c = *it->second;
    if (!c.isInit(at % kChunkBytes))
      return false;
    out |= static_cast<uint64_t>(c.bytes[at % kChunkBytes]) << (8 * k);
  }
  return true;
}

void Heap::writeInChunk(Buffer &b, int64_t off, int64_t len,
                        const uint8_t *values, bool initialized) {
  bool allZero = true;
  for (int64_t k = 0; values && k < len; ++k)
    allZero &= values[k] == 0;
  // Writing what an absent chunk already reads as leaves it absent.
  bool asDefault = b.zeroDefault ? initialized && allZero : !initialized;
  Chunk *c = chunkAt(b, off, !asDefault);
  if (!c)
    return;
  int64_t at = off % kChunkBytes;
  for (int64_t k = 0; k < len; ++k)
    c->set(at + k, values ? values[k] : 0, initialized);
}

void Heap::write(unsigned id, int64_t off, unsigned n, uint64_t value,
                 bool initialized) {
  Buffer &b = get(id);
  uint8_t values[8];
  for (unsigned k = 0; k < n && k < 8; ++k)
    values[k] = static_cast<uint8_t>(value >> (8 * k));
  // A scalar is at most 8 bytes, but may straddle two chunks.
  unsigned done = 0;
  while (done < n) {
    int64_t at = off + done;
    unsigned len = static_cast<unsigned>(
        std::min<int64_t>(n - done, kChunkBytes - at % kChunkBytes));
    writeInChunk(b, at, len, values + done, initialized);
    done += len;
  }
}

void Heap::copyBytes(unsigned dst, int64_t dstOff, unsigned src, int64_t srcOff,
                     int64_t n) {
  // Segment by segment, each inside one chunk of each buffer: an absent
  // source chunk copies its default without materializing anything.
  uint8_t values[kChunkBytes];
  while (n > 0) {
    int64_t len = std::min({n, kChunkBytes - srcOff % kChunkBytes,
                            kChunkBytes - dstOff % kChunkBytes});
    const Buffer &s = get(src);
    auto it = s.chunks.find(srcOff / kChunkBytes);
    if (it == s.chunks.end()) {
      writeInChunk(get(dst), dstOff, len, nullptr, s.zeroDefault);
    } else {
      // Runs of equal initializedness.
      const Chunk &c = *it->second;
      int64_t from = srcOff % kChunkBytes;
      for (int64_t k = 0; k < len;) {
        bool ok = c.isInit(from + k);
        int64_t e = k;
        for (; e < len && c.isInit(from + e) == ok; ++e)
          values[e - k] = c.bytes[from + e];
        writeInChunk(get(dst), dstOff + k, e - k, ok ? values : nullptr, ok);
        k = e;
      }
    }
    srcOff += len;
    dstOff += len;
    n -= len;
  }
}

void Heap::zeroFill(unsigned id) {
  Buffer &b = get(id);
  touched -= static_cast<int64_t>(b.chunks.size()) * kChunkBytes;
  b.chunks.clear();
  b.zeroDefault = true;
}

} // namespace dealloc
