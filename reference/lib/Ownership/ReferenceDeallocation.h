//===- ReferenceDeallocation.h - The reference pass on one function -*- C++ -*-===//
//
// Rules of spec/ownership.md, implemented in three files:
//   ReferenceDeallocation.cpp  traversal, where ownership comes from, the pass
//   Terminators.cpp            dealloc lists and deallocs before terminators
//   FunctionBoundary.cpp       function-boundary ABI, rebuilt ops
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H
#define DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H

#include "DeallocationState.h"
#include "dealloc/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace dealloc {
using namespace mlir;

inline SmallVector<Value> memrefsOf(ValueRange values) {
  return llvm::to_vector(llvm::make_filter_range(values, isMemref));
}

} // namespace dealloc

namespace dealloc {

/// The reference pass on one function; see ReferenceDeallocation.cpp.
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
  SmallVector<Value> createDealloc(OpBuilder &b, Location loc,
                                   ValueRange bases, ValueRange conds,
                                   ValueRange retained);
  void updateRetainedOwnership(Block *block, ValueRange retained,
                               ValueRange updated);
  Operation *appendResults(Operation *op, TypeRange types);
  Value andValues(OpBuilder &b, Location loc, Value lhs, Value rhs);

  FunctionOpInterface func;
  SymbolTableCollection &symbols;
  ReferenceDeallocationOptions options;
  DeallocationState state;
};

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H
