//===- SplitDeallocations.cpp - One dealloc per allocation ----------------===//
//
// --reference-split-deallocations ([own.pipeline.split] in spec/ownership.md):
// splits a `bufferization.dealloc` whose memref operands all view fresh
// buffers (allocations; results of calls under the ABI, [abi.call.results])
// into one dealloc per buffer, each retaining only the retained values that
// may view that buffer. The result of a retained
// value is the disjunction of its results in the parts that retain it
// (`false` if none):
//
//   %r = bufferization.dealloc (%a, %b) if (%ca, %cb) retain (%v)  // %v views
//   %a
//   =>  %r = bufferization.dealloc (%a) if (%ca) retain (%v)
//       bufferization.dealloc (%b) if (%cb)
//
// This preserves [dealloc.free.condition], [dealloc.free.once],
// [dealloc.retain] and [dealloc.results]: no buffer is viewed by operands of
// two parts, and a retained value left out of a part views none of its
// buffers. It keeps the deallocs small, so the quadratic reference lowering
// and upstream's simplification stay fast on large blocks.
//
//===----------------------------------------------------------------------===//
#include "ReferenceDeallocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace dealloc {
#define GEN_PASS_DEF_REFERENCESPLITDEALLOCATIONS
#include "dealloc/Ownership/Passes.h.inc"
} // namespace dealloc
using namespace dealloc;

namespace {

void splitDealloc(bufferization::DeallocOp op, SymbolTableCollection &symbols) {
  // Group the operands by the fresh buffer they view; give up if one does not
  // view a fresh buffer we can see.
  llvm::MapVector<Value, SmallVector<unsigned>> groups;
  for (auto [i, memref] : llvm::enumerate(op.getMemrefs())) {
    Value root = viewRoot(memref);
    if (!isFreshBuffer(root, symbols))
      return;
    groups[root].push_back(i);
  }
  if (groups.size() < 2)
    return;

  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> results(op.getRetained().size());
  for (auto &[root, members] : groups) {
    SmallVector<Value> memrefs, conds, retained;
    SmallVector<unsigned> retainedIndex;
    for (unsigned i : members) {
      memrefs.push_back(op.getMemrefs()[i]);
      conds.push_back(op.getConditions()[i]);
    }
    for (auto [j, value] : llvm::enumerate(op.getRetained())) {
      Value r = viewRoot(value);
      // A retained value that views another fresh buffer cannot view `root`.
      if (r != root && isFreshBuffer(r, symbols))
        continue;
      retained.push_back(value);
      retainedIndex.push_back(j);
    }
    auto part =
        bufferization::DeallocOp::create(b, loc, memrefs, conds, retained);
    for (auto [j, updated] :
         llvm::zip(retainedIndex, part.getUpdatedConditions()))
      results[j] = results[j]
                       ? arith::OrIOp::create(b, loc, results[j], updated)
                       : Value(updated);
  }
  for (Value &result : results)
    if (!result)
      result = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  op->replaceAllUsesWith(results);
  op->erase();
}

struct ReferenceSplitDeallocationsPass
    : dealloc::impl::ReferenceSplitDeallocationsBase<
          ReferenceSplitDeallocationsPass> {
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation()->walk(
        [&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    SymbolTableCollection symbols;
    for (bufferization::DeallocOp op : deallocs)
      splitDealloc(op, symbols);
  }
};

} // namespace
