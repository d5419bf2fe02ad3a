//===- DeallocationState.cpp - What the reference pass tracks -------------===//
#include "ReferenceDeallocation.h"

#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/PostOrderIterator.h"

using namespace dealloc;

SmallVector<Block *> dealloc::postOrder(Region &region) {
  SmallVector<Block *> order;
  SmallPtrSet<Block *, 16> visited;
  for (Block &start : region)
    for (Block *block : llvm::post_order_ext(&start, visited))
      order.push_back(block);
  return order;
}

DeallocationState::DeallocationState(FunctionOpInterface func) : func(func) {
  func->walk([&](Region *region) {
    if (!region->empty() && !region->hasOneBlock())
      computeLiveness(*region);
  });
}

DeallocationState::~DeallocationState() {
  for (Operation *op : replacedOps)
    op->destroy();
  for (Value constant : {trueValue, falseValue})
    if (constant && constant.use_empty())
      constant.getDefiningOp()->erase();
}

/// [own.live] liveIn(B) = uses(B) ∪ ⋃_{S ∈ succ(B)} (liveIn(S) \ defs(B)),
/// restricted to memrefs defined in another block of the region; a use in an
/// op nested in B counts as a use in B. The CFG is acyclic ([limit.loops]),
/// so one backward pass in post-order computes it.
void DeallocationState::computeLiveness(Region &region) {
  DenseMap<Value, unsigned> definitionOrder;
  for (Block &block : region) {
    for (BlockArgument arg : block.getArguments())
      definitionOrder.try_emplace(arg, definitionOrder.size());
    for (Operation &op : block)
      for (Value result : op.getResults())
        definitionOrder.try_emplace(result, definitionOrder.size());
  }
  for (Block *block : postOrder(region)) {
    llvm::SmallDenseSet<Value, 8> live;
    auto addIfLive = [&](Value v) {
      if (isMemref(v) && v.getParentRegion() == &region &&
          v.getParentBlock() != block)
        live.insert(v);
    };
    block->walk(
        [&](Operation *op) { llvm::for_each(op->getOperands(), addIfLive); });
    for (Block *succ : block->getSuccessors())
      llvm::for_each(liveIn.lookup(succ), addIfLive);
    SmallVector<Value, 4> sorted(live.begin(), live.end());
    llvm::sort(sorted, [&](Value a, Value b) {
      return definitionOrder.lookup(a) < definitionOrder.lookup(b);
    });
    liveIn[block] = std::move(sorted);
  }
}

SmallVector<Value> DeallocationState::getLiveIn(Block *block) const {
  return llvm::map_to_vector(liveIn.lookup(block), [&](Value v) {
    while (Value next = replacements.lookup(v))
      v = next;
    return v;
  });
}

Ownership DeallocationState::getOwnership(Value memref, Block *block) {
  if (memref.getParentRegion() != block->getParent() &&
      memref.getParentRegion()->isProperAncestor(block->getParent()))
    return Ownership::unique(getBool(false));
  return ownership.lookup({memref, block});
}

Value DeallocationState::getBool(bool value) {
  Value &cached = value ? trueValue : falseValue;
  if (!cached) {
    OpBuilder b = OpBuilder::atBlockBegin(&func.getFunctionBody().front());
    cached = arith::ConstantOp::create(b, func->getLoc(), b.getBoolAttr(value));
  }
  return cached;
}

void DeallocationState::replaceOp(Operation *oldOp, Operation *newOp) {
  for (auto [oldResult, newResult] :
       llvm::zip(oldOp->getResults(), newOp->getResults())) {
    oldResult.replaceAllUsesWith(newResult);
    replacements[oldResult] = newResult;
  }
  oldOp->dropAllReferences();
  oldOp->remove();
  replacedOps.push_back(oldOp);
}
