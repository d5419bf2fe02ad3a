//===- Encoder.h - Symbolic encoding of one function ------------*- C++ -*-===//
//
// Internal to DeallocVerify. The Encoder walks a function's body once,
// block by block, and builds the SymbolicHeap's violations, stops and trace
// events (docs/verifier-design.md [verify.encoding]). Ops are dispatched in
// Encoder/Dispatch.cpp to their family's file in Ops/ (named after the
// Semantics/ file that runs them); control flow and loops are in
// Ops/ControlOps.cpp, calls in Calls/, lemma candidates in
// Induction/Lemmas.cpp. Its parts: Encoder/ValueEnv.h,
// Encoder/LivenessIndex.h, Induction/ProofHints.h.
//
// One calling convention, as dealloc-run's Machine: members are the
// encoder's core - what needs its private state (the values, the failure,
// the configuration, its parts, liveness) and the family entry points
// encode<Family>(op, st) that the op table dispatches. Everything built on
// the public API is a free function (file-static where one file uses it)
// taking `Encoder &E` first, then `State &st` when it takes one, then the op
// and the rest.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_ENCODER_H
#define DEALLOC_LIB_VERIFY_ENCODER_H

#include "Encoder/LivenessIndex.h"
#include "Encoder/ValueEnv.h"
#include "Induction/ProofHints.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Verify/SymbolicHeap.h"
#include "dealloc/Verify/Verify.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>
#include <memory>
#include <optional>

namespace dealloc {
struct ElementAccessOp; // dealloc/Support/AccessOps.h
}

namespace dealloc::verify {

/// Iterations of a loop whose trip count is a constant encoded before the
/// run is cut ([verify.bound]): SolverPolicy::maxLiteralIterations, or
/// `--unroll` where that is higher.
inline unsigned literalBound(const VerifyOptions &o) {
  return std::max(SolverPolicy::maxLiteralIterations, o.unroll);
}

/// The reason of an UNKNOWN because time ran out ([verify.timeout]): a
/// query's (`--timeout`) or, where `budget` (the solver said "budget" or
/// smt::Budget::spent()), the function's (`--function-timeout`).
inline std::string timeoutReason(const VerifyOptions &opts, bool budget) {
  if (budget)
    return "timeout after " + std::to_string(opts.functionTimeoutMs) +
           " ms for the function (--function-timeout) ([verify.timeout])";
  return "timeout after " + std::to_string(opts.timeoutMs) +
         " ms ([verify.timeout])";
}

/// Why an encoding could not be completed (UNSUPPORTED or UNKNOWN).
struct EncodingFailure {
  Verdict verdict;
  std::string reason;
  mlir::Location loc;
};

/// A way out of a region: the terminator, the state, the operand values.
struct RegionExit {
  mlir::Operation *terminator;
  State state;
  std::vector<SymValue> values;
};

struct CheckSetup;
struct LazyVector; // Ops/VectorValues.h

/// What the encoding of every function needs to know of its module, computed
/// once per module and shared by its functions' checks (not a walk of the
/// module per check).
struct ModuleFacts {
  explicit ModuleFacts(mlir::ModuleOp module);
  /// The module reinterprets buffers (`memref.view`), so contents are bytes
  /// ([verify.encoding.contents]).
  bool byteContents = false;
  /// The module's symbols, as dealloc-run looks them up.
  ModuleIndex index;

  /// [verify.encoding.helper] (Verify/Calls/HelperContract.cpp): which known
  /// helper `f`'s body is (upstream's generic `dealloc_helper`: 0, the
  /// reference pipeline's: 1), or -1.
  int helperKind(mlir::func::FuncOp f);

private:
  llvm::DenseMap<mlir::Operation *, int> helperMatch;
  /// Parsed bodies of the known helpers, by kind (on first use).
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> helperTemplates;
};

/// The entry function's boundary: its symbolic inputs and what its returns
/// leave (Verify/Encoder/Abi.cpp); valid after Encoder::encodeEntry.
struct EntryBoundary {
  /// The entry's arguments and their symbolic values (for the input text).
  std::vector<SymValue> argValues;
  /// Per memref argument: its dynamic extents (symbolic).
  std::vector<std::vector<Expr>> argExtents;
  /// The slot of each memref argument's own buffer, and its argument.
  llvm::DenseMap<unsigned, unsigned> argOfSlot;
  /// The entry's exit (merged over its returns) and its results.
  std::optional<State> exitState;
  std::vector<SymValue> results;
  /// The location of the checks at the function's exit, and where several
  /// returns meet there, each one's path and location: a counterexample is
  /// reported at the return its run takes.
  std::optional<mlir::Location> exitLoc;
  std::vector<std::pair<Expr, mlir::Location>> exitSites;
  /// The function being verified.
  mlir::Operation *entryOp = nullptr;
  /// How many of heap.constraints() constrain the inputs (the first ones): an
  /// encoding that takes its inputs from this one assumes them too (its
  /// loop proofs ask their own solver, [equiv.loops]).
  size_t inputConstraints = 0;
};

/// The calls and regions being encoded, one inside the other
/// (Verify/Calls/CallEncoder.cpp, Verify/Ops/ControlOps.cpp).
struct CallNesting {
  /// Buffers lent to active public calls.
  std::vector<View> borrowed;
  llvm::SmallPtrSet<mlir::Operation *, 8> activeCalls;
  /// Regions being encoded (region ops' bodies and inlined callees);
  /// [verify.encoding.nesting] bounds it.
  unsigned regionDepth = 0;
  /// The allocas of the current call.
  std::vector<unsigned> stackSlots;
};

/// Walks a function's body once, block by block, and builds the
/// SymbolicHeap's violations, stops and trace events. Its parts: the value
/// environment (Verify/Encoder/ValueEnv.h), the liveness index
/// (Verify/Encoder/LivenessIndex.h), the proof hints and statistics
/// (Verify/Induction/ProofHints.h), the entry's boundary and the call nesting
/// (above).
class Encoder {
public:
  /// `facts` of `module` (null: the encoder computes its own); `sites`:
  /// --equiv's numbering of allocation sites.
  Encoder(smt::Context &ctx, mlir::ModuleOp module, const VerifyOptions &opts,
          SiteNumbering *sites = nullptr, ModuleFacts *facts = nullptr);

  /// Encodes `fn` as the entry function: symbolic inputs, body, the boundary
  /// checks and the leak check at return. Returns false on failure().
  bool encodeEntry(mlir::func::FuncOp fn);

  // -- What the encoding works in and on.
  smt::Context &ctx;
  SymbolicHeap heap;
  mlir::ModuleOp module;
  const VerifyOptions &opts;

  // -- Its configuration.
  /// --equiv: the allocation sites of the input program; null otherwise.
  SiteNumbering *sites() const { return siteNumbering; }
  ModuleFacts &facts() { return moduleFacts; }
  /// For --equiv: take the symbolic inputs of this (earlier) encoding of the
  /// same function instead of fresh ones.
  const Encoder *inputsFrom() const { return inputsOf; }
  void takeInputsFrom(const Encoder *e) { inputsOf = e; }
  /// [op.vector.values] The lazy vectors this encoding made, by their
  /// handle's term (Ops/VectorValues.h).
  std::map<unsigned, std::shared_ptr<LazyVector>> &lazyVectors() {
    return lazy;
  }
  const std::map<unsigned, std::shared_ptr<LazyVector>> &lazyVectors() const {
    return lazy;
  }
  /// For --equiv: the inputs this encoding makes are also given to `other`
  /// (whose encoding takes them from this one): an argument counts as
  /// read-only ([verify.encoding.args.readonly]) only if it is in both.
  void shareInputsWith(mlir::func::FuncOp other) { sharedWith = other; }
  /// Call summaries and the contract model ([verify.encoding.calls.summary],
  /// Verify/Calls/CallSummary.h); null: every call with a body is inlined.
  CheckSetup *setup() const { return checkSetup; }
  void setSetup(CheckSetup *s) { checkSetup = s; }

  // -- Its parts.
  ValueEnv &env() { return valueEnv; }
  const ValueEnv &env() const { return valueEnv; }
  ProofHints &hints() { return proofHints; }
  EncoderStats &stats() { return statistics; }
  EntryBoundary &boundary() { return entryBoundary; }
  const EntryBoundary &boundary() const { return entryBoundary; }
  CallNesting &nesting() { return calls; }

  // -- Failure.
  /// Why the encoding could not be completed, once it could not.
  const std::optional<EncodingFailure> &failure() const { return failed; }
  bool fail(Verdict v, const std::string &reason, mlir::Location loc);
  /// Forgets the failure of an encoding that is undone (an induction
  /// attempt, Verify/Induction/LoopInduction.cpp).
  void clearFailure() { failed.reset(); }
  bool unsupported(mlir::Operation *op, const std::string &why);
  /// Fails with UNKNOWN naming the first unbound use whose guard is not
  /// provably false under the encoding's constraints. Returns false then.
  bool checkUnboundUses();

  // -- Values (ValueEnv): a use of a value the encoding never defined gets
  // a placeholder, recorded for checkUnboundUses (Verify/Encoder/Encoder.cpp).
  const SymValue &get(mlir::Value v);
  Expr getBool(mlir::Value v);
  Expr getBV(mlir::Value v);
  const View &getView(mlir::Value v);
  void bind(mlir::Value v, SymValue s) { valueEnv.bind(v, std::move(s)); }
  /// A placeholder for values of unreachable code.
  SymValue dummyValue(mlir::Type t);
  /// `arith.cmpi eq` on index values: on two aligned addresses of views
  /// ([verify.encoding.addr]) the views' buffers are compared.
  Expr indexEq(Expr a, Expr b);

  // -- Op semantics (Encoder/Dispatch.cpp dispatches); false on failure().
  bool encodeOp(mlir::Operation *op, State &st);
  bool encodeOpImpl(mlir::Operation *op, State &st);
  /// Encodes a modelled op that is not a terminator by the family its row
  /// of OpTable.def names (a switch over every OpId; Machine::dispatch has
  /// the same shape).
  bool dispatch(mlir::Operation *op, State &st);
  /// A family was given an op it does not encode: an internal error.
  bool notEncoded(mlir::Operation *op);
  // -- Op families: the Family column of OpTable.def (its header lists the
  // files in Ops/; dealloc-run's Machine::exec<Family> mirror them).
  bool encodeControl(mlir::Operation *op, State &st);  // ControlOps
  bool encodeParallel(mlir::Operation *op, State &st); // ControlOpsParallel
  bool encodeArith(mlir::Operation *op, State &st);    // ArithOps
  bool encodeMath(mlir::Operation *op, State &st);     // MathOps
  bool encodeComplex(mlir::Operation *op, State &st);  // ComplexOps
  bool encodeMemRef(mlir::Operation *op, State &st);   // MemRefOps
  bool encodeBufferization(mlir::Operation *op, State &st); // BufferizationOps
  bool encodeLinalg(mlir::Operation *op, State &st);        // LinalgOps
  bool encodeAffine(mlir::Operation *op, State &st);        // AffineOps
  bool encodeVector(mlir::Operation *op, State &st);        // VectorOps

  // -- Liveness (Verify/Induction/Lemmas.cpp).
  /// The memref values live after the op of hints().liveOuter()[i], as its
  /// entry would have listed them: a value bound again since (a recursive
  /// callee inlined in itself) gets a version no binding has, so viewOf
  /// finds no view for it, as for the version the entry saw.
  const std::shared_ptr<const ValueRefs> &outerRefs(size_t i);
  /// The view of a recorded memref value, if its symbolic value is still
  /// the recorded version; null otherwise.
  const View *viewOf(const std::pair<mlir::Value, unsigned> &ref) const;
  /// The memref and i1 values live there that the encoding defined (in a
  /// deterministic order).
  std::vector<mlir::Value> liveValues(mlir::Block *b, mlir::Operation *after,
                                      bool includeResults = true);

private:
  /// The memref values live after `op` in its block, for outerRefs.
  std::shared_ptr<const ValueRefs> liveAfter(mlir::Operation *op);

  SiteNumbering *siteNumbering;
  std::unique_ptr<ModuleFacts> ownFacts;
  ModuleFacts &moduleFacts;
  const Encoder *inputsOf = nullptr;
  mlir::func::FuncOp sharedWith;
  CheckSetup *checkSetup = nullptr;
  std::optional<EncodingFailure> failed;
  ValueEnv valueEnv;
  LivenessIndex liveness;
  ProofHints proofHints;
  EncoderStats statistics;
  EntryBoundary entryBoundary;
  std::map<unsigned, std::shared_ptr<LazyVector>> lazy;
  CallNesting calls;
};

//===-- Built on the Encoder's public API ---------------------------------===//

/// The symbolic value of a scalar type's zero (Verify/Ops/Value.cpp).
SymValue zeroOf(Encoder &E, mlir::Type t);
/// A fresh heap/stack allocation of type `t` with dynamic sizes `dyn`
/// (Verify/Ops/Memory.cpp).
View allocate(Encoder &E, State &st, SlotKind kind, mlir::MemRefType t,
              llvm::ArrayRef<Expr> dyn, mlir::Operation *op,
              std::string origin);
/// Shape of a freshly created descriptor of `t` (Verify/Ops/Value.cpp).
std::vector<Expr> shapeOf(Encoder &E, mlir::MemRefType t,
                          llvm::ArrayRef<Expr> dyn);
/// The bytes from the base of `v`'s buffer to the end of its last element
/// (Verify/Ops/Value.cpp).
Expr byteExtent(Encoder &E, const View &v, unsigned elemBytes);

// -- Control flow and calls (Verify/Ops/ControlOps.cpp,
// Verify/Calls/CallEncoder.cpp, Verify/Calls/HelperContract.cpp).
/// Encodes `region` from `entry` with `args` as its entry block's
/// arguments; its ways out are appended to `exits`. `entry` is taken by
/// value: callers whose state is dead after the region move it in (states
/// hold a term per slot; copies add up).
bool encodeRegion(Encoder &E, State entry, mlir::Region &region,
                  llvm::ArrayRef<SymValue> args,
                  std::vector<RegionExit> &exits);
/// Merges exits into one state and values; false if there is none.
bool mergeExits(Encoder &E, State &st, std::vector<RegionExit> &exits,
                std::vector<SymValue> &vals, llvm::StringRef name);
bool encodeCall(Encoder &E, State &st, mlir::func::FuncOp callee,
                llvm::ArrayRef<SymValue> args, mlir::Operation *site,
                std::vector<SymValue> &results);
/// [op.memref.alloca]: the stack slots `slots` (of an allocation scope that
/// ends here: a function's return, a memref.alloca_scope's) are released
/// in `st`.
void releaseStack(Encoder &E, State &st, llvm::ArrayRef<unsigned> slots);
/// The boundary checks of a public function's return ([abi.results.*]).
void checkResults(Encoder &E, State &st, llvm::ArrayRef<SymValue> args,
                  llvm::ArrayRef<SymValue> results, mlir::Location loc);
/// Encodes a call of `callee` with `args` by the helper's specification if
/// it is the helper and the call meets the preconditions; false: it does
/// not apply (nothing was encoded), the call is inlined.
bool encodeHelperCall(Encoder &E, State &st, mlir::func::FuncOp callee,
                      llvm::ArrayRef<SymValue> args);

// -- Proof hints (Verify/Induction/Lemmas.cpp, Verify/Heap/SlotFusion.cpp).
/// [verify.encoding.fusion]: after a join, renames the buffers each of
/// the `merged` memref values may view, and no other view may, to one
/// slot per value. `others`: the views of the other values live there.
void fuseMerged(Encoder &E, State &st, llvm::ArrayRef<mlir::Value> merged,
                const std::vector<const View *> &others, mlir::Location loc);
/// Whether fuseMerged may rename here: only where every view that may
/// still be used is known (liveOuter is kept while lemmas are recorded),
/// not inside loops, whose encodings are compared across iterations
/// ([verify.induction]), nor for --equiv, whose slots are allocation-site
/// instances ([equiv.def]).
inline bool fusing(Encoder &E) {
  return E.hints().recordingLemmas() && E.hints().loopDepth() == 0 &&
         !E.sites() && !E.inputsFrom();
}
/// The views of the memref values live at the entry of `b` (`after` null)
/// or after its op `after`, without liveOuter (pointers into the value
/// environment, valid until a value is bound).
std::vector<const View *> liveViews(Encoder &E, mlir::Block *b,
                                    mlir::Operation *after,
                                    bool includeResults = true);
/// Records the lemma "every live heap buffer is viewed by a live memref
/// value" at that point in `st`.
void reachabilityLemma(Encoder &E, const State &st, mlir::Block *b,
                       mlir::Operation *after, mlir::Location loc);
/// Builds the reachability candidates of the lemmas recorded so far
/// (Lemma::Pending): of each live value whose symbolic value is the
/// recorded version, its view (a lemma is proved before it is used, so
/// a value encoded again since only weakens it, never makes it wrong).
void buildLemmas(Encoder &E);

/// Bit width of an integer-like or float type (index: 64, i1: 1;
/// complex<f32>: 64, its two parts, [op.complex.values]); 0 otherwise.
unsigned scalarWidth(mlir::Type t);
/// Bytes of a scalar in memory ([buffer.contents]): ceil(width / 8).
unsigned elementBytes(mlir::Type t);
/// The descriptor of a fresh buffer `s` of type `t` with `sizes`, as
/// dealloc-run lays it out ([view.descriptor]): the type's static strides
/// and offset for a strided layout, otherwise row-major strides (products
/// of the inner sizes) and offset 0.
View freshView(Encoder &E, unsigned s, mlir::MemRefType t,
               const std::vector<Expr> &sizes);
/// [safety.oob]: some element of `v` whose index in each dimension k lies
/// in [lo[k], hi[k]] is outside its buffer's bytes (elements of `eb` bytes).
/// Exact for the box's first and last element in memory, which bound the
/// others (Verify/Ops/MemRefOps.cpp). Caller-provided buffers are bounded only
/// if `args` (else only once an element access has bounded them). The box is
/// within `v`'s sizes, or where it is not that is a stop of its own: the
/// buffers `v` covers (SymbolicHeap::coversSlot) are not checked.
Expr boxOutsideBuffer(Encoder &E, const View &v, const std::vector<Expr> &lo,
                      const std::vector<Expr> &hi, unsigned eb,
                      bool args = true);
/// Some element of `v` lies outside its buffer's bytes (never if `v` has no
/// element): boxOutsideBuffer over the whole view (Verify/Ops/MemRefOps.cpp).
Expr someElementOutside(Encoder &E, const View &v, unsigned eb);
/// An integer-like operand as a bit-vector (i1 as 1 bit), and back.
Expr asBV(Encoder &E, mlir::Value v);
SymValue fromBV(Encoder &E, mlir::Type t, Expr e);
/// Copies the elements of `src` into `dst` (equal shapes), exactly when the
/// shape is static and small, else `dst`'s contents become unconstrained
/// (an over-approximation; counterexamples are replayed).
void copyContents(Encoder &E, State &st, const View &src, const View &dst,
                  unsigned elemBytes);
/// Stores `value` (64-bit pattern) into every element of `dst`, exactly
/// when its shape is static and small, else makes its contents unconstrained.
void fillContents(Encoder &E, State &st, const View &dst, Expr value,
                  unsigned elemBytes);
/// Stores the elements of `dense` (row-major, as `dst`'s shape) into
/// `dst`, exactly when it is a splat or `dst`'s shape is static and small;
/// false (nothing stored) otherwise or for elements that are not integers
/// or floats.
bool storeDenseContents(Encoder &E, State &st, const View &dst,
                        mlir::DenseElementsAttr dense, unsigned elemBytes);

/// The index of an element access: the operands it is computed from, the
/// index per dimension, and when the computation is undefined (a
/// non-positive affine divisor; null: never).
struct ElementIndex {
  mlir::ValueRange operands;
  std::vector<Expr> indices;
  Expr badDivisor;
};
/// [op.memref.access], [op.affine.access], [op.memref.atomic_rmw]: the
/// element access `op` with dealloc-run's checks in its order ([heap.use],
/// the index operands, bounds) (Verify/Ops/Memory.cpp).
bool encodeElementAccess(Encoder &E, State &st, mlir::Operation *op,
                         const ElementAccessOp &acc);
/// The element at `lin` of `v`, of type `t`, and its initializedness
/// (Verify/Ops/Memory.cpp).
SymValue loadElement(Encoder &E, State &st, const View &v, Expr lin,
                     mlir::Type t);
/// Stores `value` (of type `t`) at element `lin` of `v`, where `v` denotes
/// a candidate (Verify/Ops/Memory.cpp).
void storeElement(Encoder &E, State &st, const View &v, Expr lin, mlir::Type t,
                  const SymValue &value);
/// [op.memref.atomic_rmw]: `old <kind> val` on values of type `t`, as the
/// arith ops compute it (Verify/Ops/Memory.cpp; vector.reduction combines lanes
/// alike).
SymValue combineValues(Encoder &E, mlir::arith::AtomicRMWKind kind,
                       mlir::Type t, const SymValue &old, const SymValue &val);
/// [op.vector.elementwise]: an arith or math op on vectors (a constant, or
/// the scalar op lane by lane, each lane by Encoder::dispatch;
/// Verify/Ops/VectorOps.cpp).
bool encodeOnVectors(Encoder &E, State &st, mlir::Operation *op);
/// [safety.oob]: an access of element `lin` of `v` (elements of `eb` bytes)
/// that leaves its buffer's bytes stops the run (Verify/Ops/MemRefOps.cpp).
void checkInBuffer(Encoder &E, State &st, const View &v, Expr lin, unsigned eb,
                   mlir::Location loc);
/// The results of an affine map on `operands` (dimensions first) as
/// [op.affine.apply] computes them (Verify/Ops/AffineOps.cpp).
ElementIndex affineResults(Encoder &E, mlir::AffineMap map,
                           mlir::ValueRange operands);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_ENCODER_H
