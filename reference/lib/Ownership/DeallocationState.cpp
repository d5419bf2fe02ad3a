//===- DeallocationState.cpp - What the reference pass tracks -------------===//
//
// spec/ownership.md: [own.indicator], [own.dealloc.list], [own.live].
//
//===----------------------------------------------------------------------===//
#include "DeallocationState.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace dealloc;

DeallocationState::DeallocationState(Operation *func)
    : func(func), liveness(func) {}

DeallocationState::~DeallocationState() {
  for (Operation *op : unlinkedOps)
    op->destroy();
}

Ownership DeallocationState::getOwnership(Value memref, Block *block) {
  // [own.live.outer] Captured from an enclosing region: never owned here.
  if (memref.getParentRegion() != block->getParent() &&
      memref.getParentRegion()->isProperAncestor(block->getParent()))
    return Ownership::unique(getBool(false));
  return ownership.lookup({memref, block});
}

void DeallocationState::joinOwnership(Value memref, Ownership o, Block *block) {
  Ownership &entry = ownership[{memref, block}];
  entry = entry.join(o);
}

void DeallocationState::resetOwnership(Value memref, Ownership o,
                                       Block *block) {
  ownership[{memref, block}] = o;
}

void DeallocationState::addToDeallocList(Value memref, Block *block) {
  if (inDeallocList.insert({memref, block}).second)
    deallocLists[block].push_back(memref);
}

ArrayRef<Value> DeallocationState::getDeallocList(Block *block) const {
  auto it = deallocLists.find(block);
  if (it == deallocLists.end())
    return {};
  return it->second;
}

Value DeallocationState::resolve(Value v) const {
  for (auto it = replacements.find(v); it != replacements.end();
       it = replacements.find(v))
    v = it->second;
  return v;
}

SmallVector<Value> DeallocationState::getLiveIn(Block *block) const {
  SmallVector<Value> result;
  for (Value v : liveness.liveIn(block))
    result.push_back(resolve(v));
  return result;
}

Value DeallocationState::getBool(bool value) {
  Value &cached = value ? trueValue : falseValue;
  if (!cached) {
    Block &entry =
        cast<FunctionOpInterface>(func).getFunctionBody().front();
    OpBuilder builder = OpBuilder::atBlockBegin(&entry);
    cached = arith::ConstantOp::create(builder, func->getLoc(),
                                       builder.getBoolAttr(value));
  }
  return cached;
}

bool DeallocationState::isConstant(Value indicator, bool value) const {
  return value ? matchPattern(indicator, m_One())
               : matchPattern(indicator, m_Zero());
}

void DeallocationState::replaceOp(Operation *oldOp, Operation *newOp) {
  for (auto [oldResult, newResult] :
       llvm::zip(oldOp->getResults(), newOp->getResults())) {
    oldResult.replaceAllUsesWith(newResult);
    replacements[oldResult] = newResult;
  }
  oldOp->dropAllReferences();
  oldOp->remove();
  unlinkedOps.push_back(oldOp);
}
