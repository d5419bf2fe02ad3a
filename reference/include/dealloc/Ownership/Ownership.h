//===- Ownership.h - Ownership indicators and their lattice -----*- C++ -*-===//
//
// [own.indicator], [own.lattice], [own.join] in spec/ownership.md.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_OWNERSHIP_H
#define DEALLOC_OWNERSHIP_OWNERSHIP_H

#include "mlir/IR/Value.h"

namespace dealloc {

/// What a block knows about whether it owns the buffer behind a memref value:
///   Uninitialized < Unique(%i1) < Unknown            [own.lattice]
/// Unique(%c) means "the block owns the buffer iff %c is true at run time".
class Ownership {
  enum class State { Uninitialized, Unique, Unknown };
  State state = State::Uninitialized;
  mlir::Value indicator;
  Ownership(State state, mlir::Value indicator)
      : state(state), indicator(indicator) {}

public:
  Ownership() = default;
  static Ownership unique(mlir::Value i) { return {State::Unique, i}; }
  static Ownership unknown() { return {State::Unknown, {}}; }
  bool isUninitialized() const { return state == State::Uninitialized; }
  bool isUnique() const { return state == State::Unique; }
  /// The `i1` indicator; only valid in the Unique state.
  mlir::Value getIndicator() const {
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

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_OWNERSHIP_H
