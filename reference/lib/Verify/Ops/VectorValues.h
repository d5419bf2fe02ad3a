//===- VectorValues.h - Vector values made outside vector ops ---*- C++ -*-===//
//
// Internal to DeallocVerify: spec/vector.md [op.vector.values] at function
// boundaries (VectorOps.cpp), and the lazy vectors of more than
// SolverPolicy::maxPackedLanes lanes (LazyVectors.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_VECTORVALUES_H
#define DEALLOC_LIB_VERIFY_VECTORVALUES_H

#include "Encoder/Encoder.h"
#include "dealloc/Support/VectorAccess.h"

#include <functional>
#include <map>
#include <memory>

namespace dealloc::verify {

/// [op.vector.values] A vector of more than SolverPolicy::maxPackedLanes
/// lanes: lane k is a term made the first time an op asks for it (`make`),
/// then kept (`made`), so that every use of lane k sees one term. The
/// vector's SymValue is a fresh 64-bit constant, its handle, which means
/// nothing but this table entry (Encoder::lazyVectors): a value merged at
/// a join or made fresh at a loop header is another term, whose lanes are
/// not known (an op asking for them is UNKNOWN, naming the vector). `make`
/// depends on nothing that changes after the op that made the vector (a
/// read captures the memory state of its op).
struct LazyVector {
  mlir::VectorType type;
  std::function<SymValue(int64_t)> make;
  std::map<int64_t, SymValue> made;
  const SymValue &lane(int64_t k);
};

/// Whether dealloc-verify holds values of vector type `t` lazily.
bool isLazyVector(mlir::Type t);

/// A lazy vector of type `vt` whose lane k is `make(k)`, made on demand.
SymValue makeLazyVector(Encoder &E, mlir::VectorType vt,
                        std::function<SymValue(int64_t)> make);

/// The lazy vector `s` is the handle of (made by this encoding or the one
/// it takes its inputs from), or null.
std::shared_ptr<LazyVector> lazyVectorOf(const Encoder &E, const SymValue &s);

/// [abi.external]: the vector value of type `vt` whose lane k is `lane(k)`
/// (a Bool or BV value of the element type), every lane initialized.
/// `lane` is kept for a lazy vector.
SymValue vectorOfLanes(Encoder &E, mlir::VectorType vt,
                       std::function<SymValue(int64_t)> lane);

/// The lanes of `s`, a value of vector type `vt` that was asked for in the
/// encoding, with their numbers (Bool or BV values of the element type,
/// each with its initializedness): every lane of a packed vector, the lanes
/// made so far of a lazy one (the others took part in nothing encoded).
std::vector<std::pair<int64_t, SymValue>>
lanesOfVector(Encoder &E, const SymValue &s, mlir::VectorType vt);

/// The vector value of `lanes`, of type `vt`: packed into one term, or
/// lazy over the lanes given (VectorOps.cpp).
SymValue packLanes(Encoder &E, const std::vector<SymValue> &lanes,
                   mlir::VectorType vt);

/// Every lane of `s`, a value of vector type `vt`: a packed vector's taken
/// apart, a lazy vector's asked for (allLazyLanes).
std::vector<SymValue> unpackLanes(Encoder &E, const SymValue &s,
                                  mlir::VectorType vt, mlir::Location loc);

/// Every lane of the lazy vector `s`: at most SolverPolicy::maxDemandedLanes,
/// else the encoding ends UNSUPPORTED naming the limit (at `loc`).
std::vector<SymValue> allLazyLanes(Encoder &E, const SymValue &s,
                                   mlir::VectorType vt, mlir::Location loc);

/// Lane k of `s` on demand, for an op that takes some lanes only. A lazy
/// value whose lanes are not known (joined at a merge, fresh at a loop
/// header) ends the encoding UNKNOWN (at `loc`).
std::function<SymValue(int64_t)> laneReader(Encoder &E, const SymValue &s,
                                            mlir::VectorType vt,
                                            mlir::Location loc);

/// [op.vector.transfer]: a read of a lazy vector with every dimension in
/// bounds and no mask, whose lanes are loads made on demand (`v`: the
/// memref's view).
bool encodeLazyRead(Encoder &E, State &st, mlir::Operation *op,
                    const VectorAccessOp &acc, const View &v);

/// [input.vector], [verify.inputs]: argument `i` of `fn`, of vector type:
/// every lane a fresh value of the element type, initialized. False (the
/// encoding ends UNSUPPORTED naming the type) for a vector the lane model
/// does not hold.
bool encodeVectorArgument(Encoder &E, mlir::func::FuncOp fn, unsigned i);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_VECTORVALUES_H
