//===- ControlOpsParallel.h - scf.parallel ----------------------*- C++ -*-===//
//
// Internal to DeallocVerify ([op.scf.parallel], [verify.bound]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_PARALLELENCODER_H
#define DEALLOC_LIB_VERIFY_PARALLELENCODER_H

#include "Encoder/Encoder.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace dealloc::verify {

/// Encodes `op` as dealloc-run runs it: the iterations in lexicographic
/// order of the induction variables, each followed by its reductions;
/// unrolled like scf.for. Returns false on E.failure().
bool encodeScfParallel(Encoder &E, State &st, mlir::scf::ParallelOp op);

/// [op.scf.forall]: a result-less scf.forall as the scf.parallel of its
/// bounds without reductions (unrolled). Returns false on E.failure().
bool encodeForall(Encoder &E, State &st, mlir::scf::ForallOp op);

/// [op.affine.parallel]: a result-less affine.parallel as the scf.parallel
/// of its bounds without reductions (unrolled). Returns false on E.failure().
bool encodeAffineParallel(Encoder &E, State &st,
                          mlir::affine::AffineParallelOp op);

/// [op.scf.forall], [op.affine.parallel]: one iteration of a result-less
/// forall or affine.parallel's `body` with the induction variables `ivs`.
/// Returns false on E.failure().
bool encodePointIteration(Encoder &E, State &st, mlir::Region &body,
                          llvm::ArrayRef<Expr> ivs);

/// One iteration of `op`'s body with the induction variables `ivs`, then its
/// reductions into `accs` ([op.scf.parallel]). Returns false on E.failure().
bool encodeParallelIteration(Encoder &E, State &st, mlir::scf::ParallelOp op,
                             llvm::ArrayRef<Expr> ivs,
                             std::vector<SymValue> &accs);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_PARALLELENCODER_H
