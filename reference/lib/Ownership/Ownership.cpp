//===- Ownership.cpp - The ownership lattice ------------------------------===//
//
// [own.lattice], [own.join] in spec/ownership.md.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Ownership/Ownership.h"

#include <cassert>

using namespace dealloc;

mlir::Value Ownership::getIndicator() const {
  assert(isUnique() && "only a Unique ownership has an indicator");
  return indicator;
}

/// [own.join] The join table:
///   Uninitialized ⊔ x            = x
///   Unique(X) ⊔ Unique(X)         = Unique(X)
///   Unique(X) ⊔ Unique(Y), X != Y = Unknown
///   Unknown ⊔ x                  = Unknown
Ownership Ownership::join(Ownership other) const {
  if (isUninitialized())
    return other;
  if (other.isUninitialized())
    return *this;
  if (isUnique() && other.isUnique() && indicator == other.indicator)
    return *this;
  return unknown();
}
