//===- ReferenceDeallocation.cpp - The ownership algorithm, rule by rule --===//
//
// The reference deallocation pass, spec/ownership.md. Every function below
// implements one clause; its comment shows the IR before and after.
//
// Per function (FunctionOpInterface with a body), after the limitations of
// spec/limitations.md are checked, blocks are visited so that every block comes
// after the blocks that dominate it (the CFG is acyclic, [limit.loops]); nested
// regions are visited right after the op that holds them. Each block
//   1. takes ownership of its live-in memrefs and block arguments,
//   2. tracks the ownership of every memref the ops of the block define,
//   3. ends with `bufferization.dealloc` ops before its terminator that free
//      what the block owns and does not pass on.
//
//===----------------------------------------------------------------------===//
#include "DeallocationState.h"
#include "Preconditions.h"
#include "dealloc/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace dealloc;

namespace {

class ReferenceDeallocation {
public:
  ReferenceDeallocation(FunctionOpInterface func,
                        SymbolTableCollection &symbols,
                        ReferenceDeallocationOptions options)
      : func(func), symbols(symbols), options(options), state(func) {}

  LogicalResult run();

private:
  bool hasDynamicOwnership(Operation *funcOp) const;
  LogicalResult processRegion(Region &region);
  LogicalResult processBlock(Block &block);
  FailureOr<Operation *> processOp(Operation *op);

  // Rules, one per clause.
  void takeLiveInOwnership(Block &block);
  void takeArgumentOwnership(Block &block);
  void handleAllocation(MemoryEffectOpInterface op);
  void handleManualFree(MemoryEffectOpInterface op);
  void handleSelect(arith::SelectOp op);
  Operation *handleCall(CallOpInterface call);
  Operation *handleRegionBranchOp(RegionBranchOpInterface op);
  void handleRemainingResults(Operation *op);
  LogicalResult handleReturnLike(Operation *op);
  LogicalResult handleBranch(BranchOpInterface op);
  LogicalResult handleCondBranch(cf::CondBranchOp op);
  LogicalResult handleOpaqueTerminator(Operation *op);
  void updateFunctionSignature();

  // Helpers.
  std::pair<Value, Value> materializeUnique(OpBuilder &b, Value memref);
  Value materializeOwned(OpBuilder &b, Value memref);
  void makeResultsDistinct(OpBuilder &b, Operation *returnOp);
  LogicalResult collectDeallocList(OpBuilder &b, Block *block,
                                   SmallVectorImpl<Value> &bases,
                                   SmallVectorImpl<Value> &conditions);
  bufferization::DeallocOp createDealloc(OpBuilder &b, Location loc,
                                         ValueRange bases, ValueRange conds,
                                         ValueRange retained);
  Operation *appendResults(Operation *op, TypeRange types);
  Value andValues(OpBuilder &b, Location loc, Value lhs, Value rhs);

  FunctionOpInterface func;
  SymbolTableCollection &symbols;
  ReferenceDeallocationOptions options;
  DeallocationState state;
};

} // namespace

static SmallVector<Value> memrefsOf(ValueRange values) {
  return llvm::to_vector(llvm::make_filter_range(values, isMemref));
}

//===----------------------------------------------------------------------===//
// Traversal
//===----------------------------------------------------------------------===//

/// [own.call.private.dynamic] A function uses dynamic ownership iff the option
/// is set, it is private and it has a body; every other function follows the
/// function-boundary ABI ([own.boundary.abi]).
bool ReferenceDeallocation::hasDynamicOwnership(Operation *funcOp) const {
  auto f = dyn_cast_or_null<FunctionOpInterface>(funcOp);
  return f && options.privateFunctionDynamicOwnership && f.isPrivate() &&
         !f.isExternal();
}

LogicalResult ReferenceDeallocation::run() {
  if (failed(checkPreconditions(func)))
    return failure();
  if (failed(processRegion(func.getFunctionBody())))
    return failure();
  updateFunctionSignature();
  return success();
}

/// Visits the blocks of `region` in reverse post-order (every block after the
/// blocks that dominate it), then any unreachable blocks.
LogicalResult ReferenceDeallocation::processRegion(Region &region) {
  if (region.empty())
    return success();
  SmallVector<Block *> order;
  DenseSet<Block *> visited;
  SmallVector<std::pair<Block *, unsigned>> stack{{&region.front(), 0}};
  visited.insert(&region.front());
  while (!stack.empty()) {
    Block *block = stack.back().first;
    unsigned &next = stack.back().second;
    if (next == block->getNumSuccessors()) {
      order.push_back(block);
      stack.pop_back();
      continue;
    }
    Block *succ = block->getSuccessor(next++);
    if (visited.insert(succ).second)
      stack.push_back({succ, 0});
  }
  std::reverse(order.begin(), order.end());
  for (Block &block : region)
    if (!visited.contains(&block))
      order.push_back(&block);
  for (Block *block : order)
    if (failed(processBlock(*block)))
      return failure();
  return success();
}

LogicalResult ReferenceDeallocation::processBlock(Block &block) {
  takeLiveInOwnership(block);
  takeArgumentOwnership(block);
  for (Operation &op : llvm::make_early_inc_range(block)) {
    FailureOr<Operation *> processed = processOp(&op);
    if (failed(processed))
      return failure();
    for (Region &region : (*processed)->getRegions())
      if (failed(processRegion(region)))
        return failure();
  }
  return success();
}

FailureOr<Operation *> ReferenceDeallocation::processOp(Operation *op) {
  if (auto select = dyn_cast<arith::SelectOp>(op))
    if (isMemref(select.getResult()))
      handleSelect(select);
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    handleManualFree(effects);
    handleAllocation(effects);
  }
  if (auto call = dyn_cast<CallOpInterface>(op))
    op = handleCall(call);
  if (auto regionBranch = dyn_cast<RegionBranchOpInterface>(op))
    op = handleRegionBranchOp(regionBranch);
  if (op->hasTrait<OpTrait::IsTerminator>()) {
    LogicalResult result = success();
    if (auto condBr = dyn_cast<cf::CondBranchOp>(op))
      result = handleCondBranch(condBr);
    else if (auto branch = dyn_cast<BranchOpInterface>(op))
      result = handleBranch(branch);
    else if (isa<RegionBranchTerminatorOpInterface>(op))
      result = handleReturnLike(op);
    else
      result = handleOpaqueTerminator(op);
    if (failed(result))
      return failure();
  }
  handleRemainingResults(op);
  return op;
}

//===----------------------------------------------------------------------===//
// Where ownership comes from
//===----------------------------------------------------------------------===//

/// [own.live.in] A block owns each memref that is live at its start and was
/// defined in another block of the same region exactly as the defining block
/// does after its terminator, and must deallocate it unless it passes it on.
///
///   ^bb0: %a = memref.alloc()  ...  cf.br ^bb1   // dealloc retains %a: %r
///   ^bb1: memref.load %a[...]
///   =>  ^bb1 owns %a with indicator %r and lists %a in its dealloc.
void ReferenceDeallocation::takeLiveInOwnership(Block &block) {
  for (Value value : state.getLiveIn(&block)) {
    state.resetOwnership(value,
                         state.getOwnership(value, value.getParentBlock()),
                         &block);
    state.addToDeallocList(value, &block);
  }
}

/// [own.block.args] Function entry blocks never own their memref arguments
/// ([abi.args.not_owned]). Every other block gets one `i1` argument per memref
/// argument that carries its ownership from the predecessor.
///
///   ^bb1(%m: memref<2xf32>):   =>   ^bb1(%m: memref<2xf32>, %own: i1):
void ReferenceDeallocation::takeArgumentOwnership(Block &block) {
  bool functionEntry = block.getParentOp() == func.getOperation() &&
                       block.isEntryBlock();
  SmallVector<BlockArgument> args(
      llvm::make_filter_range(block.getArguments(), isMemref));
  for (BlockArgument arg : args) {
    if (functionEntry) {
      state.resetOwnership(arg, Ownership::unique(state.getBool(false)),
                           &block);
      continue;
    }
    Value indicator =
        block.addArgument(IntegerType::get(arg.getContext(), 1), arg.getLoc());
    state.resetOwnership(arg, Ownership::unique(indicator), &block);
    state.addToDeallocList(arg, &block);
  }
}

/// [own.alloc] A result with an Allocate effect is owned (`true`) and joins
/// the dealloc list. [own.alloca] Automatic-scope allocations (memref.alloca)
/// are never owned. [own.manual] Allocations marked
/// `bufferization.manual_deallocation` are never owned.
///
///   %a = memref.alloc()    => ownership(%a) = %true, dealloc list += %a
///   %s = memref.alloca()   => ownership(%s) = %false
void ReferenceDeallocation::handleAllocation(MemoryEffectOpInterface op) {
  Block *block = op->getBlock();
  for (Value result : memrefsOf(op->getResults())) {
    auto effect = op.getEffectOnValue<MemoryEffects::Allocate>(result);
    if (!effect)
      continue;
    bool automatic =
        isa<SideEffects::AutomaticAllocationScopeResource>(effect->getResource());
    bool manual =
        op->hasAttr(bufferization::BufferizationDialect::kManualDeallocation);
    if (automatic || manual) {
      state.resetOwnership(result, Ownership::unique(state.getBool(false)),
                           block);
      continue;
    }
    state.resetOwnership(result, Ownership::unique(state.getBool(true)), block);
    state.addToDeallocList(result, block);
  }
}

/// [own.manual] A free under manual deallocation is kept; the block must not
/// own what it frees, checked at run time when ownership is known:
///
///   memref.dealloc %m {bufferization.manual_deallocation}
///   =>  %n = arith.xori %own_m, %true
///       cf.assert %n, "expected that the block does not have ownership"
///       memref.dealloc %m {bufferization.manual_deallocation}
void ReferenceDeallocation::handleManualFree(MemoryEffectOpInterface op) {
  for (Value operand : memrefsOf(op->getOperands())) {
    if (!op.getEffectOnValue<MemoryEffects::Free>(operand))
      continue;
    Ownership own = state.getOwnership(operand, op->getBlock());
    if (!own.isUnique() || state.isConstant(own.getIndicator(), false))
      continue;
    OpBuilder b(op);
    Value notOwned = arith::XOrIOp::create(b, op.getLoc(), own.getIndicator(),
                                           state.getBool(true));
    cf::AssertOp::create(b, op.getLoc(), notOwned,
                         "expected that the block does not have ownership");
  }
}

/// [own.select] `arith.select` picks one of two buffers, so it picks one of
/// two indicators:
///
///   %s = arith.select %c, %a, %b
///   =>  ownership(%s) = arith.select %c, %own_a, %own_b
/// If either side's ownership is Unknown, so is the result's.
void ReferenceDeallocation::handleSelect(arith::SelectOp op) {
  Block *block = op->getBlock();
  Ownership t = state.getOwnership(op.getTrueValue(), block);
  Ownership f = state.getOwnership(op.getFalseValue(), block);
  if (!t.isUnique() || !f.isUnique()) {
    state.resetOwnership(op.getResult(), Ownership::unknown(), block);
    return;
  }
  Value indicator = t.getIndicator();
  if (t.getIndicator() != f.getIndicator()) {
    OpBuilder b(op);
    indicator = arith::SelectOp::create(b, op.getLoc(), op.getCondition(),
                                        t.getIndicator(), f.getIndicator());
  }
  state.resetOwnership(op.getResult(), Ownership::unique(indicator), block);
}

/// [own.call.abi] A call to a public function, a declaration or an unknown
/// callee returns owned buffers ([abi.results.owned]): its memref results are
/// owned (`true`) and join the dealloc list. The caller keeps ownership of
/// what it passes ([abi.args.not_owned]).
///
/// [own.call.private.dynamic] With private-function-dynamic-ownership, a call
/// to a private function with a body gets one `i1` result per memref result,
/// the callee's ownership indicator for it ([abi.private]):
///
///   %r = call @priv(%a)   =>   %r:2 = call @priv(%a) : (...) -> (memref, i1)
///                              ownership(%r#0) = %r#1, dealloc list += %r#0
Operation *ReferenceDeallocation::handleCall(CallOpInterface call) {
  Operation *callee = call.resolveCallableInTable(&symbols);
  Block *block = call->getBlock();
  Operation *op = call.getOperation();
  if (!hasDynamicOwnership(callee)) {
    for (Value result : memrefsOf(op->getResults())) {
      state.resetOwnership(result, Ownership::unique(state.getBool(true)),
                           block);
      state.addToDeallocList(result, block);
    }
    return op;
  }
  unsigned numMemrefs = memrefsOf(op->getResults()).size();
  if (numMemrefs == 0)
    return op;
  unsigned next = op->getNumResults();
  Operation *newOp = appendResults(
      op, SmallVector<Type>(numMemrefs, IntegerType::get(op->getContext(), 1)));
  for (Value result : memrefsOf(newOp->getResults())) {
    state.resetOwnership(result, Ownership::unique(newOp->getResult(next++)),
                         block);
    state.addToDeallocList(result, block);
  }
  return newOp;
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
/// Extra operands, block arguments, yielded values and results are appended at
/// the end, in memref order ([limit.region.append]).
Operation *
ReferenceDeallocation::handleRegionBranchOp(RegionBranchOpInterface op) {
  SmallVector<RegionSuccessor> successors;
  op.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  unsigned numMemrefOperands = 0;
  for (RegionSuccessor &successor : successors) {
    if (successor.isParent())
      continue;
    numMemrefOperands =
        memrefsOf(op.getEntrySuccessorOperands(successor)).size();
    break;
  }
  op->insertOperands(op->getNumOperands(),
                     SmallVector<Value>(numMemrefOperands, state.getBool(false)));

  unsigned numMemrefResults = memrefsOf(op->getResults()).size();
  if (numMemrefResults == 0)
    return op;
  unsigned next = op->getNumResults();
  Operation *newOp =
      appendResults(op, SmallVector<Type>(numMemrefResults,
                                          IntegerType::get(op->getContext(), 1)));
  for (Value result : memrefsOf(newOp->getResults())) {
    state.resetOwnership(result, Ownership::unique(newOp->getResult(next++)),
                         newOp->getBlock());
    state.addToDeallocList(result, newOp->getBlock());
  }
  return newOp;
}

/// [own.view] A memref result that no rule above gave an ownership may view
/// any of the op's memref operands (subview, cast, reinterpret_cast,
/// expand/collapse_shape, view, extract_strided_metadata, ...): its ownership
/// is the join of theirs. It is not added to the dealloc list; the buffer is
/// freed through the operand it views.
///
///   %v = memref.subview %a[...]   =>   ownership(%v) = ownership(%a)
/// [own.global] With no memref operand (memref.get_global,
/// bufferization.to_buffer, ...) the result is never owned (`false`).
void ReferenceDeallocation::handleRemainingResults(Operation *op) {
  Block *block = op->getBlock();
  SmallVector<Value> operands = memrefsOf(op->getOperands());
  for (Value result : memrefsOf(op->getResults())) {
    if (!state.getOwnership(result, block).isUninitialized())
      continue;
    if (operands.empty()) {
      state.resetOwnership(result, Ownership::unique(state.getBool(false)),
                           block);
      continue;
    }
    for (Value operand : operands)
      state.joinOwnership(result, state.getOwnership(operand, block), block);
  }
}

//===----------------------------------------------------------------------===//
// Where ownership ends: deallocs before terminators
//===----------------------------------------------------------------------===//

/// [own.dealloc.list] The memrefs a block may have to free at its end: its
/// live-in memrefs, its memref arguments (except a function's), and the
/// memrefs its ops allocate or receive with ownership (allocs, clones, call
/// and region-op results), in that order. Each is passed to the dealloc as its
/// base buffer (memref.extract_strided_metadata), with its indicator as
/// condition. Members whose indicator is the constant `false` are left out:
/// they free nothing and add nothing to any result ([dealloc.free.condition],
/// [dealloc.results]).
LogicalResult ReferenceDeallocation::collectDeallocList(
    OpBuilder &b, Block *block, SmallVectorImpl<Value> &bases,
    SmallVectorImpl<Value> &conditions) {
  for (Value memref : state.getDeallocList(block)) {
    Ownership own = state.getOwnership(memref, block);
    if (!own.isUnique())
      return emitError(memref.getLoc(),
                       "MemRef value does not have valid ownership");
    if (state.isConstant(own.getIndicator(), false))
      continue;
    Location loc = memref.getLoc();
    Value ranked = memref;
    if (isa<UnrankedMemRefType>(memref.getType()))
      ranked = memref::ReinterpretCastOp::create(
          b, loc, memref, b.getIndexAttr(0), ArrayRef<OpFoldResult>{},
          ArrayRef<OpFoldResult>{});
    bases.push_back(
        memref::ExtractStridedMetadataOp::create(b, loc, ranked).getBaseBuffer());
    conditions.push_back(own.getIndicator());
  }
  return success();
}

/// Creates the dealloc and makes its updated conditions the new ownership of
/// the retained values in the dealloc's block ([dealloc.results]).
bufferization::DeallocOp
ReferenceDeallocation::createDealloc(OpBuilder &b, Location loc,
                                     ValueRange bases, ValueRange conds,
                                     ValueRange retained) {
  auto dealloc =
      bufferization::DeallocOp::create(b, loc, bases, conds, retained);
  for (auto [value, updated] :
       llvm::zip(retained, dealloc.getUpdatedConditions()))
    state.resetOwnership(value, Ownership::unique(updated), dealloc->getBlock());
  return dealloc;
}

/// [own.retain.return] A return-like terminator (scf.yield, scf.condition,
/// func.return, ...) ends with one dealloc that frees the dealloc list and
/// retains the memrefs it passes on. Outside a function-boundary return, the
/// updated conditions travel with them as extra `i1` operands:
///
///   scf.yield %a       =>  %base = memref.extract_strided_metadata %a
///                          %o = bufferization.dealloc (%base) if (%true)
///                                 retain (%a)
///                          scf.yield %a, %o
/// [own.boundary.abi] At a return of a function without dynamic ownership each
/// memref result is first made owned ([own.boundary.owned]) and distinct from
/// the others ([own.boundary.distinct]); no indicator is returned.
LogicalResult ReferenceDeallocation::handleReturnLike(Operation *op) {
  Operation *parent = op->getParentOp();
  bool boundary = parent == func.getOperation() && !hasDynamicOwnership(parent);
  OpBuilder b(op);
  if (boundary) {
    for (OpOperand &operand : op->getOpOperands())
      if (isMemref(operand.get()))
        operand.set(materializeOwned(b, operand.get()));
    makeResultsDistinct(b, op);
  }
  MutableOperandRange forwarded =
      cast<RegionBranchTerminatorOpInterface>(op).getMutableSuccessorOperands(
          RegionSuccessor(parent, parent->getResults()));
  SmallVector<Value> retained = memrefsOf(OperandRange(forwarded));
  SmallVector<Value> bases, conds;
  if (failed(collectDeallocList(b, op->getBlock(), bases, conds)))
    return failure();
  if (bases.empty() && retained.empty())
    return success();
  auto dealloc = createDealloc(b, op->getLoc(), bases, conds, retained);
  if (!boundary)
    forwarded.append(dealloc.getUpdatedConditions());
  return success();
}

/// [own.retain.branch] A branch with one successor ends its block with one
/// dealloc that retains the memrefs passed as successor operands and the
/// memrefs live at the start of the successor. The updated conditions of the
/// successor operands are appended to them ([own.block.args]):
///
///   cf.br ^bb1(%a : memref<2xf32>)
///   =>  %o = bufferization.dealloc (%base_a) if (%true) retain (%a)
///       cf.br ^bb1(%a, %o : memref<2xf32>, i1)
LogicalResult ReferenceDeallocation::handleBranch(BranchOpInterface op) {
  OpBuilder b(op);
  Block *block = op->getBlock();
  SmallVector<Value> bases, conds;
  if (failed(collectDeallocList(b, block, bases, conds)))
    return failure();
  SuccessorOperands operands = op.getSuccessorOperands(0);
  SmallVector<Value> retained =
      memrefsOf(operands.getForwardedOperands());
  unsigned numForwarded = retained.size();
  llvm::append_range(retained, state.getLiveIn(op->getSuccessor(0)));
  if (bases.empty() && retained.empty())
    return success();
  auto dealloc = createDealloc(b, op.getLoc(), bases, conds, retained);
  operands.append(dealloc.getUpdatedConditions().take_front(numForwarded));
  return success();
}

Value ReferenceDeallocation::andValues(OpBuilder &b, Location loc, Value lhs,
                                       Value rhs) {
  if (state.isConstant(lhs, true))
    return rhs;
  if (state.isConstant(rhs, true))
    return lhs;
  return arith::AndIOp::create(b, loc, lhs, rhs);
}

/// [own.branch.cond] `cf.cond_br %c` ends its block with two deallocs, one per
/// successor, over the same list. The conditions are conjoined with the branch
/// condition taken (`%c`, resp. `not %c`), so at most one of them frees
/// anything; each retains what its successor receives or has live
/// ([own.retain.branch]):
///
///   cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb2
///   =>  %nc = arith.xori %c, %true
///       %o = bufferization.dealloc (%base_a) if (%c) retain (%a)
///       bufferization.dealloc (%base_a) if (%nc)
///       cf.cond_br %c, ^bb1(%a, %o : memref<2xf32>, i1), ^bb2
/// A value retained for either successor gets the ownership
/// `arith.select %c, <true-side result or false>, <false-side result or false>`
/// in the block, which is what the successors that have it live take over.
LogicalResult ReferenceDeallocation::handleCondBranch(cf::CondBranchOp op) {
  OpBuilder b(op);
  Block *block = op->getBlock();
  Location loc = op.getLoc();
  SmallVector<Value> bases, conds;
  if (failed(collectDeallocList(b, block, bases, conds)))
    return failure();
  Value taken[2] = {op.getCondition(), Value()};
  SmallVector<std::pair<Value, Value>> updated[2];
  for (unsigned i = 0; i < 2; ++i) {
    SuccessorOperands operands = op.getSuccessorOperands(i);
    SmallVector<Value> retained = memrefsOf(operands.getForwardedOperands());
    unsigned numForwarded = retained.size();
    llvm::append_range(retained, state.getLiveIn(op->getSuccessor(i)));
    if (bases.empty() && retained.empty())
      continue;
    if (!taken[i])
      taken[i] = arith::XOrIOp::create(b, loc, op.getCondition(),
                                       state.getBool(true));
    SmallVector<Value> branchConds;
    for (Value cond : conds)
      branchConds.push_back(andValues(b, loc, cond, taken[i]));
    auto dealloc =
        bufferization::DeallocOp::create(b, loc, bases, branchConds, retained);
    for (auto [value, cond] :
         llvm::zip(retained, dealloc.getUpdatedConditions()))
      updated[i].push_back({value, cond});
    operands.append(dealloc.getUpdatedConditions().take_front(numForwarded));
  }
  // Ownership in the block after the branch, for successors' live-in values.
  llvm::MapVector<Value, std::pair<Value, Value>> merged;
  for (unsigned i = 0; i < 2; ++i)
    for (auto [value, cond] : updated[i]) {
      auto &entry = merged[value];
      (i == 0 ? entry.first : entry.second) = cond;
    }
  for (auto &[value, sides] : merged) {
    Value t = sides.first ? sides.first : state.getBool(false);
    Value f = sides.second ? sides.second : state.getBool(false);
    Value indicator =
        t == f ? t : arith::SelectOp::create(b, loc, op.getCondition(), t, f);
    state.resetOwnership(value, Ownership::unique(indicator), block);
  }
  return success();
}

/// [own.region.opaque] The terminator of a region of an op without the
/// region-branch interface (allowed when the op has one region and no
/// results, e.g. linalg.generic) passes no memref on: the block frees all it
/// owns.
///
///   linalg.yield %x : f32   =>   bufferization.dealloc (%base_a) if (%true)
///                                linalg.yield %x : f32
LogicalResult ReferenceDeallocation::handleOpaqueTerminator(Operation *op) {
  OpBuilder b(op);
  SmallVector<Value> bases, conds;
  if (failed(collectDeallocList(b, op->getBlock(), bases, conds)))
    return failure();
  if (!bases.empty())
    bufferization::DeallocOp::create(b, op->getLoc(), bases, conds,
                                     ValueRange());
  return success();
}

//===----------------------------------------------------------------------===//
// Function boundary
//===----------------------------------------------------------------------===//

/// [own.materialize] A memref whose ownership is Unknown is replaced by a
/// clone, which the block owns:
///
///   (ownership(%v) = Unknown)   =>   %c = bufferization.clone %v
///                                    ownership(%c) = %true, dealloc list += %c
/// Returns the memref to use and its indicator.
std::pair<Value, Value>
ReferenceDeallocation::materializeUnique(OpBuilder &b, Value memref) {
  Block *block = b.getInsertionBlock();
  Ownership own = state.getOwnership(memref, block);
  if (own.isUnique())
    return {memref, own.getIndicator()};
  Value clone = bufferization::CloneOp::create(b, memref.getLoc(), memref);
  state.resetOwnership(clone, Ownership::unique(state.getBool(true)), block);
  state.addToDeallocList(clone, block);
  return {clone, state.getBool(true)};
}

/// [own.boundary.owned] A memref returned across the function boundary must be
/// owned by the returning block, which makes it a heap buffer that is not an
/// argument's ([abi.results.owned], [abi.results.no_arg_alias],
/// [abi.results.heap]). If ownership is not statically `true`, copy when it is
/// not owned at run time:
///
///   return %v          =>   %r = scf.if %own_v -> memref<2xf32> {
///                               scf.yield %v
///                             } else {
///                               %c = bufferization.clone %v
///                               scf.yield %c
///                             }
///                           return %r     // ownership(%r) = %true
/// A statically unowned value (`false`) is cloned unconditionally.
Value ReferenceDeallocation::materializeOwned(OpBuilder &b, Value memref) {
  Block *block = b.getInsertionBlock();
  auto [value, indicator] = materializeUnique(b, memref);
  if (state.isConstant(indicator, true))
    return value;
  Location loc = memref.getLoc();
  Value owned;
  if (state.isConstant(indicator, false)) {
    owned = bufferization::CloneOp::create(b, loc, value);
  } else {
    owned = scf::IfOp::create(
                b, loc, indicator,
                [&](OpBuilder &nb, Location l) {
                  scf::YieldOp::create(nb, l, value);
                },
                [&](OpBuilder &nb, Location l) {
                  Value clone = bufferization::CloneOp::create(nb, l, value);
                  scf::YieldOp::create(nb, l, clone);
                })
                .getResult(0);
  }
  state.resetOwnership(owned, Ownership::unique(state.getBool(true)), block);
  state.addToDeallocList(owned, block);
  return owned;
}

/// The value a chain of views starts from.
static Value viewRoot(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>()) {
    if (view->getNumResults() != 1 && !isa<memref::ExtractStridedMetadataOp>(view))
      break;
    v = view.getViewSource();
  }
  return v;
}

/// True if `v` is the result of an allocation (a buffer distinct from every
/// other allocation's).
static bool isFreshAllocation(Value v) {
  auto effects = v.getDefiningOp<MemoryEffectOpInterface>();
  return effects && effects.getEffectOnValue<MemoryEffects::Allocate>(v);
}

/// [own.boundary.distinct] Two memref results of a boundary return must not
/// share a buffer ([abi.results.distinct]); upstream does not ensure this (see
/// corpus/ownership/dealloc-boundary-distinct.mlir). Result i is copied if it
/// views the same buffer as an earlier result j < i: always when both are
/// views of the same value, never when both come from different allocations,
/// otherwise when their aligned pointers are equal at run time:
///
///   return %a, %a        =>   %c = bufferization.clone %a ; return %a, %c
///   return %x, %y        =>   %px = memref.extract_aligned_pointer_as_index %x
///                             %py = memref.extract_aligned_pointer_as_index %y
///                             %eq = arith.cmpi eq, %py, %px
///                             %y2 = scf.if %eq { clone %y } else { %y }
///                             return %x, %y2
void ReferenceDeallocation::makeResultsDistinct(OpBuilder &b,
                                                Operation *returnOp) {
  Block *block = returnOp->getBlock();
  SmallVector<OpOperand *> earlier;
  for (OpOperand &operand : returnOp->getOpOperands()) {
    if (!isMemref(operand.get()))
      continue;
    Value value = operand.get();
    Location loc = value.getLoc();
    bool mustAlias = false;
    SmallVector<Value> mayAlias;
    for (OpOperand *prev : earlier) {
      Value other = prev->get();
      Value r1 = viewRoot(value), r2 = viewRoot(other);
      if (r1 == r2)
        mustAlias = true;
      else if (!(isFreshAllocation(r1) && isFreshAllocation(r2)))
        mayAlias.push_back(other);
    }
    earlier.push_back(&operand);
    if (!mustAlias && mayAlias.empty())
      continue;
    Value distinct;
    if (mustAlias) {
      distinct = bufferization::CloneOp::create(b, loc, value);
    } else {
      auto pointer = [&](Value m) {
        return memref::ExtractAlignedPointerAsIndexOp::create(b, loc, m);
      };
      Value p = pointer(value);
      Value same;
      for (Value other : mayAlias) {
        Value eq = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, p,
                                         pointer(other));
        same = same ? arith::OrIOp::create(b, loc, same, eq) : eq;
      }
      distinct = scf::IfOp::create(
                     b, loc, same,
                     [&](OpBuilder &nb, Location l) {
                       Value clone =
                           bufferization::CloneOp::create(nb, l, value);
                       scf::YieldOp::create(nb, l, clone);
                     },
                     [&](OpBuilder &nb, Location l) {
                       scf::YieldOp::create(nb, l, value);
                     })
                     .getResult(0);
    }
    state.resetOwnership(distinct, Ownership::unique(state.getBool(true)),
                         block);
    state.addToDeallocList(distinct, block);
    operand.set(distinct);
  }
}

/// [own.call.private.dynamic] A private function with dynamic ownership
/// returns one extra `i1` per memref result; its type is updated to match.
void ReferenceDeallocation::updateFunctionSignature() {
  if (!hasDynamicOwnership(func))
    return;
  auto type = dyn_cast<FunctionType>(func.getFunctionType());
  if (!type)
    return;
  for (Block &block : func.getFunctionBody()) {
    Operation *terminator = block.getTerminator();
    if (!terminator || !isa<RegionBranchTerminatorOpInterface>(terminator))
      continue;
    func.setType(FunctionType::get(func->getContext(), type.getInputs(),
                                   terminator->getOperandTypes()));
    return;
  }
}

/// Rebuilds `op` with `types` appended to its results, moving its regions.
Operation *ReferenceDeallocation::appendResults(Operation *op,
                                                TypeRange types) {
  SmallVector<Type> resultTypes(op->getResultTypes());
  llvm::append_range(resultTypes, types);
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), resultTypes, op->getOperands(),
      op->getAttrDictionary(), op->getPropertiesStorage(), op->getSuccessors(),
      op->getNumRegions());
  for (auto [oldRegion, newRegion] :
       llvm::zip(op->getRegions(), newOp->getRegions()))
    newRegion.takeBody(oldRegion);
  OpBuilder(op).insert(newOp);
  state.replaceOp(op, newOp);
  return newOp;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct ReferenceDeallocationPass
    : PassWrapper<ReferenceDeallocationPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReferenceDeallocationPass)

  ReferenceDeallocationPass() = default;
  ReferenceDeallocationPass(const ReferenceDeallocationPass &other)
      : PassWrapper(other) {}
  explicit ReferenceDeallocationPass(ReferenceDeallocationOptions options) {
    privateFunctionDynamicOwnership = options.privateFunctionDynamicOwnership;
  }

  StringRef getArgument() const override {
    return "reference-buffer-deallocation";
  }
  StringRef getDescription() const override {
    return "Reference ownership-based buffer deallocation (spec/ownership.md)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect, arith::ArithDialect,
                    memref::MemRefDialect, scf::SCFDialect, cf::ControlFlowDialect>();
  }

  void runOnOperation() override {
    ReferenceDeallocationOptions options;
    options.privateFunctionDynamicOwnership = privateFunctionDynamicOwnership;
    SymbolTableCollection symbols;
    SmallVector<FunctionOpInterface> funcs;
    getOperation()->walk([&](FunctionOpInterface f) {
      if (!f.isExternal())
        funcs.push_back(f);
    });
    for (FunctionOpInterface f : funcs)
      if (failed(ReferenceDeallocation(f, symbols, options).run()))
        return signalPassFailure();
  }

  Option<bool> privateFunctionDynamicOwnership{
      *this, "private-function-dynamic-ownership",
      llvm::cl::desc("Private functions with a body return an extra i1 "
                     "ownership result per memref result instead of following "
                     "the function-boundary ABI ([own.call.private.dynamic])"),
      llvm::cl::init(false)};
};
} // namespace

std::unique_ptr<Pass>
dealloc::createReferenceDeallocationPass(ReferenceDeallocationOptions options) {
  return std::make_unique<ReferenceDeallocationPass>(options);
}
