//===- Initialized.h - Uninitialized values in the encoding -----*- C++ -*-===//
//
// Internal to DeallocVerify (spec/operations.md [op.uninit.flow],
// [op.uninit.control]; spec/verification.md [verify.inputs]). A SymValue's
// `init` says whether it is initialized; it is only non-null for values
// whose definition reads memory (loads, and what arith computes from them).
// Implemented in Initialized.cpp (fillContents: Ops/Memory.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_INITIALIZED_H
#define DEALLOC_LIB_VERIFY_INITIALIZED_H

#include "Encoder/Encoder.h"

namespace dealloc::verify {

/// [op.uninit.control]: `v` decides something at `loc`; the run stops with
/// UNKNOWN where it is uninitialized, as dealloc-run does.
void requireInitialized(Encoder &E, State &st, const SymValue &v,
                        mlir::Location loc);
void requireInitialized(Encoder &E, State &st, mlir::ValueRange vs,
                        mlir::Location loc);
/// Every operand of `op` is initialized.
Expr operandsInitialized(Encoder &E, mlir::Operation *op);
/// [op.uninit.flow]: sets the initializedness of the results of the arith
/// op `op` just encoded (an uninitialized operand or a poison result makes
/// them uninitialized); an arith.select on memrefs requires its condition.
void arithInitialized(Encoder &E, State &st, mlir::Operation *op);
/// fillContents storing a value whose initializedness is `init` (null: true).
void fillContents(Encoder &E, State &st, const View &dst, Expr value,
                  unsigned elemBytes, Expr init);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_INITIALIZED_H
