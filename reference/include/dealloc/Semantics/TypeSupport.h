//===- TypeSupport.h - The types both tools model, and where -----*- C++
//-*-===//
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
#include <string>

namespace dealloc {

/// index, i1..i64, f16, bf16, f32, f64, and ranked memrefs of those with an
/// identity or strided layout ([view.descriptor]).
bool typeModelled(mlir::Type t);

/// An unranked memref (`memref<*xT>`) of a modelled element type.
bool isModelledUnranked(mlir::Type t);

/// [op.vector.values] A vector of a modelled scalar type with a fixed
/// (not scalable) shape of at most kMaxVectorLanes lanes: values of ops,
/// regions, branches and function boundaries; an argument of the function
/// checked takes [input.vector]'s inputs.
bool isModelledVector(mlir::Type t);

/// The type of one lane of `t`: a vector's element type, `t` itself
/// otherwise ([op.vector.elementwise]).
mlir::Type laneType(mlir::Type t);

/// An operand, result or block argument type inside a function body:
/// typeModelled, isModelledVector or isModelledComplex ([op.complex.values]:
/// not an argument of the function checked, which has no input model).
bool valueTypeModelled(mlir::Type t);

/// Why `t` is not modelled where the message can say more than its name
/// (" (a scalable vector)"), or empty.
std::string typeNote(mlir::Type t);

/// [view.unranked] An operand of type `t` of `op` is modelled: `t` is a
/// valueTypeModelled type, or
/// it is unranked and `op` is memref.cast, memref.dealloc, memref.dim,
/// memref.rank, memref.extract_aligned_pointer_as_index,
/// memref.reinterpret_cast ([view.unranked.reinterpret]), bufferization.clone,
/// bufferization.dealloc or a func.call of a declaration-only callee
/// ([abi.external]). An unranked value is the ranked descriptor it was cast
/// from, so none of these ops needs a rank not known where it was made.
bool operandTypeModelled(mlir::Operation *op, mlir::Type t);

/// [view.unranked] A result of type `t` of `op` is modelled: `t` is a
/// valueTypeModelled type, or it is
/// unranked and `op` is memref.cast or bufferization.clone.
bool resultTypeModelled(mlir::Operation *op, mlir::Type t);

/// The ranked type an operation works with for a value of type `t` whose
/// descriptor has `rank` dimensions: `t` itself if ranked, else the
/// identity-layout type with all sizes dynamic (e.g. a clone of an unranked
/// memref allocates a buffer of the source's sizes).
mlir::MemRefType rankedTypeFor(mlir::Type t, unsigned rank);

} // namespace dealloc

#endif // DEALLOC_SEMANTICS_TYPESUPPORT_H
