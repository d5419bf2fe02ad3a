//===- MemrefLiveness.cpp - Live memrefs at block entries -----------------===//
//
// [own.live] in spec/ownership.md.
//
//===----------------------------------------------------------------------===//
#include "MemrefLiveness.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace dealloc;

static bool isMemref(Value v) { return isa<BaseMemRefType>(v.getType()); }

MemrefLiveness::MemrefLiveness(Operation *root) {
  root->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty() && !region.hasOneBlock())
        computeRegion(region);
  });
}

ArrayRef<Value> MemrefLiveness::liveIn(Block *block) const {
  auto it = liveInSets.find(block);
  if (it == liveInSets.end())
    return {};
  return it->second;
}

/// Blocks of `region` such that every block comes after all its successors
/// (a post-order of the acyclic CFG, unreachable blocks included).
static SmallVector<Block *> postOrder(Region &region) {
  SmallVector<Block *> order;
  DenseSet<Block *> visited;
  for (Block &start : region) {
    if (!visited.insert(&start).second)
      continue;
    // Iterative DFS: (block, next successor index).
    SmallVector<std::pair<Block *, unsigned>> stack{{&start, 0}};
    while (!stack.empty()) {
      auto &[block, next] = stack.back();
      if (next < block->getNumSuccessors()) {
        Block *succ = block->getSuccessor(next++);
        if (visited.insert(succ).second)
          stack.push_back({succ, 0});
        continue;
      }
      order.push_back(block);
      stack.pop_back();
    }
  }
  return order;
}

/// liveIn(B) = uses(B) ∪ ⋃_{S ∈ succ(B)} (liveIn(S) \ defs(B)), restricted to
/// memrefs defined in another block of the same region. A use inside an op
/// nested in B counts as a use in B.
void MemrefLiveness::computeRegion(Region &region) {
  unsigned counter = 0;
  for (Block &block : region) {
    for (BlockArgument arg : block.getArguments())
      if (isMemref(arg))
        definitionOrder[arg] = counter++;
    for (Operation &op : block)
      for (Value result : op.getResults())
        if (isMemref(result))
          definitionOrder[result] = counter++;
  }
  auto definedInRegionOutside = [&](Value v, Block *block) {
    return isMemref(v) && v.getParentRegion() == &region &&
           v.getParentBlock() != block;
  };
  for (Block *block : postOrder(region)) {
    llvm::SmallDenseSet<Value, 8> live;
    block->walk([&](Operation *op) {
      for (Value operand : op->getOperands())
        if (definedInRegionOutside(operand, block))
          live.insert(operand);
    });
    for (Block *succ : block->getSuccessors())
      for (Value v : liveIn(succ))
        if (v.getParentBlock() != block)
          live.insert(v);
    SmallVector<Value, 4> sorted(live.begin(), live.end());
    llvm::sort(sorted, [&](Value a, Value b) {
      return definitionOrder.lookup(a) < definitionOrder.lookup(b);
    });
    liveInSets[block] = std::move(sorted);
  }
}
