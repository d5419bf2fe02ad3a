//===- ViewEncoder.h - Symbolic semantics of the memref view ops -*- C++
//-*-===//
//
// Internal to DeallocVerify (ViewEncoder.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_VIEWENCODER_H
#define DEALLOC_LIB_VERIFY_VIEWENCODER_H

#include "Encoder.h"

namespace dealloc::verify {

/// Encodes `op` if it is a memref op that makes or reads a view's
/// descriptor ([view.*]); `handled` says whether it is one. Returns false
/// on failure().
bool encodeViewOp(Encoder &E, State &st, mlir::Operation *op, bool &handled);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_VIEWENCODER_H
