//===- TypeSupport.h - The types both tools model, and where -----*- C++ -*-===//
//
// spec/buffers.md, [view.descriptor] and [view.unranked]; spec/operations.md,
// [op.unsupported]. Shared by dealloc-run's support scan and dealloc-verify's
// encoder, so that both tools reject the same programs.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_TYPESUPPORT_H
#define DEALLOC_SEMANTICS_TYPESUPPORT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace dealloc {

/// index, i1..i64, f16, bf16, f32, f64, and ranked memrefs of those with an
/// identity or strided layout ([view.descriptor]).
bool typeModelled(mlir::Type t);

/// An unranked memref (`memref<*xT>`) of a modelled element type.
bool isModelledUnranked(mlir::Type t);

/// [view.unranked] An operand of type `t` of `op` is modelled: `t` is, or
/// it is unranked and `op` is memref.cast, memref.dealloc, memref.dim,
/// memref.rank, memref.extract_aligned_pointer_as_index,
/// memref.reinterpret_cast ([view.unranked.reinterpret]), bufferization.clone,
/// bufferization.dealloc or a func.call of a declaration-only callee
/// ([abi.external]). An unranked value is the ranked descriptor it was cast
/// from, so none of these ops needs a rank not known where it was made.
bool operandTypeModelled(mlir::Operation *op, mlir::Type t);

/// [view.unranked] A result of type `t` of `op` is modelled: `t` is, or it is
/// unranked and `op` is memref.cast or bufferization.clone.
bool resultTypeModelled(mlir::Operation *op, mlir::Type t);

/// The ranked type an operation works with for a value of type `t` whose
/// descriptor has `rank` dimensions: `t` itself if ranked, else the
/// identity-layout type with all sizes dynamic (e.g. a clone of an unranked
/// memref allocates a buffer of the source's sizes).
mlir::MemRefType rankedTypeFor(mlir::Type t, unsigned rank);

} // namespace dealloc

#endif // DEALLOC_SEMANTICS_TYPESUPPORT_H
