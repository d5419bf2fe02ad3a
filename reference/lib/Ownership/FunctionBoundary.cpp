//===- FunctionBoundary.cpp - The function-boundary ABI; rebuilt ops -----===//
#include "ReferenceDeallocation.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace dealloc;

/// The copy a boundary return makes when `cond` says so (`cloneWhen`) or
/// does not (`!cloneWhen`): `scf.if %cond` yielding `value` or its clone.
static Value cloneIf(OpBuilder &b, Location loc, Value cond, Value value,
                     bool cloneWhen) {
  auto yield = [&](bool clone) {
    return [=](OpBuilder &nb, Location l) {
      Value v = clone ? bufferization::CloneOp::create(nb, l, value) : value;
      scf::YieldOp::create(nb, l, v);
    };
  };
  return scf::IfOp::create(b, loc, cond, yield(cloneWhen), yield(!cloneWhen))
      .getResult(0);
}

/// [own.materialize] A memref whose ownership is Unknown is replaced by a
/// clone, which the block owns:
///
///   (ownership(%v) = Unknown)   =>   %c = bufferization.clone %v
///                                    ownership(%c) = %true, dealloc list += %c
/// Returns the memref to use and its indicator.
static std::pair<Value, Value> materializeUnique(DeallocationState &state,
                                                 OpBuilder &b, Value memref) {
  Ownership own = state.getOwnership(memref, b.getInsertionBlock());
  if (own.isUnique())
    return {memref, own.getIndicator()};
  Value clone = bufferization::CloneOp::create(b, memref.getLoc(), memref);
  state.setOwned(clone, state.getBool(true), b.getInsertionBlock());
  return {clone, state.getBool(true)};
}

/// [own.boundary.owned] A memref returned across the function boundary must be
/// owned by the block, so a heap buffer that is no argument's
/// ([abi.results.owned], [abi.results.no_arg_alias], [abi.results.heap]);
/// unless its ownership is `true`, it is copied when not owned at run time:
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
  auto [value, indicator] = materializeUnique(state, b, memref);
  if (isConstant(indicator, true))
    return value;
  Location loc = memref.getLoc();
  Value owned = isConstant(indicator, false)
                    ? bufferization::CloneOp::create(b, loc, value)
                    : cloneIf(b, loc, indicator, value, /*cloneWhen=*/false);
  state.setOwned(owned, state.getBool(true), b.getInsertionBlock());
  return owned;
}

/// [own.boundary.distinct] Two memref results of a boundary return must not
/// share a buffer ([abi.results.distinct]). Result i is copied if it views the
/// buffer of a result j < i: always when both view the same value, never when
/// both view different fresh buffers (allocations, results of calls under the
/// ABI, [abi.call.results]), otherwise when their aligned pointers are equal:
///
///   return %a, %a        =>   %c = bufferization.clone %a ; return %a, %c
///   return %x, %y        =>   %px = memref.extract_aligned_pointer_as_index %x
///                             %py = memref.extract_aligned_pointer_as_index %y
///                             %eq = arith.cmpi eq, %py, %px
///                             %y2 = scf.if %eq { clone %y } else { %y }
///                             return %x, %y2
void ReferenceDeallocation::makeResultsDistinct(OpBuilder &b,
                                                Operation *returnOp) {
  SmallVector<Value> earlier;
  for (OpOperand &operand : returnOp->getOpOperands()) {
    Value value = operand.get(), root = viewRoot(value), pointer, same;
    if (!isMemref(value))
      continue;
    Location loc = value.getLoc();
    auto pointerOf = [&](Value m) {
      return memref::ExtractAlignedPointerAsIndexOp::create(b, loc, m);
    };
    bool mustAlias = llvm::any_of(
        earlier, [&](Value other) { return viewRoot(other) == root; });
    for (Value other : earlier) {
      if (mustAlias || (isFreshBuffer(root, symbols) &&
                        isFreshBuffer(viewRoot(other), symbols)))
        continue;
      pointer = pointer ? pointer : pointerOf(value);
      Value eq = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       pointer, pointerOf(other));
      same = same ? arith::OrIOp::create(b, loc, same, eq) : eq;
    }
    if (mustAlias || same) {
      Value distinct = mustAlias
                           ? bufferization::CloneOp::create(b, loc, value)
                           : cloneIf(b, loc, same, value, /*cloneWhen=*/true);
      state.setOwned(distinct, state.getBool(true), returnOp->getBlock());
      operand.set(distinct);
    }
    earlier.push_back(operand.get());
  }
}

/// [own.call.private.dynamic] A private function with dynamic ownership
/// returns one extra `i1` per memref result; its type is updated to match:
///
///   func.func private @f(...) -> memref<2xf32>
///   =>  func.func private @f(...) -> (memref<2xf32>, i1)
void ReferenceDeallocation::updateFunctionSignature() {
  auto type = dyn_cast<FunctionType>(func.getFunctionType());
  if (!hasDynamicOwnership(func) || !type)
    return;
  for (Block &block : func.getFunctionBody())
    if (isa<RegionBranchTerminatorOpInterface>(block.back()))
      return func.setType(FunctionType::get(func->getContext(),
                                            type.getInputs(),
                                            block.back().getOperandTypes()));
}

/// [own.call.private.dynamic], [own.region.op] Rebuilds `op` with one extra
/// `i1` result per memref result, moving its regions; each memref result is
/// owned by the block with the extra result as its indicator.
Operation *ReferenceDeallocation::appendOwnershipResults(Operation *op) {
  SmallVector<Value> memrefs = memrefsOf(op->getResults());
  if (memrefs.empty())
    return op;
  SmallVector<Type> resultTypes(op->getResultTypes());
  resultTypes.append(memrefs.size(), IntegerType::get(op->getContext(), 1));
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), resultTypes, op->getOperands(),
      op->getAttrDictionary(), op->getPropertiesStorage(), op->getSuccessors(),
      op->getNumRegions());
  for (auto [oldRegion, newRegion] :
       llvm::zip(op->getRegions(), newOp->getRegions()))
    newRegion.takeBody(oldRegion);
  OpBuilder(op).insert(newOp);
  state.replaceOp(op, newOp);
  unsigned next = resultTypes.size() - memrefs.size();
  for (Value result : memrefsOf(newOp->getResults()))
    state.setOwned(result, newOp->getResult(next++), newOp->getBlock());
  return newOp;
}
