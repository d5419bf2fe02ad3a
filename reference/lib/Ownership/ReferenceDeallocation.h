//===- ReferenceDeallocation.h - The reference pass on one function -*- C++ -*-===//
//
// The reference deallocation pass is this header, BufferIdentity.h and
//   ReferenceDeallocation.cpp  traversal; where ownership comes from
//   Terminators.cpp            dealloc lists; deallocs before terminators
//   FunctionBoundary.cpp       the function-boundary ABI; rebuilt ops
//   DeallocationState.cpp      what the pass tracks per block; liveness
//   Preconditions.cpp          the inputs it rejects (spec/limitations.md)
// (bench/reference-pass/README.md counts them). Passes.cpp only wraps it as
// an MLIR pass (option, registration) and assembles the pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H
#define DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H

#include "dealloc/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace dealloc {
using namespace mlir;

/// What a block knows about whether it owns the buffer behind a memref value:
///   Uninitialized < Unique(%i1) < Unknown            [own.lattice]
/// Unique(%c) means "the block owns the buffer iff %c is true at run time"
/// ([own.indicator]).
class Ownership {
  enum class State { Uninitialized, Unique, Unknown };
  State state = State::Uninitialized;
  Value indicator;
  Ownership(State state, Value indicator)
      : state(state), indicator(indicator) {}

public:
  Ownership() = default;
  static Ownership unique(Value i) { return {State::Unique, i}; }
  static Ownership unknown() { return {State::Unknown, {}}; }
  bool isUninitialized() const { return state == State::Uninitialized; }
  bool isUnique() const { return state == State::Unique; }
  /// The `i1` indicator; only valid in the Unique state.
  Value getIndicator() const {
    assert(isUnique() && "only a Unique ownership has an indicator");
    return indicator;
  }
  /// [own.join] The least upper bound:
  ///   Uninitialized ⊔ x            = x
  ///   Unique(X) ⊔ Unique(X)         = Unique(X)
  ///   Unique(X) ⊔ Unique(Y), X != Y = Unknown
  ///   Unknown ⊔ x                  = Unknown
  Ownership join(Ownership other) const {
    if (isUninitialized())
      return other;
    if (other.isUninitialized() ||
        (state == other.state && indicator == other.indicator))
      return *this;
    return unknown();
  }
};

inline bool isMemref(Value v) { return isa<BaseMemRefType>(v.getType()); }
inline SmallVector<Value> memrefsOf(ValueRange values) {
  return llvm::to_vector(llvm::make_filter_range(values, isMemref));
}
/// True if `v` is the `i1` constant `value`.
inline bool isConstant(Value v, bool value) {
  return value ? matchPattern(v, m_One()) : matchPattern(v, m_Zero());
}
/// Unique(`false`): the block never owns the buffer.
inline bool isNeverOwned(Ownership own) {
  return own.isUnique() && isConstant(own.getIndicator(), false);
}

/// The blocks of `region` in DFS post-order (every block after its successors
/// unless an edge closes a cycle), from the entry block, then from each block
/// not yet reached, in region order.
SmallVector<Block *> postOrder(Region &region);

/// spec/limitations.md: emits the first violated limitation in `func` as an
/// error at the op that violates it and fails, before any IR is changed.
LogicalResult checkPreconditions(FunctionOpInterface func);

/// The pass: every function with a body nested in `op`, in walk order, until
/// one fails.
LogicalResult deallocateFunctions(Operation *op,
                                  ReferenceDeallocationOptions options);

/// What the pass tracks in one function (DeallocationState.cpp).
class DeallocationState {
public:
  explicit DeallocationState(FunctionOpInterface func);
  ~DeallocationState();

  /// [own.indicator] The ownership of `memref` in `block`; `false` for a value
  /// of an enclosing region ([own.live.outer]).
  Ownership getOwnership(Value memref, Block *block);
  void setOwnership(Value memref, Ownership own, Block *block) {
    ownership[{memref, block}] = own;
  }
  /// [own.dealloc.list] Appends `memref` to the dealloc list of `block` (once).
  void addToDeallocList(Value memref, Block *block) {
    deallocLists[block].insert(memref);
  }
  ArrayRef<Value> getDeallocList(Block *block) {
    return deallocLists[block].getArrayRef();
  }
  /// Unique(`indicator`) in `block`, and `memref` joins its dealloc list.
  void setOwned(Value memref, Value indicator, Block *block) {
    setOwnership(memref, Ownership::unique(indicator), block);
    addToDeallocList(memref, block);
  }
  /// Unique(`false`) in `block`: never freed there.
  void setNotOwned(Value memref, Block *block) {
    setOwnership(memref, Ownership::unique(getBool(false)), block);
  }

  /// [own.live] The memrefs live at the start of `block` and defined in
  /// another block of its region, in definition order.
  SmallVector<Value> getLiveIn(Block *block) const;

  /// The `i1` constant `value`, created once at the start of the function
  /// (and erased when the state dies if no rule used it).
  Value getBool(bool value);

  /// Replaces `oldOp` by the leading results of `newOp`. `oldOp` stays
  /// allocated until the state dies, so liveness sets that name its results
  /// still resolve to the new ones.
  void replaceOp(Operation *oldOp, Operation *newOp);

private:
  void computeLiveness(Region &region);

  FunctionOpInterface func;
  DenseMap<std::pair<Value, Block *>, Ownership> ownership;
  DenseMap<Block *, llvm::SetVector<Value>> deallocLists;
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
  bool hasDynamicOwnership(Operation *funcOp) const;
  LogicalResult processRegion(Region &region);
  LogicalResult processBlock(Block &block);
  LogicalResult processOp(Operation *op);
  void takeArgumentOwnership(Block &block);
  Operation *handleCall(CallOpInterface call);
  Operation *handleRegionBranchOp(RegionBranchOpInterface op);
  LogicalResult handleReturnLike(Operation *op);
  LogicalResult handleBranch(BranchOpInterface op);
  LogicalResult handleOpaqueTerminator(Operation *op);
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
