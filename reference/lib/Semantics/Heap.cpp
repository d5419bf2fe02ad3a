//===- Heap.cpp - Buffers and addresses (spec/buffers.md) -----------------===//
#include "dealloc/Semantics/Heap.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

namespace dealloc {

llvm::StringRef bufferKindName(BufferKind k) {
  switch (k) {
  case BufferKind::Heap: return "heap";
  case BufferKind::Stack: return "stack";
  case BufferKind::Global: return "global";
  case BufferKind::Arg: return "arg";
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
      bool inUse = std::any_of(buffers.begin(), buffers.end(),
                               [&](const Buffer &b) {
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
                static_cast<int64_t>(llvm::alignTo(std::max<int64_t>(sizeBytes, 1), 64)) +
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

bool Heap::read(unsigned id, int64_t off, unsigned n, uint64_t &out) const {
  const Buffer &b = get(id);
  out = 0;
  if (b.init.empty())
    return false;
  for (unsigned k = 0; k < n; ++k) {
    if (!b.init[off + k])
      return false;
    out |= static_cast<uint64_t>(b.bytes[off + k]) << (8 * k);
  }
  return true;
}

void Heap::write(unsigned id, int64_t off, unsigned n, uint64_t value,
                 bool initialized) {
  Buffer &b = get(id);
  if (b.bytes.empty()) {
    b.bytes.assign(b.sizeBytes, 0);
    b.init.assign(b.sizeBytes, 0);
  }
  for (unsigned k = 0; k < n; ++k) {
    b.bytes[off + k] = initialized ? static_cast<uint8_t>(value >> (8 * k)) : 0;
    b.init[off + k] = initialized ? 1 : 0;
  }
}

void Heap::copyBytes(unsigned dst, int64_t dstOff, unsigned src, int64_t srcOff,
                     unsigned n) {
  for (unsigned k = 0; k < n; ++k) {
    const Buffer &s = get(src);
    bool ok = !s.init.empty() && s.init[srcOff + k];
    uint8_t v = ok ? s.bytes[srcOff + k] : 0;
    write(dst, dstOff + k, 1, v, ok);
  }
}

void Heap::zeroFill(unsigned id) {
  Buffer &b = get(id);
  b.bytes.assign(b.sizeBytes, 0);
  b.init.assign(b.sizeBytes, 1);
}

} // namespace dealloc
