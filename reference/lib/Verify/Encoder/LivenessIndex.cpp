//===- LivenessIndex.cpp - Which values are live where --------------------===//
//
// See Verify/Encoder/LivenessIndex.h.
//
//===----------------------------------------------------------------------===//
#include "Encoder/LivenessIndex.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <climits>

using namespace mlir;
using namespace dealloc::verify;

/// The memref and i1 values liveness is asked about.
static bool tracked(Value v) {
  return isa<MemRefType>(v.getType()) || v.getType().isInteger(1);
}

const LivenessIndex::BlockUses &
LivenessIndex::usesIn(Block *b, const LivenessBlockInfo *info) {
  std::unique_ptr<BlockUses> &u = blockUses[b];
  if (u)
    return *u;
  u = std::make_unique<BlockUses>();
  // Positions from 1; 0 stands for "before the first op" (the block's
  // arguments).
  for (BlockArgument a : b->getArguments())
    if (tracked(a))
      u->defined.push_back({0, 0, a});
  unsigned i = 0;
  for (Operation &op : *b) {
    u->position[&op] = ++i;
    for (Value r : op.getResults())
      if (tracked(r))
        u->defined.push_back({i, 0, r});
    // Uses in the op and in the regions it holds are the op's.
    op.walk([&](Operation *user) {
      for (Value v : user->getOperands())
        if (tracked(v)) {
          unsigned &last = u->lastUse[v];
          last = std::max(last, i);
        }
    });
  }
  for (BlockUses::Def &d : u->defined)
    d.end = info && info->isLiveOut(d.v) ? UINT_MAX : u->lastUse.lookup(d.v);
  return *u;
}

std::vector<Value> LivenessIndex::liveAt(Block *b, Operation *after,
                                         bool includeResults) {
  Operation *fn = b->getParentOp();
  while (fn && !isa<func::FuncOp>(fn))
    fn = fn->getParentOp();
  std::unique_ptr<Liveness> &L = liveness[fn];
  if (!L) {
    L = std::make_unique<Liveness>(fn);
    fn->walk<WalkOrder::PreOrder>([&](Block *blk) {
      for (BlockArgument a : blk->getArguments())
        valueOrder.try_emplace(a, valueOrder.size());
      for (Operation &op : *blk)
        for (Value r : op.getResults())
          valueOrder.try_emplace(r, valueOrder.size());
    });
  }
  const LivenessBlockInfo *info = L->getLiveness(b);
  const BlockUses &u = usesIn(b, info);
  unsigned at = after ? u.position.lookup(after) : 0;
  // As Liveness::isDeadAfter: a value is dead after `after` unless it is
  // live out of the block or used by a later op of it.
  auto deadAfter = [&](Value v) {
    return after && !(info && info->isLiveOut(v)) && u.lastUse.lookup(v) <= at;
  };
  std::vector<Value> out;
  llvm::SmallPtrSet<Value, 16> seen;
  for (Value v : L->getLiveIn(b))
    if (tracked(v) && seen.insert(v).second && !deadAfter(v))
      out.push_back(v);
  for (const BlockUses::Def &d : u.defined) {
    if (d.at > at || (d.at == at && after && !includeResults))
      break;
    if ((after && d.end <= at) || (!after && d.v.use_empty()))
      continue;
    out.push_back(d.v);
  }
  llvm::sort(out, [&](Value x, Value y) {
    return valueOrder.lookup(x) < valueOrder.lookup(y);
  });
  return out;
}
