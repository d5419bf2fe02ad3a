//===- StopSites.h - Replaying the stop sites of an UNKNOWN -----*- C++ -*-===//
//
// Internal to DeallocVerify ([verify.stops]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_STOPSITES_H
#define DEALLOC_LIB_VERIFY_STOPSITES_H

#include "dealloc/SMT/Solver.h"
#include "dealloc/Verify/Verify.h"
#include "llvm/Support/JSON.h"
#include <chrono>

namespace dealloc::verify {

/// Runs `site.input` under dealloc-run's semantics and records whether the
/// run stops without a verdict at an op of location `site.loc` (then
/// `site.op` is that op's name) and what the run says. Loop-bound sites are
/// not replayed: dealloc-run does not bound loops.
void replayStop(mlir::ModuleOp module, mlir::func::FuncOp fn,
                const VerifyOptions &opts, StopSite &site);

/// The note lines of the human output for `r.stops` (without indentation).
std::vector<std::string> stopNotes(const FunctionResult &r);
/// The note lines for excluded sites ([safety.defined]): one per site, then
/// whether the list is complete (`cut`) and, if set, `undecided`.
std::vector<std::string> excludedNotes(const std::vector<StopSite> &sites,
                                       const std::string &cut,
                                       const std::string &undecided);
/// Sites as JSON (Support/FindingJson.h's stopSiteJson, whose "message" is
/// the stop's reason, plus "replayed", "run", "run_message" and, where they
/// apply, "version" and "bound"): the "stops" of [verify.stops] and the
/// "excluded" of [safety.defined].
llvm::json::Array stopSitesJson(const std::vector<StopSite> &sites);
/// The excluded sites as JSON fields of `o`: "excluded", "excluded_complete",
/// "excluded_cut", "defined_undecided".
void addExcludedJson(llvm::json::Object &o, const std::vector<StopSite> &sites,
                     const std::string &cut, const std::string &undecided);

struct Stop;

/// The bookkeeping both stop-site listings share ([verify.stops],
/// [safety.defined]): the sites found so far, their time budget
/// (SolverPolicy::stopBudgetMs from the listing's start) and the message of
/// a listing cut short.
class SiteListing {
public:
  SiteListing();
  size_t size() const { return sites.size(); }
  /// Appends the site of `stop`, reached first on `input` (in version
  /// `version` of --equiv, "" otherwise), replayed on `fn`.
  void add(const Stop &stop, std::string input, std::string version,
           mlir::ModuleOp module, mlir::func::FuncOp fn,
           const VerifyOptions &opts);
  /// The cut messages: the site cap, a query that did not answer, a stop
  /// the model did not confirm, the budget ("" while time is left).
  std::string capped() const;
  std::string timedOut() const;
  std::string unconfirmed() const;
  std::string budgetSpent() const;

  std::vector<StopSite> sites;

private:
  std::string count() const;
  std::chrono::steady_clock::time_point deadline;
};

class Encoder;
using smt::Expr;
/// --equiv ([safety.defined]): lists the sites of undefined behaviour of
/// either version that some input reaches first, each with a witness input
/// replayed on its version, after the versions were compared on every
/// other input; then asks whether any input is defined for both. `check`
/// asks the solver (which holds both encodings) whether a condition is
/// satisfiable, keeping the model; `minimize` makes the model's input
/// small. Returns the reason of an UNKNOWN answer if no input is defined.
std::optional<std::string> scanExcludedEquiv(
    Encoder &ea, Encoder &eb, mlir::ModuleOp a, mlir::ModuleOp b,
    mlir::func::FuncOp fa, mlir::func::FuncOp fb, const VerifyOptions &opts,
    smt::Solver &S, llvm::function_ref<smt::Result(Expr)> check,
    llvm::function_ref<bool()> minimize, std::vector<StopSite> &sites,
    std::string &cut, std::string &undecided);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_STOPSITES_H
