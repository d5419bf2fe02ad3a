//===- Machine.h - The interpreter's state and op families ------*- C++ -*-===//
//
// Internal to lib/Semantics. One Machine executes one run (one function on one
// input). Machine::dispatch (Interpreter.cpp) runs each op by the family its
// row of Support/OpTable.def names; each family lives in its own file (the
// table's header lists them):
//   ControlOps.cpp  func/cf/scf, scf.parallel/forall ([op.func.*], [op.cf.*],
//                   [op.scf.*])
//   ArithOps.cpp    arith, index           ([op.arith.*], [op.index.*])
//   MathOps.cpp     math                   ([op.math])
//   MemRefOps.cpp   memref                 ([op.memref.*], [view.*])
//   BufferizationOps.cpp bufferization     ([dealloc.*], [clone.fresh])
//   LinalgOps.cpp   linalg structured ops  ([op.linalg.*])
//   AffineOps.cpp   affine                 ([op.affine.*])
//   VectorOps.cpp   vector, and arith/math on vectors ([op.vector.*])
//   Abi.cpp         calls, boundary checks, leak check ([abi.*], [heap.leak])
//
// Every exec function returns false when the run stops (a violation, UNKNOWN,
// UNSUPPORTED, or an abort); `stopped` then holds the outcome.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_SEMANTICS_MACHINE_H
#define DEALLOC_LIB_SEMANTICS_MACHINE_H

#include "dealloc/Semantics/Heap.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Semantics/Value.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

namespace dealloc {

/// Values of one function activation (nested regions share it).
struct Frame {
  llvm::DenseMap<mlir::Value, RtValue> values;
  /// Stack buffers allocated by this activation ([op.memref.alloca]).
  llvm::SmallVector<unsigned, 4> stackBuffers;
};

/// How a region's execution ended: the terminator and its operand values.
struct RegionExit {
  mlir::Operation *terminator = nullptr;
  llvm::SmallVector<RtValue, 4> values;
};

std::string printLoc(mlir::Location loc);

/// Why a linalg structured op cannot be executed ([op.linalg.structured]),
/// or empty if it can (LinalgOps.cpp; used by the support scan too).
std::string linalgUnsupportedReason(mlir::Operation *op);

/// Evaluates every result of `map` on `dims` and `syms` as [op.affine.apply]
/// does (AffineOps.cpp); false on a non-positive divisor.
bool evalAffineMap(mlir::AffineMap map, llvm::ArrayRef<int64_t> dims,
                   llvm::ArrayRef<int64_t> syms,
                   llvm::SmallVectorImpl<int64_t> &out);

class Machine;
struct ElementAccessOp;

/// The results of `map` on the values of `operands` (dimensions first), as
/// [op.affine.apply] computes them (AffineOps.cpp); false when the run
/// stopped.
bool affineValues(Machine &m, Frame &f, mlir::Operation *op,
                  mlir::AffineMap map, mlir::ValueRange operands,
                  llvm::SmallVectorImpl<int64_t> &out);

/// The integers of static-or-dynamic operands (OpFoldResult), as view ops
/// and scf.forall take them (MemRefOps.cpp); false when the run stopped.
bool resolveMixed(Machine &m, Frame &f, mlir::Operation *op,
                  llvm::ArrayRef<mlir::OpFoldResult> values,
                  llvm::SmallVectorImpl<int64_t> &out);

/// [op.scf.forall], [op.affine.parallel]: runs `body` (no results) at every
/// point of the box from `lbs` to `ubs` (exclusive) by positive `steps`,
/// the last dimension varying fastest, the point's coordinates as its
/// index arguments (ControlOps.cpp); false when the run stopped.
bool runEveryPoint(Machine &m, Frame &f, mlir::Region &body,
                   llvm::ArrayRef<int64_t> lbs, llvm::ArrayRef<int64_t> ubs,
                   llvm::ArrayRef<int64_t> steps);

/// [op.affine.for], [op.affine.if], [op.affine.parallel] (AffineOps.cpp;
/// the Control and Parallel families run them).
bool execAffineFor(Machine &m, mlir::affine::AffineForOp op, Frame &f);
bool execAffineIf(Machine &m, mlir::affine::AffineIfOp op, Frame &f);
bool execAffineParallel(Machine &m, mlir::affine::AffineParallelOp op,
                        Frame &f);

/// [op.vector.elementwise]: an arith or math op on vectors (a constant, or
/// the scalar op lane by lane, each lane by Machine::dispatch;
/// VectorOps.cpp).
bool execOnVectors(Machine &m, Frame &f, mlir::Operation *op);

/// [op.memref.atomic_rmw]: `old <kind> val` as the arith op of the same
/// name computes it (MemRefOps.cpp; vector.reduction combines lanes alike).
RtValue combineValues(mlir::arith::AtomicRMWKind kind, mlir::Type elem,
                      const RtValue &old, const RtValue &val);

/// [op.memref.access], [op.affine.access], [op.memref.atomic_rmw]: the
/// element access `op` (MemRefOps.cpp); false when the run stopped.
bool execElementAccess(Machine &m, Frame &f, mlir::Operation *op,
                       const ElementAccessOp &acc);

class Machine {
public:
  Machine(mlir::ModuleOp module, const RunOptions &options)
      : module(module), options(options), heap(options.reuseAddresses) {}

  /// The symbol `name` of the module (options.index, else an index of this
  /// run's own, made at the first lookup), or null.
  template <typename OpTy> OpTy lookup(llvm::StringRef name) {
    if (!options.index)
      options.index = &ownIndex.emplace(module);
    return llvm::dyn_cast_or_null<OpTy>(options.index->lookup(name));
  }
  void recordEvent(mlir::Operation *op, llvm::StringRef event,
                   unsigned buffer) {
    if (path.events.size() < kMaxPathEvents)
      path.events.push_back({op, event.str(), buffer});
    else
      ++path.droppedEvents;
  }
  /// [op.memref.alloca]: releases the live ones of `ids` (the stack buffers
  /// of an allocation scope that ends at `at`: a function's return, a
  /// memref.alloca_scope's body's return).
  void releaseStack(llvm::ArrayRef<unsigned> ids, mlir::Operation *at);

  /// Runs `fn` on `input` and the leak check ([heap.leak]); the run's
  /// result (completed, or where and why it stopped) and its path.
  RunResult run(mlir::func::FuncOp fn, const Input &input);

  //===-- the heap, as the op families see it
  //-------------------------------===//
  const Buffer &buffer(unsigned id) const { return heap.get(id); }
  /// The run's memory budget is spent (the run stops at the next allocation).
  bool memoryExhausted() const { return heap.exhausted(); }
  /// Copies `n` bytes from `src` at `srcOff` to `dst` at `dstOff`.
  void copyBytes(unsigned dst, int64_t dstOff, unsigned src, int64_t srcOff,
                 int64_t n) {
    heap.copyBytes(dst, dstOff, src, srcOff, n);
  }
  /// Releases buffer `id` at `op` without the checks of freeBuffer (its
  /// caller made them) and records the trace event `event`.
  void releaseBuffer(unsigned id, mlir::Operation *op, llvm::StringRef event);
  /// The buffer of global `name` if this run created it.
  std::optional<unsigned> globalBuffer(llvm::StringRef name) const {
    auto it = globals.find(name);
    return it == globals.end() ? std::nullopt
                               : std::optional<unsigned>(it->second);
  }
  void setGlobalBuffer(llvm::StringRef name, unsigned id) {
    globals[name] = id;
  }
  /// The iteration point of the innermost running linalg body, pushed
  /// while it runs ([op.linalg.index]).
  void enterLinalgPoint(llvm::ArrayRef<int64_t> point) {
    linalgPoints.push_back({point.begin(), point.end()});
  }
  void leaveLinalgPoint() { linalgPoints.pop_back(); }

  //===-- stopping the run ------------------------------------------------===//
  /// Records a violation on `buffer` at `op` and stops. `event` names the
  /// final trace event (double_free, use, invalid_free, leak, return).
  bool violation(Verdict v, llvm::StringRef clause, const std::string &message,
                 unsigned buffer, llvm::StringRef event, mlir::Location loc);
  /// Stops the run without a verdict: `kind` says whether the program's
  /// behaviour is undefined there or the interpreter is incomplete
  /// ([safety.defined]).
  bool unknown(StopKind kind, const std::string &reason, mlir::Location loc);
  bool unsupported(mlir::Operation *op, const std::string &reason);
  bool abortRun(mlir::Location loc);
  /// The trace events of a buffer's life so far: creation and free.
  std::vector<TraceEvent> history(unsigned buffer) const;

  //===-- values
  //------------------------------------------------------------===//
  /// The value bound to `v` (never inserts; an unbound value reads as
  /// uninitialized, which cannot happen for verified IR).
  const RtValue &lookup(Frame &f, mlir::Value v) {
    auto it = f.values.find(v);
    return it == f.values.end() ? unboundValue : it->second;
  }
  void bind(Frame &f, mlir::Value v, RtValue r) { f.values[v] = std::move(r); }
  /// An i1 that decides control flow; UNKNOWN if uninitialized
  /// ([op.uninit.control]).
  bool decide(Frame &f, mlir::Value v, mlir::Operation *op, bool &out);
  /// An integer/index value that decides control flow, an index or a size.
  bool decideInt(Frame &f, mlir::Value v, mlir::Operation *op, int64_t &out);

  //===-- execution
  //---------------------------------------------------------===//
  /// Runs a region from its entry block with `args` until a terminator that
  /// leaves the region (anything but cf.br / cf.cond_br).
  bool execRegion(mlir::Region &region, llvm::ArrayRef<RtValue> args, Frame &f,
                  RegionExit &exit);
  bool execOp(mlir::Operation *op, Frame &f);
  bool execOpHere(mlir::Operation *op, Frame &f);
  /// Runs a modelled op that is not a terminator by the family its row of
  /// OpTable.def names (a switch over every OpId).
  bool dispatch(mlir::Operation *op, Frame &f);
  /// A family was given an op it does not run: an internal error.
  bool notRun(mlir::Operation *op);
  /// Calls a function (body, or declaration-only per [abi.external]).
  bool callFunction(mlir::func::FuncOp callee, llvm::ArrayRef<RtValue> args,
                    mlir::Operation *callSite,
                    llvm::SmallVectorImpl<RtValue> &results);

  //===-- op families: the Family column of OpTable.def
  //---------------------===//
  bool execControl(mlir::Operation *op, Frame &f);  // ControlOps.cpp
  bool execParallel(mlir::Operation *op, Frame &f); // ControlOps.cpp
  bool execArith(mlir::Operation *op, Frame &f);    // ArithOps.cpp
  bool execMath(mlir::Operation *op, Frame &f);     // MathOps.cpp
  bool execComplex(mlir::Operation *op, Frame &f);  // ComplexOps.cpp
  bool execMemRef(mlir::Operation *op, Frame &f);   // MemRefOps.cpp
  bool execBufferization(mlir::Operation *op, Frame &f);
  bool execLinalg(mlir::Operation *op, Frame &f); // LinalgOps.cpp
  bool execAffine(mlir::Operation *op, Frame &f); // AffineOps.cpp
  bool execVector(mlir::Operation *op, Frame &f); // VectorOps.cpp

  //===-- memory (MemRefOps.cpp)
  //--------------------------------------------===//
  /// Descriptor of a fresh buffer of type `t` with dynamic sizes `dyn`.
  MemRefDesc layoutFor(mlir::MemRefType t, llvm::ArrayRef<int64_t> dynSizes,
                       unsigned buffer, int64_t aligned);
  /// Bytes needed to hold every element a descriptor can reach.
  static int64_t extentBytes(mlir::MemRefType t, const MemRefDesc &d);
  /// Creates a buffer for type `t`; false (UNKNOWN) if too large.
  bool allocate(BufferKind kind, mlir::MemRefType t,
                llvm::ArrayRef<int64_t> dynSizes, int64_t alignment,
                llvm::StringRef origin, mlir::Location loc, RtValue &out);
  /// Requires the viewed buffer to be live for a read/write ([heap.use]).
  bool requireLive(const MemRefDesc &d, mlir::Operation *op);
  /// Byte offset in the buffer of element `indices`; UNKNOWN if out of bounds
  /// ([safety.oob]).
  bool elementOffset(const MemRefDesc &d, mlir::MemRefType t,
                     llvm::ArrayRef<int64_t> indices, mlir::Operation *op,
                     int64_t &byteOff);
  RtValue loadScalar(unsigned buffer, int64_t byteOff, mlir::Type elem);
  void storeScalar(unsigned buffer, int64_t byteOff, mlir::Type elem,
                   const RtValue &v);
  /// Element-wise copy between two views of equal shape.
  bool copyView(const MemRefDesc &src, mlir::MemRefType srcType,
                const MemRefDesc &dst, mlir::MemRefType dstType,
                mlir::Operation *op);
  /// Frees a buffer by memref.dealloc / bufferization.dealloc / realloc:
  /// checks [heap.free.twice], [heap.free.invalid], [abi.args.not_owned].
  bool freeBuffer(unsigned buffer, mlir::Operation *op, llvm::StringRef clause);
  /// The checks of freeBuffer without freeing. `clause` (if not empty)
  /// replaces the default clause for non-heap and freed buffers.
  bool checkFreeable(unsigned buffer, mlir::Operation *op,
                     llvm::StringRef clause);

  //===-- ABI (Abi.cpp)
  //------------------------------------------------------===//
  /// Checks the results of a public function at return ([abi.results.*]).
  bool checkPublicResults(mlir::func::FuncOp fn, llvm::ArrayRef<RtValue> args,
                          llvm::ArrayRef<RtValue> results,
                          mlir::Operation *ret);
  /// The leak check after the entry function returned ([heap.leak]).
  bool leakCheck(llvm::ArrayRef<RtValue> results, mlir::Operation *ret);
  /// Creates the caller-provided buffers and argument values of an input.
  bool materializeInput(mlir::func::FuncOp fn, const Input &input,
                        llvm::SmallVectorImpl<RtValue> &args);

private:
  mlir::ModuleOp module;
  RunOptions options;
  std::optional<ModuleIndex> ownIndex;
  Heap heap;
  uint64_t steps = 0;
  unsigned callDepth = 0;
  std::optional<RunResult> stopped;
  /// What the run did (RunResult::path); `current` is the op being executed
  /// (null while the entry's arguments are created), where events are put.
  RunPath path;
  mlir::Operation *current = nullptr;
  /// Global buffers by symbol name, created on first memref.get_global.
  llvm::StringMap<unsigned> globals;
  RtValue unboundValue;
  /// The iteration points of the linalg ops whose bodies are running
  /// (innermost last), for linalg.index ([op.linalg.index]).
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 1> linalgPoints;
  mlir::Operation *lastReturn = nullptr; ///< the entry function's return op
};

} // namespace dealloc

#endif // DEALLOC_LIB_SEMANTICS_MACHINE_H
