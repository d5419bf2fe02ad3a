//===- VectorValues.h - Vector values made outside vector ops ---*- C++ -*-===//
//
// Internal to DeallocVerify: spec/vector.md [op.vector.values] at function
// boundaries (Verify/Ops/VectorOps.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_VECTORVALUES_H
#define DEALLOC_LIB_VERIFY_VECTORVALUES_H

#include "Encoder/Encoder.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace dealloc::verify {

/// [abi.external]: the vector value of type `vt` whose lane k is `lane(k)`
/// (a Bool or BV value of the element type), every lane initialized.
SymValue vectorOfLanes(Encoder &E, mlir::VectorType vt,
                       llvm::function_ref<SymValue(int64_t)> lane);

/// The lanes of `s`, a value of vector type `vt` (Bool or BV values of the
/// element type, each with its initializedness).
std::vector<SymValue> lanesOfVector(Encoder &E, const SymValue &s,
                                    mlir::VectorType vt);

/// [input.vector], [verify.inputs]: argument `i` of `fn`, of vector type:
/// every lane a fresh value of the element type, initialized. False (the
/// encoding ends UNSUPPORTED naming the type) for a vector the lane model
/// does not hold.
bool encodeVectorArgument(Encoder &E, mlir::func::FuncOp fn, unsigned i);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_VECTORVALUES_H
