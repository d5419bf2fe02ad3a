//===- Memory.cpp - Layouts, bounds, element access, frees ----------------===//
//
// spec/buffers.md: [buffer.record], [buffer.contents],
// [buffer.contents.uninit], [view.descriptor]; spec/safety.md: [heap.use],
// [heap.free.twice], [heap.free.invalid], [safety.oob]; spec/abi.md:
// [abi.args.not_owned].
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Support/ViewArith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"

using namespace mlir;

namespace dealloc {

MemRefDesc Machine::layoutFor(MemRefType t, ArrayRef<int64_t> dynSizes,
                              unsigned buffer, int64_t aligned) {
  MemRefDesc d;
  d.buffer = buffer;
  d.aligned = aligned;
  view::Concrete c;
  view::layout(c, t, dynSizes, d);
  return d;
}

int64_t Machine::extentBytes(MemRefType t, const MemRefDesc &d) {
  // Computed in wide arithmetic: absurd static shapes saturate (and are then
  // rejected by the size limit) instead of overflowing.
  __int128 last = d.offset;
  for (auto [s, st] : llvm::zip(d.sizes, d.strides)) {
    if (s == 0)
      return 0;
    last += static_cast<__int128>(s - 1) * st;
    if (last > (static_cast<__int128>(1) << 62) || last < 0)
      return INT64_MAX;
  }
  __int128 bytes = (last + 1) * elementBytes(t.getElementType());
  return bytes > INT64_MAX ? INT64_MAX : static_cast<int64_t>(bytes);
}

bool Machine::allocate(BufferKind kind, MemRefType t,
                       ArrayRef<int64_t> dynSizes, int64_t alignment,
                       StringRef origin, Location loc, RtValue &out) {
  for (int64_t s : dynSizes)
    if (s < 0)
      return unknown(StopKind::NegativeSize,
                     "negative allocation size (undefined behaviour)", loc);
  MemRefDesc d = layoutFor(t, dynSizes, 0, 0);
  int64_t bytes = extentBytes(t, d);
  if (bytes > kMaxBufferBytes)
    return unknown(StopKind::BufferLimit,
                   "buffer of " + std::to_string(bytes) +
                       " bytes exceeds the interpreter's limit (1 TiB)",
                   loc);
  Buffer &b = heap.create(kind, bytes, alignment, origin.str(), printLoc(loc));
  d.buffer = b.id;
  d.aligned = b.base;
  recordEvent(current,
              kind == BufferKind::Heap ? "alloc" : bufferKindName(kind), b.id);
  out = RtValue::makeMemRef(std::move(d));
  return true;
}

bool Machine::requireLive(const MemRefDesc &d, Operation *op) {
  const Buffer &b = heap.get(d.buffer);
  if (b.live)
    return true;
  std::string what =
      b.kind == BufferKind::Stack ? "released stack buffer" : "freed buffer";
  return violation(Verdict::UseAfterFree, "[heap.use]",
                   "'" + op->getName().getStringRef().str() + "' accesses " +
                       what + " #" + std::to_string(d.buffer),
                   d.buffer, "use", op->getLoc());
}

bool Machine::elementOffset(const MemRefDesc &d, MemRefType t,
                            ArrayRef<int64_t> indices, Operation *op,
                            int64_t &byteOff) {
  const std::string oob =
      "out-of-bounds access, outside the ownership model ([safety.oob])";
  // Address arithmetic wraps at 64 bits, as the LLVM lowering's
  // `getelementptr` and verify's bit-vectors do (view::Concrete).
  view::Concrete c;
  bool outside;
  uint64_t linear = view::linearIndex(c, d, indices, outside);
  if (outside)
    return unknown(StopKind::OutOfBounds, oob, op->getLoc());
  int64_t eb = elementBytes(t.getElementType());
  const Buffer &b = heap.get(d.buffer);
  byteOff = static_cast<int64_t>(static_cast<uint64_t>(d.aligned) +
                                 linear * static_cast<uint64_t>(eb) -
                                 static_cast<uint64_t>(b.base));
  if (byteOff < 0 || byteOff > b.sizeBytes - eb)
    return unknown(StopKind::OutOfBounds, oob, op->getLoc());
  return true;
}

/// The float of type `elem` whose bit pattern is `bits`.
static double floatOfBits(Type elem, uint64_t bits) {
  if (elem.isF64())
    return llvm::bit_cast<double>(bits);
  if (elem.isF32())
    return llvm::bit_cast<float>(static_cast<uint32_t>(bits));
  llvm::APFloat a(cast<FloatType>(elem).getFloatSemantics(),
                  llvm::APInt(elementBytes(elem) * 8, bits));
  bool lost;
  a.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return a.convertToDouble();
}

/// The bit pattern of `v` as a float of type `elem`.
static uint64_t bitsOfFloat(Type elem, double v) {
  if (elem.isF64())
    return llvm::bit_cast<uint64_t>(v);
  if (elem.isF32())
    return llvm::bit_cast<uint32_t>(static_cast<float>(v));
  llvm::APFloat a(v);
  bool lost;
  a.convert(cast<FloatType>(elem).getFloatSemantics(),
            llvm::APFloat::rmNearestTiesToEven, &lost);
  return a.bitcastToAPInt().getZExtValue();
}

RtValue Machine::loadScalar(unsigned buffer, int64_t byteOff, Type elem) {
  uint64_t bits;
  unsigned n = elementBytes(elem);
  if (!heap.read(buffer, byteOff, n, bits))
    return RtValue::uninit(); // [buffer.contents.uninit]
  // [op.complex.values]: the real part at the lower address.
  if (Type part = complexPartType(elem)) {
    unsigned pw = elementBytes(part) * 8;
    return RtValue::makeComplex(floatOfBits(part, bits & ((1ull << pw) - 1)),
                                floatOfBits(part, bits >> pw));
  }
  if (unsigned w = intWidth(elem))
    return RtValue::makeInt(
        llvm::APInt(w, bits, false, /*implicitTrunc=*/true));
  return RtValue::makeFloat(floatOfBits(elem, bits));
}

void Machine::storeScalar(unsigned buffer, int64_t byteOff, Type elem,
                          const RtValue &v) {
  unsigned n = elementBytes(elem);
  Type part = complexPartType(elem);
  if (part ? v.kind != RtValue::Vector
           : v.kind != RtValue::Int && v.kind != RtValue::Float) {
    heap.write(buffer, byteOff, n, 0, false);
    return;
  }
  uint64_t bits = 0;
  if (part) // [op.complex.values]: the real part at the lower address
    bits = bitsOfFloat(part, v.lanes[0].f) | bitsOfFloat(part, v.lanes[1].f)
                                                 << (elementBytes(part) * 8);
  else if (intWidth(elem))
    bits = v.i.getZExtValue();
  else
    bits = bitsOfFloat(elem, v.f);
  heap.write(buffer, byteOff, n, bits, true);
}

bool Machine::copyView(const MemRefDesc &src, MemRefType srcType,
                       const MemRefDesc &dst, MemRefType dstType,
                       Operation *op) {
  if (src.sizes != dst.sizes)
    return unknown(
        StopKind::CopyShape,
        "copy between views of different shapes (undefined behaviour)",
        op->getLoc());
  for (int64_t s : src.sizes)
    if (s == 0)
      return true;
  unsigned n = elementBytes(srcType.getElementType());
  // Two contiguous views of distinct buffers and equal element size: one byte
  // range, copied chunk
  // by chunk (lazy contents, [buffer.contents.lazy]); the bounds of the first
  // and last element bound every other.
  auto contiguous = [](const MemRefDesc &d) {
    int64_t expect = 1;
    for (int64_t k = static_cast<int64_t>(d.sizes.size()) - 1; k >= 0; --k) {
      if (d.sizes[k] != 1 && d.strides[k] != expect)
        return false;
      expect *= d.sizes[k];
    }
    return true;
  };
  if (src.buffer != dst.buffer && n == elementBytes(dstType.getElementType()) &&
      contiguous(src) && contiguous(dst)) {
    SmallVector<int64_t, 4> first(src.sizes.size(), 0), last;
    int64_t count = 1;
    for (int64_t s : src.sizes) {
      last.push_back(s - 1);
      count *= s;
    }
    int64_t so, dO, soLast, dOLast;
    if (!elementOffset(src, srcType, first, op, so) ||
        !elementOffset(dst, dstType, first, op, dO) ||
        !elementOffset(src, srcType, last, op, soLast) ||
        !elementOffset(dst, dstType, last, op, dOLast))
      return false;
    heap.copyBytes(dst.buffer, dO, src.buffer, so, count * n);
    return true;
  }
  SmallVector<int64_t, 4> idx(src.sizes.size(), 0);
  while (true) {
    int64_t so, dO;
    if (!elementOffset(src, srcType, idx, op, so) ||
        !elementOffset(dst, dstType, idx, op, dO))
      return false;
    heap.copyBytes(dst.buffer, dO, src.buffer, so, n);
    int64_t k = static_cast<int64_t>(idx.size()) - 1;
    for (; k >= 0; --k) {
      if (++idx[k] < src.sizes[k])
        break;
      idx[k] = 0;
    }
    if (k < 0)
      return true;
  }
}

bool Machine::checkFreeable(unsigned id, Operation *op, StringRef clause) {
  const Buffer &b = heap.get(id);
  std::string opName = op->getName().getStringRef().str();
  auto notOwned = [&]() {
    return violation(Verdict::InvalidFree, "[abi.args.not_owned]",
                     "'" + opName + "' frees buffer #" + std::to_string(id) +
                         ", the buffer of an argument of a public function",
                     id, "invalid_free", op->getLoc());
  };
  if (b.kind == BufferKind::Arg)
    return notOwned();
  if (b.kind != BufferKind::Heap)
    return violation(Verdict::InvalidFree,
                     clause.empty() ? "[heap.free.invalid]" : clause,
                     "'" + opName + "' frees " + bufferKindName(b.kind).str() +
                         " buffer #" + std::to_string(id),
                     id, "invalid_free", op->getLoc());
  if (!b.live)
    return violation(Verdict::DoubleFree,
                     clause.empty() ? "[heap.free.twice]" : clause,
                     "'" + opName + "' frees buffer #" + std::to_string(id) +
                         ", which is already freed",
                     id, "double_free", op->getLoc());
  if (b.borrowed)
    return notOwned();
  return true;
}

bool Machine::freeBuffer(unsigned id, Operation *op, StringRef clause) {
  if (!checkFreeable(id, op, clause))
    return false;
  heap.release(id, printLoc(op->getLoc()));
  recordEvent(op, "free", id);
  return true;
}

} // namespace dealloc
