//===- Preconditions.cpp - Inputs the reference pass rejects --------------===//
// spec/limitations.md, in its order: (1) [limit.loops], (2)
// [limit.unknown-effects], (3) [limit.existing-dealloc], (4) [limit.free], (5)
// [limit.regions] (except [limit.regions.memref-free]), (6)
// [limit.terminators], (7) [limit.terminators.scalar], (8) [limit.successors],
// (9) [limit.region.append] (assumed). Diagnostics are upstream MLIR 22's (its
// pass run on corpus/limitations/).
//===----------------------------------------------------------------------===//
#include "ReferenceDeallocation.h"

#include "mlir/IR/Iterators.h"

using namespace dealloc;

/// (1) [limit.loops] Loops must be structured: no CFG cycle in any region (in
/// a DFS post-order, an edge that does not lead to an earlier block closes
/// one).
static LogicalResult checkNoUnstructuredLoops(FunctionOpInterface func) {
  WalkResult result = func->walk([&](Region *region) {
    DenseMap<Block *, unsigned> index;
    for (Block *block : postOrder(*region))
      index.try_emplace(block, index.size());
    for (Block &block : *region)
      for (Block *succ : block.getSuccessors())
        if (index.lookup(succ) >= index.lookup(&block))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return func->emitError("Only structured control-flow loops are supported.");
  return success();
}

/// (8) [limit.successors] Of the branches with several successors only
/// `cf.cond_br` is supported; upstream's message depends on memref operands.
static LogicalResult checkBranchSuccessors(Operation *op,
                                           bool forwardsMemrefs) {
  if (!isa<BranchOpInterface>(op) || isa<cf::CondBranchOp>(op) ||
      op->getNumSuccessors() <= 1)
    return success();
  if (forwardsMemrefs)
    return op->emitError(
        "Terminators with more than one successor are not supported!");
  return op->emitError("BranchOpInterface operations with multiple "
                       "successors are not supported yet");
}

/// (5) [limit.regions.memref-free] Whether a memref (ranked or unranked)
/// appears anywhere inside the regions of `op`, at any depth: a block
/// argument, or an operand or result of a nested op. Without one, the regions
/// can neither receive, define nor pass on a buffer.
static bool regionsTouchMemrefs(Operation *op) {
  auto touches = [](Block *block) {
    bool found = llvm::any_of(block->getArguments(), isMemref) ||
                 llvm::any_of(*block, [](Operation &nested) {
                   return llvm::any_of(nested.getOperands(), isMemref) ||
                          llvm::any_of(nested.getResults(), isMemref);
                 });
    return found ? WalkResult::interrupt() : WalkResult::advance();
  };
  return llvm::any_of(op->getRegions(), [&](Region &region) {
    return region.walk(touches).wasInterrupted();
  });
}

/// The limitations (2)-(8) on one op in upstream's order, so that an op
/// violating several gets upstream's diagnostic; (9) is assumed.
static LogicalResult checkOperation(Operation *op) {
  // (3) [limit.existing-dealloc]
  if (isa<bufferization::DeallocOp>(op))
    return op->emitError(
        "No deallocation operations must be present when running this pass!");
  // (2) [limit.unknown-effects] Calls are analysed through their callee.
  if (!isa<MemoryEffectOpInterface>(op) &&
      !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
      !isa<CallOpInterface>(op))
    return op->emitError(
        "ops with unknown memory side effects are not supported");
  // (7) [limit.terminators.scalar] Only ops with memref operands or results
  // are checked further (so is scf.reduce.return, below).
  if (!llvm::any_of(op->getOperands(), isMemref) &&
      !llvm::any_of(op->getResults(), isMemref))
    return checkBranchSuccessors(op, /*forwardsMemrefs=*/false);
  // (4) [limit.free] Frees are accepted only under manual deallocation.
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (effects &&
      !op->hasAttr(bufferization::BufferizationDialect::kManualDeallocation))
    for (Value operand : memrefsOf(op->getOperands()))
      if (effects.getEffectOnValue<MemoryEffects::Free>(operand))
        return op->emitError(
            "memory free side-effect on MemRef value not supported!");
  // (5) [limit.regions], except [limit.regions.memref-free]: regions without
  // any memref are accepted (memref.generic_atomic_rmw).
  if ((op->getNumRegions() > 1 ||
       (op->getNumRegions() == 1 && op->getNumResults() > 0)) &&
      !isa<RegionBranchOpInterface>(op) && regionsTouchMemrefs(op))
    return op->emitError("All operations with attached regions need to "
                         "implement the RegionBranchOpInterface.");
  // (6) [limit.terminators] upstream's model of scf.reduce.return has its own
  // message for the same limitation.
  if (op->getName().getStringRef() == "scf.reduce.return")
    return op->emitError("only supported when operand is not a MemRef");
  if (op->hasTrait<OpTrait::IsTerminator>() &&
      isa<BranchOpInterface>(op) == isa<RegionBranchTerminatorOpInterface>(op))
    return op->emitError(
        "Terminators must implement either BranchOpInterface or "
        "RegionBranchTerminatorOpInterface (but not both)!");
  return checkBranchSuccessors(op, /*forwardsMemrefs=*/true);
}

/// (1) on the whole function first, then (2)-(8) on the ops of each block in
/// upstream's order: the blocks nested in a block's ops before the block, a
/// region's blocks in a DFS from its entry (after their dominators); then,
/// unlike upstream, unreachable blocks ([dev.own.unreachable-blocks]).
LogicalResult dealloc::checkPreconditions(FunctionOpInterface func) {
  if (failed(checkNoUnstructuredLoops(func)))
    return failure();
  DenseSet<Block *> checked;
  auto checkBlock = [&](Block *block) {
    if (checked.insert(block).second)
      for (Operation &op : *block)
        if (failed(checkOperation(&op)))
          return WalkResult::interrupt();
    return WalkResult::advance();
  };
  return failure(
      func->walk<WalkOrder::PostOrder, ForwardDominanceIterator<>>(checkBlock)
          .wasInterrupted() ||
      func->walk(checkBlock).wasInterrupted());
}
