//===- SafetyQueries.h - Is some recorded condition reachable? --*- C++ -*-===//
//
// Internal to DeallocVerify. docs/verifier-proofs.md [verify.queries],
// [verify.queries.local], [verify.lemmas]: the queries of one safety check
// over an encoded function. One incremental solver holds the encoding's
// constraints; conditions are asked op by op (one group per location),
// first on their slice (LocalProver), then on the whole formula, then by
// the one-shot bit-blasting solver; refuted groups and proved lemmas are
// asserted, so later queries build on them.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_SAFETYQUERIES_H
#define DEALLOC_LIB_VERIFY_SAFETYQUERIES_H

#include "Encoder/Encoder.h"
#include "Induction/LocalProver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace dealloc::verify {

/// --solver-stats: where the queries of a check spent their time.
struct QueryStats {
  using Clock = std::chrono::steady_clock;
  Clock::duration local{}, full{}, lemmas{}, bitBlast{};
  unsigned localQueries = 0, fullQueries = 0, bitBlastQueries = 0;
  /// One line per full query slower than SolverPolicy::slowQueryMs.
  std::vector<std::string> slowQueries;
};

class SafetyQueries {
public:
  /// A solver for `E`'s encoding under the constraints `assumed`.
  SafetyQueries(Encoder &E, const std::vector<Expr> &assumed,
                QueryStats &stats);

  /// Whether the condition `pick` selects of some record (null or false:
  /// none) is satisfiable. After Sat, solver() has a model of lastQuery().
  template <typename Record>
  smt::Result anyOf(llvm::function_ref<Expr(const Record &)> pick,
                    const std::vector<Record> &records) {
    std::vector<Condition> conds;
    for (const Record &rec : records) {
      Expr e = pick(rec);
      if (!e.isNull() && !e.isFalse())
        conds.push_back({e, rec.loc});
    }
    return anyOf(conds);
  }

  /// The incremental solver (its model after a satisfiable query).
  smt::Solver &solver() { return S; }
  /// The assumption literal of the last query asked on solver().
  Expr lastQuery() const { return last; }

private:
  struct Condition {
    Expr cond;
    mlir::Location loc;
  };
  /// The state of one anyOf: conditions are asked in pieces of at most
  /// `chunk` (half the size of the last group not decided in time, doubled
  /// by each piece decided in time).
  struct Scan {
    size_t chunk;
    bool unknown = false;
    std::optional<mlir::Location> at; ///< the group being decided
  };

  smt::Result anyOf(const std::vector<Condition> &conds);
  /// The first query: every condition at once, bit-blasted first if there
  /// are many. Unknown: not decided, ask per op.
  smt::Result askEvery(const std::vector<Expr> &every);
  /// One group of conditions (one op's); split where not decided in time.
  smt::Result decide(Scan &scan, llvm::ArrayRef<Expr> conds);
  smt::Result decideInChunks(Scan &scan, llvm::ArrayRef<Expr> conds);
  /// The group on the whole formula (then bit-blasted if undecided).
  smt::Result askFull(Scan &scan, llvm::ArrayRef<Expr> conds);
  /// The group on its slice first ([verify.queries.local]); true: refuted.
  bool refutedOnSlice(llvm::ArrayRef<Expr> conds);
  /// Refutes `any` with the one-shot bit-blasting solver within `ms`.
  bool bitBlast(Expr any, unsigned ms, bool whole = false);
  /// Asserts a proved fact in both solvers.
  void prove(Expr fact);
  /// [verify.lemmas]: proves the reachability lemmas, once.
  void proveLemmas();
  void proveLemma(const Lemma &lemma,
                  std::chrono::steady_clock::time_point deadline,
                  bool &outOfTime);
  /// `limit` within the user's --timeout (0: none).
  unsigned withinTimeout(unsigned limit) const;

  Encoder &E;
  smt::Context &ctx;
  const VerifyOptions &opts;
  QueryStats &stats;
  smt::Solver S;
  /// Made after S has the constraints (as the check always made it).
  std::optional<LocalProver> local;
  Expr last;
  bool lemmasDone = false;
  /// The time of the per-op queries on the full solver (not the first
  /// query), which triggers the lemmas.
  QueryStats::Clock::duration triggerTime{};
  /// One-shot queries not refuted in a row.
  unsigned bitBlastMisses = 0;
};

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_SAFETYQUERIES_H
