//===- LocalProver.h - Queries decided on a slice of the formula -*- C++
//-*-===//
//
// Internal to DeallocVerify. docs/verifier-proofs.md [verify.queries.local].
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_LOCALPROVER_H
#define DEALLOC_LIB_VERIFY_LOCALPROVER_H

#include "dealloc/Verify/SymbolicHeap.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <optional>

namespace dealloc::verify {

/// Decides a query on a slice of the formula: the definitions of the named
/// terms it mentions, followed SolverPolicy::coneDepth times, the constraints
/// that define nothing, and the proved facts that mention a constant of the
/// slice. Fewer constraints admit more models, so an unsatisfiable slice proves
/// the query unsatisfiable; a model of the slice proves nothing.
///
/// One solver serves every slice: the constraints that define nothing stay
/// asserted, each slice is asserted in a scope of its own and removed after
/// its check (creating a solver per slice costs more than the checks).
class LocalProver {
public:
  LocalProver(smt::Context &ctx, const SymbolicHeap &heap);
  ~LocalProver();
  /// Records a proved fact (a consequence of the constraints).
  void addFact(Expr f);
  /// Checks `query` on its slice within `ms` (0: no limit).
  smt::Result check(Expr query, unsigned ms);
  /// The solver of the last check; after Sat, its model is the slice's.
  smt::Solver &solver() { return *S; }

private:
  smt::Context &ctx;
  const SymbolicHeap &heap;
  std::unique_ptr<smt::Solver> S;
  std::vector<std::optional<std::vector<Expr>>> defConsts;
  std::vector<Expr> facts;
  std::vector<std::vector<unsigned>> factConsts;
  llvm::DenseMap<unsigned, std::vector<size_t>> factsOf;
};

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_LOCALPROVER_H
