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
public:
  enum class State { Uninitialized, Unique, Unknown };

  Ownership() = default;
  static Ownership unique(mlir::Value indicator) {
    Ownership o;
    o.state = State::Unique;
    o.indicator = indicator;
    return o;
  }
  static Ownership unknown() {
    Ownership o;
    o.state = State::Unknown;
    return o;
  }

  bool isUninitialized() const { return state == State::Uninitialized; }
  bool isUnique() const { return state == State::Unique; }
  bool isUnknown() const { return state == State::Unknown; }
  /// The `i1` indicator; only valid in the Unique state.
  mlir::Value getIndicator() const;

  /// The least upper bound of `this` and `other` ([own.join]).
  Ownership join(Ownership other) const;

  bool operator==(const Ownership &other) const {
    return state == other.state && indicator == other.indicator;
  }

private:
  State state = State::Uninitialized;
  mlir::Value indicator;
};

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_OWNERSHIP_H
