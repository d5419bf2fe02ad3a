//===- FunctionCheck.h - One safety check of a function ---------*- C++ -*-===//
//
// Internal to DeallocVerify: the steps of checkFunction
// (Verify/Check/SafetyCheck.cpp), the listing of excluded sites among them
// (Verify/Check/ExcludedSites.cpp; [safety.defined]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_FUNCTIONCHECK_H
#define DEALLOC_LIB_VERIFY_FUNCTIONCHECK_H

#include "Calls/CallSummary.h"
#include "Check/SafetyQueries.h"
#include "Encoder/Encoder.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace dealloc::verify::detail {

/// [verify.stops]: what a scan of the stop sites found.
struct StopScan {
  smt::Result result = smt::Result::Unsat; ///< Unknown: nothing decided
  const Stop *first = nullptr;             ///< the first site found
  std::string firstInput;
  bool inconsistent = false; ///< reachable, but no site in the model
  unsigned maxBound = 0;
  /// Why a listing from this scan may be incomplete ("a query" + `query`
  /// " timed out", or a site not confirmed in `model`); "" if decided.
  std::string cut(const std::string &query, const std::string &model) const {
    if (result == smt::Result::Unknown)
      return "a query" + query + " timed out";
    if (inconsistent)
      return "a site was not confirmed in " + model + " (solver inconsistency)";
    return "";
  }
};

/// The next step of a stop scan: a site found, none left, or why it ends.
enum class NextStop { Hit, Done, TimedOut, Capped, Unconfirmed };

/// Sites of an abstract encoding ([verify.induction]) looked for in the
/// exact one: their witnesses, and whether the exact encoding decides the
/// rest unreachable.
struct ExactWitnesses {
  std::vector<StopSite> sites;
  /// Why the search may have missed a site ("" if not).
  std::string cut;
  /// Whether some run reaches the unroll bound ([verify.bound]), and the
  /// bound; Unknown also where the exact encoding failed.
  smt::Result bound = smt::Result::Unknown;
  unsigned boundN = 0;
  /// Whether some run reaches no stop at all (a defined input).
  smt::Result defined = smt::Result::Unknown;
};

/// One version of an abstract encoding (--equiv: "A" or "B"; "" for a
/// safety check) whose excluded sites are witnessed in its exact encoding.
struct AbstractVersion {
  std::string tag;
  mlir::ModuleOp module;
  mlir::func::FuncOp fn;
  const std::vector<CheckSetup::LoopStop> *loopStops;
  /// The setup of the abstract check (the exact one: induction off).
  CheckSetup setup;
};

/// [safety.defined], [verify.induction]: of `sites` (an abstract encoding's
/// listing, each with its version's tag), keeps those replayed; the others
/// and the loops' abstract sites are looked for in each version's exact
/// encoding (loops unrolled): found ones are listed with its witnesses,
/// the rest named in `cut` unless the exact encodings reach no unroll
/// bound (then no run reaches them). Returns, for one version, whether its
/// exact encoding has a run without any stop (Unknown if not asked).
smt::Result witnessAbstractSites(llvm::ArrayRef<AbstractVersion> versions,
                                 const VerifyOptions &opts,
                                 std::vector<StopSite> &sites,
                                 std::string &cut);

/// One check of `fn` (checkFunction without its error handling), in steps:
/// encode, assert the constraints, ask for a violation, classify it by the
/// verdict order and extract and replay its counterexample; else scan the
/// stop sites, then list the excluded ones ([safety.defined]).
class FunctionCheck {
public:
  FunctionCheck(mlir::ModuleOp module, mlir::func::FuncOp fn,
                const VerifyOptions &opts, CheckSetup &setup);
  FunctionResult run();
  /// Of an exact check: the sites (location, reason) of `wanted` with a
  /// witness each.
  ExactWitnesses
  witnessSites(const std::set<std::pair<std::string, std::string>> &wanted);

private:
  using Clock = QueryStats::Clock;
  /// Encodes the function; false: it failed (E.failure() says why).
  bool encode();
  FunctionResult encodingFailed();
  /// [verify.order]: the first kind some input reaches, with its
  /// counterexample.
  FunctionResult classifyViolation();
  FunctionResult counterexample(Verdict kind, const Violation &hit);
  /// No violation: do some runs stop without a verdict?
  FunctionResult checkStops();
  FunctionResult stoppedRun(const StopScan &scan);
  /// [safety.defined]: the excluded sites of a SAFE answer.
  FunctionResult listExcluded();
  /// After an abstract encoding (loops proved by induction): the excluded
  /// sites whose witness does not replay, and the sites the abstract
  /// iterations may reach (CheckSetup::loopStops), get witnesses from the
  /// exact encoding; those it cannot witness are named in the cut, or
  /// dropped where it decides them unreachable. Sets `exactDefined`.
  void witnessAbstractSites();
  /// After an abstract encoding's model of a defined input: whether it is
  /// one (dealloc-run's run of its input, or the exact encoding's).
  void confirmDefined();
  smt::Result exactDefined = smt::Result::Unknown;
  StopScan scanStops(llvm::function_ref<bool(const Stop &)> pick,
                     std::vector<StopSite> &sites, std::string &cut);
  NextStop nextStop(llvm::function_ref<Expr(const Stop &)> open,
                    llvm::function_ref<bool(const Stop &)> pick,
                    const std::set<std::pair<std::string, std::string>> &found,
                    bool &bounds, const Stop *&hit);
  void sortByEncodingOrder(std::vector<StopSite> &sites) const;
  FunctionResult timeout();
  FunctionResult finish();
  void reportStats();

  mlir::ModuleOp module;
  mlir::func::FuncOp fn;
  const VerifyOptions &opts;
  CheckSetup &setup;
  Clock::time_point start;
  FunctionResult res;
  bool encoded = false;
  /// The encoding proved a loop by induction: its models over-approximate
  /// the runs ([verify.induction]).
  bool abstract = false;
  Clock::duration encodeTime{};
  QueryStats stats;
  smt::Context ctx;
  Encoder E;
  std::vector<Expr> assumed;
  std::optional<SafetyQueries> queries;
};

} // namespace dealloc::verify::detail

#endif // DEALLOC_LIB_VERIFY_FUNCTIONCHECK_H
