//===- Ownership.h - Ownership indicators and their lattice -----*- C++ -*-===//
//
// [own.indicator], [own.lattice], [own.join] in spec/ownership.md.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_OWNERSHIP_H
#define DEALLOC_OWNERSHIP_OWNERSHIP_H

#include "mlir/IR/Value.h"

#include <cassert>

namespace dealloc {

/// What a block knows about whether it owns the buffer behind a memref value:
///   Uninitialized < Unique(%i1) < Unknown            [own.lattice]
/// Unique(%c) means "the block owns the buffer iff %c is true at run time".
class Ownership {
public:
  Ownership() = default;
  static Ownership unique(mlir::Value indicator) {
    return Ownership(State::Unique, indicator);
  }
  static Ownership unknown() { return Ownership(State::Unknown, {}); }

  bool isUninitialized() const { return state == State::Uninitialized; }
  bool isUnique() const { return state == State::Unique; }
  bool isUnknown() const { return state == State::Unknown; }
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
    if (other.isUninitialized() || *this == other)
      return *this;
    return unknown();
  }

  bool operator==(const Ownership &other) const {
    return state == other.state && indicator == other.indicator;
  }

private:
  enum class State { Uninitialized, Unique, Unknown };
  Ownership(State state, mlir::Value indicator)
      : state(state), indicator(indicator) {}

  State state = State::Uninitialized;
  mlir::Value indicator;
};

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_OWNERSHIP_H
