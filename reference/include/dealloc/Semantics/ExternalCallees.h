//===- ExternalCallees.h - What declaration-only callees do -----*- C++ -*-===//
//
// spec/abi.md [abi.external], [abi.external.printers]. Shared by
// dealloc-run and dealloc-verify (TypeSupport.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_EXTERNALCALLEES_H
#define DEALLOC_SEMANTICS_EXTERNALCALLEES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace dealloc {

/// [abi.external.printers]: a declaration of one of the runtime library's
/// memref printers (`printMemrefF32` and friends, or their `_mlir_ciface_`
/// form) with one memref argument and no results: it only reads the
/// buffer its argument views.
bool isReadOnlyExternal(mlir::func::FuncOp callee);

} // namespace dealloc

#endif // DEALLOC_SEMANTICS_EXTERNALCALLEES_H
