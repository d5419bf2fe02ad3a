//===- ReferenceDeallocation.h - The reference pass on one function -*- C++ -*-===//
//
// The rules of spec/ownership.md, one function each, in four files:
//   ReferenceDeallocation.cpp  traversal; where ownership comes from; the pass
//   Terminators.cpp            dealloc lists; deallocs before terminators
//   FunctionBoundary.cpp       the function-boundary ABI; rebuilt ops
//   DeallocationState.cpp      what the pass tracks per block; liveness
// and the inputs it rejects (spec/limitations.md) in Preconditions.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H
#define DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H

#include "dealloc/Ownership/Ownership.h"
#include "dealloc/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace dealloc {
using namespace mlir;

inline bool isMemref(Value v) { return isa<BaseMemRefType>(v.getType()); }
inline SmallVector<Value> memrefsOf(ValueRange values) {
  return llvm::to_vector(llvm::make_filter_range(values, isMemref));
}

/// The blocks of `region` in DFS post-order (every block after its successors
/// unless an edge closes a cycle), starting at the entry block; with
/// `allBlocks`, then from each block not yet reached, in region order.
SmallVector<Block *> postOrder(Region &region, bool allBlocks);

/// spec/limitations.md: emits the first violated limitation in `func` as an
/// error at the op that violates it and fails, before any IR is changed.
LogicalResult checkPreconditions(FunctionOpInterface func);

/// What the pass tracks in one function (DeallocationState.cpp).
class DeallocationState {
public:
  explicit DeallocationState(FunctionOpInterface func);
  ~DeallocationState();

  /// [own.indicator] The ownership of `memref` in `block`; `false` for a value
  /// of an enclosing region ([own.live.outer]).
  Ownership getOwnership(Value memref, Block *block);
  void setOwnership(Value memref, Ownership ownership, Block *block);
  /// [own.dealloc.list] Appends `memref` to the dealloc list of `block` (once).
  void addToDeallocList(Value memref, Block *block);
  /// Unique(`indicator`) in `block`, and `memref` joins its dealloc list.
  void setOwned(Value memref, Value indicator, Block *block);
  /// Unique(`false`) in `block`: never freed there.
  void setNotOwned(Value memref, Block *block);
  ArrayRef<Value> getDeallocList(Block *block) const;

  /// [own.live] The memrefs live at the start of `block` and defined in
  /// another block of its region, in definition order.
  SmallVector<Value> getLiveIn(Block *block) const;

  /// The `i1` constant `value`, created once at the start of the function.
  Value getBool(bool value);
  bool isConstant(Value indicator, bool value) const;

  /// Replaces `oldOp` by the leading results of `newOp`. `oldOp` stays
  /// allocated until the state dies, so liveness sets that name its results
  /// still resolve to the new ones.
  void replaceOp(Operation *oldOp, Operation *newOp);

private:
  void computeLiveness(Region &region);

  FunctionOpInterface func;
  DenseMap<std::pair<Value, Block *>, Ownership> ownership;
  DenseMap<Block *, SmallVector<Value>> deallocLists;
  DenseSet<std::pair<Value, Block *>> listed;
  DenseMap<Block *, SmallVector<Value, 4>> liveIn;
  DenseMap<Value, Value> replacements;
  SmallVector<Operation *> replacedOps;
  Value trueValue, falseValue;
};

/// The reference pass on one function.
class ReferenceDeallocation {
public:
  ReferenceDeallocation(FunctionOpInterface func,
                        SymbolTableCollection &symbols,
                        ReferenceDeallocationOptions options)
      : func(func), symbols(symbols), options(options), state(func) {}

  LogicalResult run();

private:
  // Traversal.
  bool hasDynamicOwnership(Operation *funcOp) const;
  LogicalResult processRegion(Region &region);
  LogicalResult processBlock(Block &block);
  FailureOr<Operation *> processOp(Operation *op);

  // Where ownership comes from.
  void takeLiveInOwnership(Block &block);
  void takeArgumentOwnership(Block &block);
  void handleAllocation(MemoryEffectOpInterface op);
  void handleManualFree(MemoryEffectOpInterface op);
  void handleSelect(arith::SelectOp op);
  Operation *handleCall(CallOpInterface call);
  Operation *handleRegionBranchOp(RegionBranchOpInterface op);
  void handleRemainingResults(Operation *op);

  // Where ownership ends.
  LogicalResult collectDeallocList(OpBuilder &b, Block *block,
                                   SmallVectorImpl<Value> &bases,
                                   SmallVectorImpl<Value> &conditions);
  SmallVector<Value> createDealloc(OpBuilder &b, Location loc,
                                   ValueRange bases, ValueRange conds,
                                   ValueRange retained);
  void updateRetainedOwnership(Block *block, ValueRange retained,
                               ValueRange updated);
  LogicalResult handleReturnLike(Operation *op);
  llvm::MapVector<Value, Value> deallocOnEdge(OpBuilder &b,
                                              BranchOpInterface op,
                                              unsigned successor,
                                              ValueRange bases,
                                              ValueRange conds);
  LogicalResult handleBranch(BranchOpInterface op);
  LogicalResult handleOpaqueTerminator(Operation *op);

  // The function boundary.
  std::pair<Value, Value> materializeUnique(OpBuilder &b, Value memref);
  Value materializeOwned(OpBuilder &b, Value memref);
  void makeResultsDistinct(OpBuilder &b, Operation *returnOp);
  void updateFunctionSignature();
  Operation *appendOwnershipResults(Operation *op);

  FunctionOpInterface func;
  SymbolTableCollection &symbols;
  ReferenceDeallocationOptions options;
  DeallocationState state;
};

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H
