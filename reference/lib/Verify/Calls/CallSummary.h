//===- CallSummary.h - Calls of functions by their contract -----*- C++ -*-===//
//
// Internal to DeallocVerify. docs/verifier-design.md
// [verify.encoding.calls.summary]: a call of a function with a body
// may be encoded by the function-boundary contract instead of inlining the
// callee, if the callee's own check proved the contract: SAFE for every
// input of the *contract model* (the entry model of [verify.inputs] with
// unconstrained argument contents) with results of fresh shape. A call
// whose arguments the model may not cover stops the run there; a caller
// check with summaries counts only when it answers SAFE, otherwise the
// caller is checked again with inlining, which gives its verdict.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_CALLSUMMARY_H
#define DEALLOC_LIB_VERIFY_CALLSUMMARY_H

#include "dealloc/Verify/SymbolicHeap.h"
#include "dealloc/Verify/Verify.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>
#include <string>
#include <vector>

namespace dealloc::verify {

class CallSummaries;
struct ModuleFacts;

struct LoopRecord;

/// How one check of a function is set up, and what it used.
struct CheckSetup {
  /// Calls of functions whose contract is proved may be summarised
  /// (null: every call with a body is inlined, as --equiv does).
  const CallSummaries *summaries = nullptr;
  /// The contract model: argument contents are unconstrained and a result
  /// not of fresh shape stops the run ([verify.encoding.calls.summary]).
  bool contract = false;
  /// Out: the callees summarised at least once (sorted, unique at the end).
  std::vector<std::string> summarised;
  /// Input-dependent `scf.for` loops may be proved by induction
  /// ([verify.induction], Verify/Induction/LoopInduction.h); out: how many
  /// were.
  bool induction = false;
  unsigned inducted = 0;
  /// --equiv ([equiv.loops]): loops whose iterations allocate matched sites
  /// are proved too, and their abstract iterations kept here for the
  /// relational proof (Verify/Induction/LoopInductionPair.h); null: such loops
  /// are unrolled. Inside a relational loop's abstract iteration it points to
  /// that loop's list of nested records, inside any other loop's iteration it
  /// is null.
  std::vector<LoopRecord> *relational = nullptr;
  /// Out ([safety.defined], [verify.induction]): the sites of undefined
  /// behaviour that an abstract iteration of a proved loop may reach (its
  /// runs end there; no witness input yet), by location and reason; the
  /// check's listing finds their witnesses in the exact encoding.
  struct LoopStop {
    mlir::Location loc;
    StopKind kind;
    std::string reason;
  };
  std::vector<LoopStop> loopStops;
  /// The module's facts, shared by its checks (null: each encoder computes
  /// its own).
  ModuleFacts *facts = nullptr;
};

/// One check of `fn` under `setup` (Verify/Check/SafetyCheck.cpp).
FunctionResult checkFunction(mlir::ModuleOp module, mlir::func::FuncOp fn,
                             const VerifyOptions &opts, CheckSetup &setup);

class Encoder;
/// Encodes a call of `callee` by its contract if `E.setup()`
/// allows it and the callee's contract is proved; `applied` says whether it
/// did (otherwise the caller inlines). Returns false on E.failure().
bool summariseCall(Encoder &E, State &st, mlir::func::FuncOp callee,
                   llvm::ArrayRef<SymValue> args, mlir::Operation *site,
                   std::vector<SymValue> &results, bool &applied);
/// In the contract model: stops the runs at `fn`'s return (`exit`) whose
/// memref results are not of fresh shape.
void contractObligations(Encoder &E, State &exit, mlir::func::FuncOp fn,
                         llvm::ArrayRef<SymValue> results, mlir::Location loc);

/// The verdicts of one module's functions and which functions have a proved
/// contract. A function is checked after the functions it calls; the
/// functions of a call cycle are checked together, each function's contract
/// under the hypothesis that the cycle's functions keep theirs
/// ([verify.encoding.calls.recursive]).
class CallSummaries {
public:
  CallSummaries(mlir::ModuleOp module, const VerifyOptions &opts);

  /// The verdict of `fn` (checked once; its callees first).
  const FunctionResult &verify(mlir::func::FuncOp fn);
  /// A call of `callee` may be summarised: its contract check was SAFE.
  bool hasContract(mlir::func::FuncOp callee) const;

private:
  struct Entry {
    bool done = false, contract = false;
    /// `result` is the function's answer (a private function checked only
    /// for its contract has none unless that check was SAFE).
    bool answered = false;
    FunctionResult result;
  };
  /// The functions with a body that `fn` calls (itself included), in the
  /// order of the calls, but dealloc_helpers the specification of
  /// [verify.encoding.helper] encodes.
  const std::vector<mlir::func::FuncOp> &contractCallees(mlir::func::FuncOp fn);
  /// Checks `fn` (its callees are done): first its contract if another
  /// function calls it; then, if `answer`, for its own answer.
  void check(mlir::func::FuncOp fn, Entry &entry, bool answer);
  /// Checks the functions of one call cycle (a strongly connected component
  /// of the call graph, its callees outside it done); `asked`: the function
  /// whose answer verify() wants.
  void checkCycle(std::vector<mlir::func::FuncOp> cycle,
                  mlir::func::FuncOp asked);
  /// The answer of a function of `cycle` without a contract: a violation of
  /// its check under the cycle's hypothesis that dealloc-run replays, else
  /// the exact check's (check()).
  void answerOnCycle(mlir::func::FuncOp fn, Entry &entry,
                     llvm::ArrayRef<mlir::func::FuncOp> cycle);
  /// Records `r` (of a check under `s`) as the answer of `entry`.
  static void record(Entry &entry, FunctionResult r, CheckSetup &s,
                     double seconds);

  mlir::ModuleOp module;
  VerifyOptions opts;
  /// Shared by the checks of the module's functions; byteContents: the
  /// module reinterprets buffers (`memref.view`), which the contract does
  /// not cover, so nothing is summarised.
  std::unique_ptr<ModuleFacts> facts;
  llvm::DenseMap<mlir::Operation *, Entry> entries;
  /// Functions that some function calls (contractCallees).
  llvm::DenseSet<mlir::Operation *> called;
  llvm::DenseMap<mlir::Operation *, std::vector<mlir::func::FuncOp>> callees;
  /// Functions of the cycle being checked whose contract is the hypothesis
  /// ([verify.encoding.calls.recursive]): their calls are summarised.
  llvm::DenseSet<mlir::Operation *> assumed;
};

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_CALLSUMMARY_H
