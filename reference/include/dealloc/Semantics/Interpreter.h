//===- Interpreter.h - dealloc-run's executable semantics -------*- C++ -*-===//
//
// The public API of the reference semantics (spec/buffers.md, operations.md,
// abi.md, safety.md): input text, input enumeration, the static support scan,
// running one function on one input, and checking a function over all
// enumerated inputs. Used by the dealloc-run driver and by dealloc-verify to
// replay counterexamples.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_INTERPRETER_H
#define DEALLOC_SEMANTICS_INTERPRETER_H

#include "dealloc/Support/StopKind.h"
#include "dealloc/Support/Verdict.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dealloc {

//===-- Inputs (spec/safety.md, [input.*]) --------------------------------===//

/// One argument value of an input.
struct InputValue {
  enum Kind { Bool, Int, Float, Buffer, Vector };
  Kind kind = Int;
  bool b = false;
  int64_t i = 0;
  double f = 0.0;
  /// Buffer: arguments with the same group share one caller buffer and
  /// descriptor ([input.memref.alias]). Groups are numbered by first
  /// appearance from 0.
  unsigned group = 0;
  /// Buffer: the dynamic extents, in order; empty means "all 2"
  /// ([input.memref.extents]).
  llvm::SmallVector<int64_t, 4> extents;
  /// Buffer of an unranked memref argument ([input.unranked]): `extents` is
  /// the whole shape, its length the rank (empty: rank 0).
  bool unranked = false;
  /// Vector: one Bool, Int or Float value per lane, in row-major order
  /// ([input.vector]).
  std::vector<InputValue> lanes;
};

/// One input of a function: a value per argument, in argument order.
struct Input {
  std::vector<InputValue> args;
};

/// Formats an input as text: `true,0,b0,b0,b1[3x4],<0 1 2 3>` ([input.text]).
std::string formatInput(const Input &input);

/// Parses input text against a function type ([input.text]). Errors name the
/// offending argument.
llvm::Expected<Input> parseInput(llvm::StringRef text, mlir::FunctionType type);

/// The values an enumerated run gives integer/index arguments ([input.int]).
constexpr int64_t kIntArgValues[] = {0, 1, 2};
/// The value an enumerated run gives float arguments ([input.float]).
constexpr double kFloatArgValue = 0.0;
/// The vectors an enumerated run gives an argument of vector type `t`, in
/// order ([input.vector]): splats of the element type's scalar values, then,
/// with more than one lane, a ramp.
std::vector<InputValue> vectorArgValues(mlir::VectorType t);
/// Dynamic extent of caller-provided and external buffers
/// ([input.memref.extents]).
constexpr int64_t kDynamicExtent = 2;

/// Enumerates inputs of `type` in a fixed order, at most `maxInputs` of them.
/// `total` receives the number of inputs without the cap (saturating at
/// UINT64_MAX). Fails (with a message) if an argument type has no input model.
llvm::Expected<std::vector<Input>>
enumerateInputs(mlir::FunctionType type, uint64_t maxInputs, uint64_t &total);

//===-- Static support scan ([op.unsupported]) ----------------------------===//

/// An op (or type) the semantics does not model, found before running.
struct UnsupportedOp {
  std::string opName;   ///< e.g. "linalg.generic"
  std::string location; ///< printed location
  std::string
      reason; ///< e.g. "op not modelled", "unsupported type 'tensor<2xf32>'"
};

/// A module's symbols by name, and the functions the support scan found
/// with semantics for everything they can call; shared by the scans and runs
/// of one module (a walk of the module per lookup made a module of N public
/// functions cost N^3: N scans of up to N callees, each looked up by a walk).
class ModuleIndex {
public:
  explicit ModuleIndex(mlir::ModuleOp module) : table(module) {}
  /// The symbol `name` of the module, or null.
  mlir::Operation *lookup(llvm::StringRef name) const {
    return table.lookup(name);
  }
  /// Functions whose scan, with all they can call, found nothing.
  llvm::DenseSet<mlir::Operation *> supported;

private:
  mlir::SymbolTable table;
};

/// Scans `fn` and every function it can call. Returns the first unsupported
/// op in walk order, if any. `index` (null: one of its own) is the module's.
std::optional<UnsupportedOp> findUnsupported(mlir::ModuleOp module,
                                             mlir::func::FuncOp fn,
                                             ModuleIndex *index = nullptr);

/// Whether dealloc-run's dispatcher takes `op` (the non-terminator ops of
/// OpTable.def); any other op stops the run as UNSUPPORTED before its
/// operands are looked at.
bool interpreterDispatches(mlir::Operation *op);

//===-- Runs
//---------------------------------------------------------------===//

struct RunOptions {
  bool reuseAddresses = false; ///< [addr.reuse]
  uint64_t maxSteps = 1000000; ///< [safety.steps]
  /// The module's index, shared by its runs (null: each run makes its own).
  ModuleIndex *index = nullptr;
};

/// One event of a violation's trace.
struct TraceEvent {
  std::string event; ///< alloc, arg, stack, global, free, double_free, use,
                     ///< invalid_free, leak, return
  unsigned buffer = 0;
  std::string loc;
};

/// One buffer event of a run, at the op that caused it (for pictures of the
/// run, Dot.h).
struct PathEvent {
  mlir::Operation *op = nullptr; ///< null: the entry function's arguments
  std::string event;             ///< alloc, stack, global, arg, free, release
  unsigned buffer = 0;
};

/// The path a run took: recorded on every run, read by writeRunDot. The
/// pointers refer to the module the run executed and are valid as long as it.
struct RunPath {
  /// Times each block was entered.
  llvm::DenseMap<mlir::Block *, uint64_t> blockVisits;
  /// Times each block was left by a region-exiting terminator (scf.yield,
  /// scf.condition, func.return).
  llvm::DenseMap<mlir::Block *, uint64_t> blockExits;
  /// Times each cf branch edge (from, to) was taken.
  llvm::DenseMap<std::pair<mlir::Block *, mlir::Block *>, uint64_t> branches;
  /// Times each func.call op called its callee.
  llvm::DenseMap<mlir::Operation *, uint64_t> calls;
  /// Buffer events in execution order, at most kMaxPathEvents of them.
  std::vector<PathEvent> events;
  uint64_t droppedEvents = 0;
  /// The op at which the run stopped (violation, UNKNOWN, UNSUPPORTED, failed
  /// cf.assert; the return op for a leak); null if it ran to the end safely.
  mlir::Operation *stopOp = nullptr;
};

/// Buffer events recorded per run; later ones are counted, not stored.
constexpr size_t kMaxPathEvents = 10000;

/// The outcome of one run of a function on one input.
struct RunResult {
  Verdict verdict = Verdict::Safe;
  bool aborted = false; ///< a cf.assert failed ([op.cf.assert])
  /// For UNKNOWN: why the run stopped ([safety.defined]).
  std::optional<StopKind> stop;
  std::string clause; ///< e.g. "[heap.free.twice]"
  std::string message;
  std::vector<TraceEvent> trace; ///< for violations
  RunPath path;                  ///< what the run did, for writeRunDot
};

/// [safety.defined]: the run stopped at undefined behaviour of the program
/// (not at a limit of the interpreter), and `strictUB` is off: its input is
/// excluded from the function's verdict.
bool isExcluded(const RunResult &r, bool strictUB);

/// Runs `fn` (a function with a body in `module`) on `input` under the
/// reference semantics and returns the verdict of this one run. Does not run
/// the static support scan; an op without semantics met at run time yields
/// UNSUPPORTED.
RunResult runFunction(mlir::ModuleOp module, mlir::func::FuncOp fn,
                      const Input &input, const RunOptions &options);

//===-- Checking a function over its inputs
//--------------------------------===//

struct CheckOptions {
  RunOptions run;
  uint64_t maxInputs = 4096; ///< [input.cap]
  bool allInputs = false;    ///< keep a result per input; run every input
  /// [safety.defined]: an input whose run reaches undefined behaviour
  /// decides the verdict (UNKNOWN) instead of being excluded.
  bool strictUB = false;
  std::optional<std::string> inputText; ///< run only this input
};

/// Inputs excluded from a verdict ([safety.defined]): those whose runs
/// stop first at one op, for one kind of undefined behaviour.
struct ExcludedSite {
  StopKind kind;
  std::string loc;     ///< printed location of the op
  std::string op;      ///< the op's name
  std::string input;   ///< the first such input, in enumeration order
  std::string message; ///< that run's message
  uint64_t count = 0;  ///< inputs excluded at this site
};

/// The verdict for one public function.
struct FunctionReport {
  std::string function;
  Verdict verdict = Verdict::Safe;
  uint64_t inputsRun = 0;
  uint64_t totalInputs = 0; ///< enumerated count without cap
  bool capped = false;
  uint64_t aborted = 0; ///< inputs ended by a failed cf.assert
  /// Inputs run on which the program is defined ([safety.defined]): their
  /// runs end normally, abort or give a violation.
  uint64_t defined = 0;
  /// Sites of the inputs excluded for undefined behaviour, in the order
  /// first met ([safety.defined]; empty with strictUB).
  std::vector<ExcludedSite> excluded;
  bool strictUB = false; ///< CheckOptions::strictUB of the check
  std::optional<UnsupportedOp> unsupported;
  std::string input; ///< the deciding input (violation/unknown)
  RunResult result;  ///< the deciding run
  /// With allInputs: every (input text, result), in enumeration order.
  std::vector<std::pair<std::string, RunResult>> perInput;
};

/// Checks one public function: support scan, inputs, runs. Malformed input
/// text is reported through the Error.
llvm::Expected<FunctionReport> checkFunction(mlir::ModuleOp module,
                                             mlir::func::FuncOp fn,
                                             const CheckOptions &options);

/// Registers every dialect dealloc-run can parse (all upstream dialects, so
/// that unmodelled ops are reported UNSUPPORTED rather than unparsable).
void registerDialects(mlir::MLIRContext &context);

} // namespace dealloc

#endif // DEALLOC_SEMANTICS_INTERPRETER_H
