//===- MemRefOpsViews.h - Symbolic semantics of the memref view ops -*- C++
//-*-===//
//
// Internal to DeallocVerify (Verify/Ops/MemRefOpsViews.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_VIEWENCODER_H
#define DEALLOC_LIB_VERIFY_VIEWENCODER_H

#include "Encoder/Encoder.h"

namespace dealloc::verify {

/// Encodes `op` if it is a memref op that makes or reads a view's
/// descriptor ([view.*]): false on failure(), none if `op` is not one.
std::optional<bool> encodeViewOp(Encoder &E, State &st, mlir::Operation *op);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_VIEWENCODER_H
