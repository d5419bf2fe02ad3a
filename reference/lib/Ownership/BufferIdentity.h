//===- BufferIdentity.h - Values that are known to be distinct buffers -*- C++ -*-===//
//
// Static buffer identity, shared by [own.boundary.distinct] and
// [own.pipeline.split] (spec/ownership.md).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_BUFFERIDENTITY_H
#define DEALLOC_OWNERSHIP_BUFFERIDENTITY_H

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace dealloc {

/// The value a chain of views starts from (ViewLikeOpInterface ops with one
/// result, and the base buffer of memref.extract_strided_metadata): it views
/// the same buffer as `v`.
inline mlir::Value viewRoot(mlir::Value v) {
  while (auto view = v.getDefiningOp<mlir::ViewLikeOpInterface>()) {
    if (view->getNumResults() != 1 &&
        view->getName().getStringRef() != "memref.extract_strided_metadata")
      break;
    v = view.getViewSource();
  }
  return v;
}

/// True if `v` is a fresh buffer: a result with an Allocate effect
/// ([own.alloc]), or a memref result of a call to a public function or a
/// declaration, which the ABI makes distinct from the call's other results and
/// from every buffer that existed before the call ([abi.call.results]). Two
/// different values this accepts view distinct buffers.
inline bool isFreshBuffer(mlir::Value v,
                          mlir::SymbolTableCollection &symbols) {
  if (auto effects = v.getDefiningOp<mlir::MemoryEffectOpInterface>())
    if (effects.getEffectOnValue<mlir::MemoryEffects::Allocate>(v))
      return true;
  auto call = v.getDefiningOp<mlir::CallOpInterface>();
  auto callee = llvm::dyn_cast_or_null<mlir::FunctionOpInterface>(
      call ? call.resolveCallableInTable(&symbols) : nullptr);
  return callee && (callee.isPublic() || callee.isExternal());
}

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_BUFFERIDENTITY_H
