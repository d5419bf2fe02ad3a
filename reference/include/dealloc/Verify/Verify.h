//===- Verify.h - dealloc-verify: safety proofs with Z3 ---------*- C++ -*-===//
//
// Public API of DeallocVerify (spec/verification.md): prove, for every input,
// that a function of deallocated IR has no LEAK, DOUBLE_FREE,
// USE_AFTER_FREE, INVALID_FREE or ABI_VIOLATION under the reference
// semantics, or produce a counterexample input that dealloc-run replays.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_VERIFY_VERIFY_H
#define DEALLOC_VERIFY_VERIFY_H

#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/StopKind.h"
#include "dealloc/Support/Verdict.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dealloc::verify {

struct VerifyOptions {
  /// Iterations of input-dependent loops to encode ([verify.bound]).
  unsigned unroll = SolverPolicy::defaultUnroll;
  /// Per solver query; 0 = none ([verify.timeout]).
  unsigned timeoutMs = SolverPolicy::defaultTimeoutMs;
  /// Per function, its check as a whole; 0 = none ([verify.timeout]).
  unsigned functionTimeoutMs = SolverPolicy::defaultFunctionTimeoutMs;
  /// Address-reuse mode ([addr.reuse]).
  bool reuseAddresses = false;
  /// Replay counterexamples with dealloc-run's semantics ([verify.replay]).
  bool replay = true;
  /// Calls of upstream's dealloc_helper by its specification
  /// ([verify.encoding.helper]); false: inlined like other callees.
  bool helperContract = true;
  /// [safety.defined]: an input that reaches undefined behaviour is a stop
  /// (UNKNOWN) instead of being excluded (--strict-ub).
  bool strictUB = false;
  /// [input.unranked]: per argument of the checked function, the rank of
  /// an unranked memref argument (ignored for the others): one check covers
  /// one rank per argument, ModuleVerifier checks each in turn. Empty: an
  /// unranked argument has no rank, its check is UNSUPPORTED.
  std::vector<unsigned> unrankedRanks;
  /// --solver-stats: receives one line per check of a function (which encoding,
  /// its size, where the time went), as the check ends. Not set: silent.
  std::function<void(llvm::StringRef function, llvm::StringRef line)> stats;
};

/// One buffer event of a replayed counterexample run, as dealloc-run's JSON
/// trace prints it ([verify.report.json]).
struct RunEvent {
  std::string event; ///< alloc, free, leak, ... (dealloc-run's names)
  unsigned buffer = 0;
  std::string loc;
};

/// A stop site of an UNKNOWN answer ([verify.stops]): the first stop of
/// some run, with an input that reaches it.
struct StopSite {
  std::string kind; ///< the stop's reason, e.g. "out-of-bounds access"
  StopKind stopKind = StopKind::Internal; ///< its row in kStopKinds
  std::string version;    ///< --equiv: "A" or "B"; "" for a safety check
  std::string loc;        ///< printed location of the op
  std::string op;         ///< the op dealloc-run stopped at (if replayed)
  std::string input;      ///< a witness input
  bool bound = false;     ///< the loop bound ([verify.bound]), not replayed
  bool replayed = false;  ///< dealloc-run stops at this site on `input`
  std::string run;        ///< what dealloc-run says on `input`
  std::string runMessage; ///< dealloc-run's message on `input`, if it ran
};

/// An input as messages print it: `""` for a function without arguments.
inline std::string quotedInput(const std::string &input) {
  return input.empty() ? "\"\"" : input;
}

/// The verdict for one public function.
struct FunctionResult {
  std::string function;
  Verdict verdict = Verdict::Unknown;
  std::string input;              ///< counterexample / witness input text
  std::vector<std::string> trace; ///< counterexample trace lines (text)
  std::vector<RunEvent> runTrace; ///< the replayed run's events (JSON)
  std::string reason;             ///< why (violation message, UNKNOWN reason)
  std::string location;           ///< where (printed location)
  std::optional<unsigned> bound;  ///< set when loops were unrolled to a bound
  std::optional<mlir::Location> diagLoc; ///< where to emit the diagnostic
  double seconds = 0; ///< wall-clock time of the check (JSON only)
  /// The public callees whose calls the check encoded by their contract
  /// ([verify.encoding.calls.summary]); sorted, empty for an exact check.
  std::vector<std::string> summarised;
  /// UNKNOWN because of stops: the reachable stop sites ([verify.stops]),
  /// and why the list may be incomplete ("" if it is complete).
  std::vector<StopSite> stops;
  std::string stopsCut;
  /// [safety.defined]: the sites of undefined behaviour whose inputs the
  /// answer excludes (SAFE, or UNKNOWN for want of a defined input), and
  /// why the list may be incomplete ("" if it is complete).
  std::vector<StopSite> excluded;
  std::string excludedCut;
  /// Why it was not decided whether some input is defined ("" if it was,
  /// or if nothing was excluded).
  std::string definedUndecided;
  /// UNKNOWN because every input reaches undefined behaviour
  /// ([safety.defined]): no defined input.
  bool undefinedEverywhere = false;
};

/// Allocation sites of the input program, for --equiv ([equiv.match]).
struct SiteNumbering {
  llvm::DenseMap<mlir::Operation *, int> siteOf;
  std::vector<std::string> names; ///< per site: printed key
};

/// Checks `fn` alone: every call of a function with a body is inlined.
FunctionResult verifyFunction(mlir::ModuleOp module, mlir::func::FuncOp fn,
                              const VerifyOptions &opts);

class CallSummaries;
/// Checks functions of one module, each at most once, the public functions
/// a function calls before it, so that their calls can be encoded by their
/// contract ([verify.encoding.calls.summary]). The module must not change
/// while the verifier is in use.
class ModuleVerifier {
public:
  ModuleVerifier(mlir::ModuleOp module, const VerifyOptions &opts);
  ~ModuleVerifier();
  FunctionResult verify(mlir::func::FuncOp fn);

private:
  std::unique_ptr<CallSummaries> summaries;
};

/// Checks `fns` of `module` in order (callees first, each once, with one
/// ModuleVerifier), prints each answer to `out` (JSON or text) and
/// emits it as a diagnostic. Before each check `pending` gets the answer to
/// print should memory run out during it ([verify.memory]); after it `done`
/// gets the function, its result and its answer, then `pending` gets "" and
/// the answer is printed. Returns the combined exit code.
int verifyFunctions(
    mlir::ModuleOp module, llvm::ArrayRef<mlir::func::FuncOp> fns,
    const VerifyOptions &opts, bool json, llvm::raw_ostream &out,
    llvm::function_ref<void(llvm::StringRef)> pending,
    llvm::function_ref<void(mlir::func::FuncOp, const FunctionResult &,
                            llvm::StringRef)>
        done = nullptr);

/// Output ([verify.output]): `@f: VERDICT ...` plus indented trace lines, or
/// one JSON object per line with dealloc-run's field names
/// ([verify.report.json]).
void printResult(llvm::raw_ostream &os, const FunctionResult &r, bool json);
/// Emits a non-SAFE verdict as an MLIR diagnostic at its location: an error
/// for a violation, a warning for UNSUPPORTED / UNKNOWN.
void emitDiagnostic(const FunctionResult &r);
/// Inserts `"seconds":S.SSS` into the JSON object text `json` (keys
/// sorted, with a "verdict" key) at its sorted place.
std::string jsonWithSeconds(std::string json, double seconds);
/// The clause a message cites last (`[heap.leak]`), or "".
std::string clauseOf(llvm::StringRef message);
/// `message` without a trailing ` ([clause])` citation of `clause`.
std::string withoutClause(llvm::StringRef message, llvm::StringRef clause);

/// Whether dealloc-verify's dispatcher takes `op` (the non-terminator ops of
/// OpTable.def); any other op is UNSUPPORTED before its operands are looked
/// at.
bool encoderDispatches(mlir::Operation *op);

} // namespace dealloc::verify

#endif // DEALLOC_VERIFY_VERIFY_H
