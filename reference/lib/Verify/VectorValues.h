//===- VectorValues.h - Vector values made outside vector ops ---*- C++ -*-===//
//
// Internal to DeallocVerify: spec/vector.md [op.vector.values] at function
// boundaries (VectorEncoder.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_VECTORVALUES_H
#define DEALLOC_LIB_VERIFY_VECTORVALUES_H

#include "Encoder.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace dealloc::verify {

/// [abi.external]: the vector value of type `vt` whose lane k is `lane(k)`
/// (a Bool or BV value of the element type), every lane initialized.
SymValue vectorOfLanes(Encoder &E, mlir::VectorType vt,
                       llvm::function_ref<SymValue(int64_t)> lane);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_VECTORVALUES_H
