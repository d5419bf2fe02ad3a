//===- Replay.h - Replaying counterexamples with dealloc-run ----*- C++ -*-===//
//
// Internal to DeallocVerify ([verify.replay]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_REPLAY_H
#define DEALLOC_LIB_VERIFY_REPLAY_H

#include "Encoder/Encoder.h"

namespace dealloc::verify {

/// Printed form of a location: `file:line:col` for file locations.
std::string printLocation(mlir::Location loc);
/// The entry's arguments in a model, in dealloc-run's input grammar.
std::string inputFromModel(Encoder &E, smt::Solver &S, mlir::func::FuncOp fn);
/// After a satisfiable check under `base`, re-solves so that, argument by
/// argument in order, every `i1` argument is false where it can be, every
/// memref argument views a buffer of its own where it can (else the first
/// earlier argument's buffer it can share), every integer argument takes
/// the value of smallest magnitude it can, the non-negative one first (0,
/// 1, -1, 2, -2, ...; searched up to SolverPolicy::maxMinimizedMagnitude,
/// beyond which the model's value is kept), then every dynamic extent of a
/// memref argument dealloc-run's default 2 where possible, else the smallest
/// ([verify.inputs]: small inputs). The input then depends on the formula
/// alone, not on the solver's search (which Z3's term numbering steers),
/// unless a query runs out of time (the choosing ends there); leaves the
/// solver with a model of the last success, which satisfies
/// `base`; false if neither the narrowed query nor `base` itself is found
/// sat again (no model to read: a timeout).
bool minimizeInput(Encoder &E, smt::Solver &S, std::vector<Expr> base,
                   unsigned timeoutMs);
/// Runs `res.input` under dealloc-run's semantics. If the run's verdict
/// differs from `res.verdict`, `res` becomes UNKNOWN saying so; otherwise
/// the replay's own account is appended to the trace.
void replayCounterexample(mlir::ModuleOp module, mlir::func::FuncOp fn,
                          const VerifyOptions &opts, FunctionResult &res);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_REPLAY_H
