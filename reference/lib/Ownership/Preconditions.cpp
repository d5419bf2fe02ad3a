//===- Preconditions.cpp - Inputs the reference pass rejects --------------===//
//
// spec/limitations.md. Diagnostic strings are upstream MLIR 22's, found by
// running `mlir-opt --ownership-based-buffer-deallocation` on the inputs in
// corpus/limitations/.
//
//===----------------------------------------------------------------------===//
#include "Preconditions.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace dealloc;

static bool isMemref(Value v) { return isa<BaseMemRefType>(v.getType()); }

static bool hasBufferSemantics(Operation *op) {
  return llvm::any_of(op->getOperands(), isMemref) ||
         llvm::any_of(op->getResults(), isMemref);
}

/// True if the CFG of `region` has a cycle (a back edge of a DFS).
static bool hasCycle(Region &region) {
  enum Color { White, Grey, Black };
  DenseMap<Block *, Color> color;
  for (Block &start : region) {
    if (color.lookup(&start) != White)
      continue;
    SmallVector<std::pair<Block *, unsigned>> stack{{&start, 0}};
    color[&start] = Grey;
    while (!stack.empty()) {
      Block *block = stack.back().first;
      unsigned &next = stack.back().second;
      if (next == block->getNumSuccessors()) {
        color[block] = Black;
        stack.pop_back();
        continue;
      }
      Block *succ = block->getSuccessor(next++);
      Color c = color.lookup(succ);
      if (c == Grey)
        return true;
      if (c == White) {
        color[succ] = Grey;
        stack.push_back({succ, 0});
      }
    }
  }
  return false;
}

/// [limit.loops] Loops must be structured: no CFG cycle in any region.
static LogicalResult checkNoUnstructuredLoops(FunctionOpInterface func) {
  WalkResult result = func->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.hasOneBlock() && !region.empty() && hasCycle(region))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return func->emitError("Only structured control-flow loops are supported.");
  return success();
}

/// [limit.successors] Of the terminators with several successors only
/// `cf.cond_br` is supported (its two successors get two deallocs).
static LogicalResult checkBranchSuccessors(Operation *op) {
  if (isa<BranchOpInterface>(op) && !isa<cf::CondBranchOp>(op) &&
      op->getNumSuccessors() > 1)
    return op->emitError("BranchOpInterface operations with multiple "
                         "successors are not supported yet");
  return success();
}

/// [limit.existing-dealloc], [limit.unknown-effects], [limit.regions],
/// [limit.terminators], [limit.successors], [limit.free]: one op.
static LogicalResult checkOperation(Operation *op) {
  // [limit.existing-dealloc]
  if (isa<bufferization::DeallocOp>(op))
    return op->emitError(
        "No deallocation operations must be present when running this pass!");

  // [limit.unknown-effects] Calls are analysed through their callee.
  if (!isa<MemoryEffectOpInterface>(op) &&
      !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
      !isa<CallOpInterface>(op))
    return op->emitError(
        "ops with unknown memory side effects are not supported");

  if (!hasBufferSemantics(op))
    return checkBranchSuccessors(op);

  // [limit.free] Frees are accepted only under manual deallocation.
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
    for (Value operand : op->getOperands())
      if (isMemref(operand) &&
          effects.getEffectOnValue<MemoryEffects::Free>(operand) &&
          !op->hasAttr(bufferization::BufferizationDialect::kManualDeallocation))
        return op->emitError(
            "memory free side-effect on MemRef value not supported!");

  // [limit.regions]
  size_t numRegions = op->getNumRegions();
  if (((numRegions == 1 && op->getNumResults() > 0) || numRegions > 1) &&
      !isa<RegionBranchOpInterface>(op))
    return op->emitError("All operations with attached regions need to "
                         "implement the RegionBranchOpInterface.");

  // [limit.terminators] upstream's model of scf.reduce.return has its own
  // message for the same limitation.
  if (op->getName().getStringRef() == "scf.reduce.return")
    return op->emitError("only supported when operand is not a MemRef");
  if (op->hasTrait<OpTrait::IsTerminator>() &&
      isa<BranchOpInterface>(op) == isa<RegionBranchTerminatorOpInterface>(op))
    return op->emitError(
        "Terminators must implement either BranchOpInterface or "
        "RegionBranchTerminatorOpInterface (but not both)!");

  return checkBranchSuccessors(op);
}

LogicalResult dealloc::checkPreconditions(FunctionOpInterface func) {
  if (failed(checkNoUnstructuredLoops(func)))
    return failure();
  WalkResult result = func.getFunctionBody().walk([&](Operation *op) {
    return failed(checkOperation(op)) ? WalkResult::interrupt()
                                      : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
