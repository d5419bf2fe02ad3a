//===- Flattening.h - When the one-shot solver flattens --------*- C++ -*-===//
//
// Internal to the SMT library (Solver::refuteByBitBlasting).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_SMT_FLATTENING_H
#define DEALLOC_LIB_SMT_FLATTENING_H

#include <z3++.h>

#include <vector>

namespace dealloc::smt {

/// Z3's rewriters flatten nested conjunctions and disjunctions by default:
/// (and (and g a) b) becomes (and g a b). The path guards of a nest of D
/// `scf.if`s are such chains, each the previous one and one more input, so
/// flattening turns D guards of one operand more each into D^2/2 operands.
/// Elsewhere flattening pays, also where it grows the formula several
/// times (docs/bench-verify.md has the measurements). So the one-shot
/// solver flattens first unless flattening would multiply the operands of
/// the conjunctions and disjunctions of the DAG under `roots` more than
/// SolverPolicy::flatGrowth times, and tries the other way if the first
/// does not decide in time.
bool flatteningMultiplies(const std::vector<z3::expr> &roots);

/// Z3's rewriters read the module parameter `rewriter.flat` when a tactic
/// makes one: off while this guard lives, if `on` (the tools check one
/// function at a time; no other thread rewrites meanwhile), on again after.
class NoFlattening {
public:
  explicit NoFlattening(bool on);
  ~NoFlattening();
  NoFlattening(const NoFlattening &) = delete;
  NoFlattening &operator=(const NoFlattening &) = delete;

private:
  bool on;
};

} // namespace dealloc::smt

#endif // DEALLOC_LIB_SMT_FLATTENING_H
