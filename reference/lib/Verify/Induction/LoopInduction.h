//===- LoopInduction.h - Unbounded proofs of structured loops ---*- C++ -*-===//
//
// Internal to DeallocVerify. docs/verifier-proofs.md [verify.induction]: an
// `scf.while`, or an `scf.for` whose trip count depends on the input, is
// proved for every trip count by induction over an abstract loop header,
// instead of being unrolled --unroll times. A check that used such a proof
// decides only by answering SAFE; otherwise the function is checked again with
// every loop unrolled.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_LOOPINDUCTION_H
#define DEALLOC_LIB_VERIFY_LOOPINDUCTION_H

#include "Calls/CallSummary.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace dealloc::verify {

class Encoder;

/// Tries to prove the `scf.for` `op` for every trip count from the state
/// `st` (the runs that reach the loop, its step already checked). On
/// success `proved` is set, `st` becomes the abstract exit state and the
/// loop's results are bound; otherwise nothing observable changed and the
/// caller unrolls. Returns false only on E.failure().
bool proveForByInduction(Encoder &E, State &st, mlir::scf::ForOp op,
                         bool &proved);

/// The same for an `scf.while` (which must also be shown to terminate).
bool proveWhileByInduction(Encoder &E, State &st, mlir::scf::WhileOp op,
                           bool &proved);

/// The same for a 1-D `scf.parallel` (step already checked): the scf.for
/// whose iter_args are the accumulators, each iteration its body and then
/// its reductions ([op.scf.parallel]).
bool proveParallelByInduction(Encoder &E, State &st, mlir::scf::ParallelOp op,
                              bool &proved);

/// The same for an `affine.for` whose bounds (the largest lower and the
/// smallest upper bound) are `lb` and `ub` ([op.affine.for]): an scf.for.
bool proveAffineForByInduction(Encoder &E, State &st,
                               mlir::affine::AffineForOp op, Expr lb, Expr ub,
                               bool &proved);

/// The same for a 1-D result-less `scf.forall` or `affine.parallel` whose
/// bounds and step the caller computed (step already checked): the scf.for
/// of those bounds without iter_args ([op.scf.forall]).
bool provePointLoopByInduction(Encoder &E, State &st, mlir::Operation *op,
                               Expr lb, Expr ub, Expr step, bool &proved);

/// The check of `fn` with induction ([verify.induction]) and, if it used an
/// induction proof and did not answer SAFE, the exact check (loops unrolled)
/// under the same `setup`, whose answer it returns.
FunctionResult checkFunctionWithInduction(mlir::ModuleOp module,
                                          mlir::func::FuncOp fn,
                                          const VerifyOptions &opts,
                                          CheckSetup &setup);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_LOOPINDUCTION_H
