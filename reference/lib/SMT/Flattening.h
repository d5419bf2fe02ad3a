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
/// flattening turns D guards of one operand more each into D^2/2 operands
/// (5.5 million binary clauses for upstream's scf-if nest of depth 1,000,
/// 14 s of SAT time; unflattened: 53,000 clauses, 1 s). Elsewhere
/// flattening pays, also where it grows the formula several times: the
/// reference pipeline's if-chain 300 (6.3 times the operands) is refuted
/// in 3.9 s flattened, and not in 100 s unflattened; upstream's for-loops
/// 4,000 takes 10.5 s flattened, 19.7 s not. So the one-shot solver
/// flattens first unless flattening would multiply the operands of the
/// conjunctions and disjunctions of the DAG under `roots` more than 16
/// times (the scf-if nests: 18 times at depth 500, 35 at 1,000), and tries
/// the other way if the first does not decide in time.
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
