//===- BufferizationOps.cpp - bufferization.dealloc and .clone ------------===//
//
// Implements spec/bufferization-dealloc.md:
//   [dealloc.free.condition] a distinct buffer among the memref operands is
//     freed iff the disjunction of the conditions of the operands viewing it
//     is true ...
//   [dealloc.retain]         ... and no retained operand views it;
//   [dealloc.free.once]      each such buffer is freed exactly once;
//   [dealloc.results]        result i = disjunction of the conditions of the
//     memref operands viewing the same buffer as retained operand i;
//   [dealloc.invalid]        freeing a non-heap or freed buffer through it is
//     an INVALID_FREE / DOUBLE_FREE;
//   [clone.fresh]            clone = a fresh heap buffer with a copy of the
//     contents.
// Conditions that are uninitialized stop the run as UNKNOWN
// ([op.uninit.control]).
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;

namespace dealloc {

bool Machine::execBufferization(Operation *op, Frame &f) {
  if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
    // Distinct buffers in first-appearance order, with the OR of conditions.
    SmallVector<std::pair<unsigned, bool>, 4> buffers;
    SmallVector<unsigned, 4> operandBuffers;
    for (auto [m, c] :
         llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())) {
      bool cond;
      if (!decide(f, c, op, cond))
        return false;
      unsigned id = lookup(f, m).m.buffer;
      operandBuffers.push_back(id);
      auto *it = llvm::find_if(buffers, [&](auto &p) { return p.first == id; });
      if (it == buffers.end())
        buffers.push_back({id, cond});
      else
        it->second = it->second || cond;
    }
    // [dealloc.results]: computed from the operands, before any free.
    SmallVector<RtValue, 4> results;
    SmallVector<unsigned, 4> retainedBuffers;
    for (Value r : dealloc.getRetained()) {
      unsigned rid = lookup(f, r).m.buffer;
      retainedBuffers.push_back(rid);
      bool any = false;
      for (auto [id, c] : llvm::zip(operandBuffers, dealloc.getConditions()))
        if (id == rid && lookup(f, c).isTrue())
          any = true;
      results.push_back(RtValue::makeBool(any));
    }
    // [dealloc.free.condition], [dealloc.retain], [dealloc.free.once]
    for (auto [id, cond] : buffers) {
      if (!cond || llvm::is_contained(retainedBuffers, id))
        continue;
      if (!freeBuffer(id, op, "[dealloc.invalid]"))
        return false;
    }
    for (auto [res, v] : llvm::zip(dealloc.getUpdatedConditions(), results))
      bind(f, res, v);
    return true;
  }
  if (auto clone = dyn_cast<bufferization::CloneOp>(op)) {
    // [clone.fresh]; reading a freed source was rejected by [heap.use].
    MemRefDesc src = lookup(f, clone.getInput()).m;
    // [view.unranked]: an unranked clone has its source's rank.
    MemRefType srcType =
        rankedTypeFor(clone.getInput().getType(), src.sizes.size());
    MemRefType dstType = rankedTypeFor(clone.getType(), src.sizes.size());
    SmallVector<int64_t, 4> dyn;
    for (auto [k, s] : llvm::enumerate(dstType.getShape()))
      if (ShapedType::isDynamic(s))
        dyn.push_back(src.sizes[k]);
    RtValue r;
    if (!allocate(BufferKind::Heap, dstType, dyn, 64, "bufferization.clone",
                  op->getLoc(), r))
      return false;
    if (!copyView(src, srcType, r.m, dstType, op))
      return false;
    bind(f, clone, r);
    return true;
  }
  return notRun(op);
}

} // namespace dealloc
