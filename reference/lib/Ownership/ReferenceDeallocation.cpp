//===- ReferenceDeallocation.cpp - The ownership algorithm, rule by rule --===//
// spec/ownership.md; every function implements one clause, and its comment
// shows the IR before and after. Per function with a body, once the
// limitations (spec/limitations.md) are checked, each block is visited after
// the blocks that dominate it (the CFG is acyclic, [limit.loops]), and nested
// regions right after the op that holds them. Each block
//   1. takes ownership of its live-in memrefs and block arguments,
//   2. tracks the ownership of every memref the ops of the block define,
//   3. ends with `bufferization.dealloc` ops before its terminator that free
//      what the block owns and does not pass on.
//===----------------------------------------------------------------------===//
#include "ReferenceDeallocation.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/PostOrderIterator.h"

using namespace dealloc;

/// [own.live.in] A block owns each memref live at its start and defined in
/// another block of its region as the defining block does after its
/// terminator, and frees it unless it passes it on.
///
///   ^bb0: %a = memref.alloc()  ...  cf.br ^bb1   // dealloc retains %a: %r
///   ^bb1: memref.load %a[...]
///   =>  ^bb1 owns %a with indicator %r and lists %a in its dealloc.
static void takeLiveInOwnership(DeallocationState &state, Block &block) {
  for (Value value : state.getLiveIn(&block)) {
    state.setOwnership(value, state.getOwnership(value, value.getParentBlock()),
                       &block);
    state.addToDeallocList(value, &block);
  }
}

/// [own.block.args] Function entry blocks never own their memref arguments
/// ([abi.args.not_owned]); every other block gets an `i1` argument per memref
/// argument, its ownership passed by the predecessor.
///
///   ^bb1(%m: memref<2xf32>):   =>   ^bb1(%m: memref<2xf32>, %own: i1):
void ReferenceDeallocation::takeArgumentOwnership(Block &block) {
  bool functionEntry =
      block.getParentOp() == func.getOperation() && block.isEntryBlock();
  Type b1 = IntegerType::get(func->getContext(), 1);
  for (Value arg : memrefsOf(block.getArguments()))
    if (functionEntry)
      state.setNotOwned(arg, &block);
    else
      state.setOwned(arg, block.addArgument(b1, arg.getLoc()), &block);
}

/// [own.alloc] A result with an Allocate effect is owned (`true`) and joins
/// the dealloc list; [own.alloca] stack (memref.alloca) and [own.manual]
/// `bufferization.manual_deallocation` allocations are never owned.
///
///   %a = memref.alloc()    => ownership(%a) = %true, dealloc list += %a
///   %s = memref.alloca()   => ownership(%s) = %false
static void handleAllocation(DeallocationState &state,
                             MemoryEffectOpInterface op) {
  bool manual =
      op->hasAttr(bufferization::BufferizationDialect::kManualDeallocation);
  for (Value result : memrefsOf(op->getResults())) {
    auto effect = op.getEffectOnValue<MemoryEffects::Allocate>(result);
    if (!effect)
      continue;
    if (manual || isa<SideEffects::AutomaticAllocationScopeResource>(
                      effect->getResource()))
      state.setNotOwned(result, op->getBlock());
    else
      state.setOwned(result, state.getBool(true), op->getBlock());
  }
}

/// [own.manual] A free under manual deallocation is kept; the block must not
/// own what it frees, checked at run time unless it is statically `false`:
///
///   memref.dealloc %m {bufferization.manual_deallocation}
///   =>  %n = arith.xori %own_m, %true
///       cf.assert %n, "expected that the block does not have ownership"
///       memref.dealloc %m {bufferization.manual_deallocation}
static void handleManualFree(DeallocationState &state,
                             MemoryEffectOpInterface op) {
  for (Value operand : memrefsOf(op->getOperands())) {
    if (!op.getEffectOnValue<MemoryEffects::Free>(operand))
      continue;
    Ownership own = state.getOwnership(operand, op->getBlock());
    if (!own.isUnique() || isNeverOwned(own))
      continue;
    OpBuilder b(op);
    Value notOwned = arith::XOrIOp::create(b, op.getLoc(), own.getIndicator(),
                                           state.getBool(true));
    cf::AssertOp::create(b, op.getLoc(), notOwned,
                         "expected that the block does not have ownership");
  }
}

/// [own.select] `arith.select` picks one of two buffers, so it picks one of
/// two indicators (Unknown if either side is Unknown):
///
///   %s = arith.select %c, %a, %b
///   =>  ownership(%s) = arith.select %c, %own_a, %own_b
static void handleSelect(DeallocationState &state, arith::SelectOp op) {
  Block *block = op->getBlock();
  Ownership t = state.getOwnership(op.getTrueValue(), block);
  Ownership f = state.getOwnership(op.getFalseValue(), block);
  if (!t.isUnique() || !f.isUnique())
    return state.setOwnership(op.getResult(), Ownership::unknown(), block);
  OpBuilder b(op);
  Value indicator = t.getIndicator();
  if (t.getIndicator() != f.getIndicator())
    indicator = arith::SelectOp::create(b, op.getLoc(), op.getCondition(),
                                        t.getIndicator(), f.getIndicator());
  state.setOwnership(op.getResult(), Ownership::unique(indicator), block);
}

/// [own.call.abi] A call to a public function, a declaration or an unknown
/// callee returns owned buffers ([abi.results.owned]): its memref results are
/// owned (`true`) and join the dealloc list; the caller keeps what it passes
/// ([abi.args.not_owned]). [own.call.private.dynamic] With the option
/// private-function-dynamic-ownership, a call to a private function with a
/// body gets one `i1` result per memref result, the callee's indicator for it
/// ([abi.private]):
///
///   %r = call @priv(%a)   =>   %r:2 = call @priv(%a) : (...) -> (memref, i1)
///                              ownership(%r#0) = %r#1, dealloc list += %r#0
Operation *ReferenceDeallocation::handleCall(CallOpInterface call) {
  if (hasDynamicOwnership(call.resolveCallableInTable(&symbols)))
    return appendOwnershipResults(call);
  for (Value result : memrefsOf(call->getResults()))
    state.setOwned(result, state.getBool(true), call->getBlock());
  return call;
}

/// [own.region.segments] Inserts `values` before operand `pos` of `op`; if
/// `op` has sized operand segments, the segment that ends at `pos` grows.
static void insertEntryOperands(Operation *op, unsigned pos,
                                ValueRange values) {
  op->insertOperands(pos, values);
  if (!op->hasTrait<OpTrait::AttrSizedOperandSegments>())
    return;
  StringRef name =
      OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr();
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
      op->getInherentAttr(name).value_or(Attribute()));
  if (!sizes)
    return;
  SmallVector<int32_t> grown(sizes.asArrayRef());
  unsigned end = 0;
  for (int32_t &size : grown)
    if ((end += size) == pos) {
      size += values.size();
      break;
    }
  op->setInherentAttr(StringAttr::get(op->getContext(), name),
                      DenseI32ArrayAttr::get(op->getContext(), grown));
}

/// [own.region.op] A region-branch op (scf.if/for/while/execute_region/
/// index_switch, ...) never passes ownership into its regions: each memref
/// entry operand gets a `false` indicator operand. It returns ownership with
/// each memref result as an extra `i1` result, which the parent block owns:
///
///   %r = scf.for ... iter_args(%x = %a) -> memref<2xf32>
///   =>  %r:2 = scf.for ... iter_args(%x = %a, %ox = %false)
///                -> (memref<2xf32>, i1)
///       ownership(%r#0) = %r#1, dealloc list += %r#0
/// Extra operands, arguments, yielded values and results are appended in
/// memref order ([limit.region.append]). [own.region.segments] The extra
/// operands follow the entry operands; an op with sized operand segments
/// (affine.for: bound operands, then iter_args) counts them in the segment of
/// its last entry operand:
///
///   affine.for ... iter_args(%x = %a)  {operandSegmentSizes = [0, 1, 1]}
///   =>  affine.for ... iter_args(%x = %a, %ox = %false)
///                                       {operandSegmentSizes = [0, 1, 2]}
Operation *
ReferenceDeallocation::handleRegionBranchOp(RegionBranchOpInterface op) {
  SmallVector<RegionSuccessor> successors;
  op.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  auto region = llvm::find_if(successors,
                              [](RegionSuccessor &s) { return !s.isParent(); });
  if (region != successors.end()) {
    OperandRange entryOperands = op.getEntrySuccessorOperands(*region);
    SmallVector<Value> entry = memrefsOf(entryOperands);
    if (!entry.empty())
      insertEntryOperands(
          op, entryOperands.getBeginOperandIndex() + entryOperands.size(),
          SmallVector<Value>(entry.size(), state.getBool(false)));
  }
  return appendOwnershipResults(op);
}

/// [own.view] A memref result that no rule above gave an ownership may view
/// any of the op's memref operands (subview, cast, expand_shape, view, ...):
/// its ownership is the join of theirs, and it does not join the dealloc list
/// (the buffer is freed through the operand it views).
///
///   %v = memref.subview %a[...]   =>   ownership(%v) = ownership(%a)
/// [own.global] With no memref operand (memref.get_global,
/// bufferization.to_buffer, ...) the result is never owned (`false`).
static void handleRemainingResults(DeallocationState &state, Operation *op) {
  Block *block = op->getBlock();
  SmallVector<Value> operands = memrefsOf(op->getOperands());
  for (Value result : memrefsOf(op->getResults())) {
    if (!state.getOwnership(result, block).isUninitialized())
      continue;
    if (operands.empty())
      state.setNotOwned(result, block);
    for (Value operand : operands)
      state.setOwnership(result,
                         state.getOwnership(result, block)
                             .join(state.getOwnership(operand, block)),
                         block);
  }
}

/// [own.call.private.dynamic] A function uses dynamic ownership iff the option
/// is set and it is private with a body; others follow [own.boundary.abi].
bool ReferenceDeallocation::hasDynamicOwnership(Operation *funcOp) const {
  auto f = dyn_cast_or_null<FunctionOpInterface>(funcOp);
  return f && options.privateFunctionDynamicOwnership && f.isPrivate() &&
         !f.isExternal();
}

LogicalResult ReferenceDeallocation::run() {
  if (failed(checkPreconditions(func)) ||
      failed(processRegion(func.getFunctionBody())))
    return failure();
  updateFunctionSignature();
  return success();
}

/// [own.scope]: every `func.func` with a body, wherever it is nested, as
/// upstream's pass visits them; other function-like ops (a transform
/// script's `transform.named_sequence`) and whatever lies outside a
/// `func.func` stay as they are.
LogicalResult dealloc::deallocateFunctions(Operation *op,
                                           ReferenceDeallocationOptions opts) {
  SymbolTableCollection symbols;
  WalkResult result = op->walk([&](func::FuncOp f) {
    if (f.isExternal() ||
        succeeded(ReferenceDeallocation(f, symbols, opts).run()))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Visits the blocks of `region` in reverse post-order (every block after the
/// blocks that dominate it), then the unreachable blocks in region order;
/// each block takes its ownerships, then its ops are visited in order.
LogicalResult ReferenceDeallocation::processRegion(Region &region) {
  if (region.empty())
    return success();
  llvm::ReversePostOrderTraversal<Block *> rpo(&region.front());
  llvm::SetVector<Block *> order(rpo.begin(), rpo.end());
  for (Block &block : region)
    order.insert(&block);
  for (Block *block : order) {
    takeLiveInOwnership(state, *block);
    takeArgumentOwnership(*block);
    for (Operation &op : llvm::make_early_inc_range(*block))
      if (failed(processOp(&op)))
        return failure();
  }
  return success();
}

/// Applies the rules that match `op`, in this order (a rule may rebuild it
/// with extra results), then visits its regions.
LogicalResult ReferenceDeallocation::processOp(Operation *op) {
  if (auto select = dyn_cast<arith::SelectOp>(op))
    if (isMemref(select.getResult()))
      handleSelect(state, select);
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    handleManualFree(state, effects);
    handleAllocation(state, effects);
  }
  if (auto call = dyn_cast<CallOpInterface>(op))
    op = handleCall(call);
  if (auto regionBranch = dyn_cast<RegionBranchOpInterface>(op))
    op = handleRegionBranchOp(regionBranch);
  if (op->hasTrait<OpTrait::IsTerminator>()) {
    auto branch = dyn_cast<BranchOpInterface>(op);
    if (failed(branch ? handleBranch(branch)
               : isa<RegionBranchTerminatorOpInterface>(op)
                   ? handleReturnLike(op)
                   : handleOpaqueTerminator(op)))
      return failure();
  }
  handleRemainingResults(state, op);
  for (Region &region : op->getRegions())
    if (failed(processRegion(region)))
      return failure();
  return success();
}
