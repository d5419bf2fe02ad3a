//===- ReferenceDeallocation.h - The reference pass on one function -*- C++
//-*-===//
// The pass is this header, ReferenceDeallocation.cpp (traversal; where
// ownership comes from), Terminators.cpp (deallocs before terminators),
// FunctionBoundary.cpp (the ABI; rebuilt ops), DeallocationState.cpp (what it
// tracks; liveness), Preconditions.cpp (rejected inputs); Passes.cpp wraps it.
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H
#define DEALLOC_OWNERSHIP_REFERENCEDEALLOCATION_H

#include "dealloc/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
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
  Ownership(State s, Value i) : state(s), indicator(i) {}

public:
  Ownership() = default;
  static Ownership unique(Value i) { return {State::Unique, i}; }
  static Ownership unknown() { return {State::Unknown, {}}; }
  bool isUninitialized() const { return state == State::Uninitialized; }
  bool isUnique() const { return state == State::Unique; }
  /// The `i1` indicator; only valid in the Unique state.
  Value getIndicator() const { return indicator; }
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

/// The value a chain of views starts from (ViewLikeOpInterface ops with one
/// result, and the base buffer of memref.extract_strided_metadata): it views
/// the same buffer as `v`. Shared with [own.pipeline.split].
inline Value viewRoot(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>()) {
    if (view->getNumResults() != 1 &&
        view->getName().getStringRef() != "memref.extract_strided_metadata")
      break;
    v = view.getViewSource();
  }
  return v;
}

/// True if `v` is a fresh buffer: a result with an Allocate effect
/// ([own.alloc]), or a memref result of a call to a public function or a
/// declaration, which the ABI makes distinct from the call's other results and
/// from every buffer that existed before the call ([abi.call.results]). Two
/// different values this accepts view distinct buffers. Shared with
/// [own.pipeline.split].
inline bool isFreshBuffer(Value v, SymbolTableCollection &symbols) {
  if (auto effects = v.getDefiningOp<MemoryEffectOpInterface>())
    if (effects.getEffectOnValue<MemoryEffects::Allocate>(v))
      return true;
  auto call = v.getDefiningOp<CallOpInterface>();
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call ? call.resolveCallableInTable(&symbols) : nullptr);
  return callee && (callee.isPublic() || callee.isExternal());
}

/// The blocks of `region` in DFS post-order (a block after its successors
/// unless an edge closes a cycle) from the entry, then from each unreached one.
SmallVector<Block *> postOrder(Region &region);

/// spec/limitations.md: emits the first violated limitation in `func` as an
/// error at the op that violates it and fails, before any IR is changed.
LogicalResult checkPreconditions(FunctionOpInterface func);

/// The pass on each function with a body in `op`, in order, until one fails.
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

  /// Replaces `oldOp` by the leading results of `newOp`; liveness sets that
  /// name its results resolve to the new ones (it is freed with the state).
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
  ReferenceDeallocation(FunctionOpInterface f, SymbolTableCollection &s,
                        ReferenceDeallocationOptions o)
      : func(f), symbols(s), options(o), state(f) {}
  LogicalResult run();

private:
  bool hasDynamicOwnership(Operation *funcOp) const;
  LogicalResult processRegion(Region &region);
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
