//===- Encoder.h - Symbolic encoding of one function ------------*- C++ -*-===//
//
// Internal to DeallocVerify. The Encoder walks a function's body once,
// block by block, and builds the SymbolicHeap's violations, stops and trace
// events (spec/verification.md [verify.encoding]). Op semantics live in
// OpEncoder.cpp, ArithEncoder.cpp, MemRefEncoder.cpp and LinalgEncoder.cpp;
// control flow and loops in ControlFlowEncoder.cpp, calls in
// CallEncoder.cpp, lemma candidates in Lemmas.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_ENCODER_H
#define DEALLOC_LIB_VERIFY_ENCODER_H

#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Verify/SymbolicHeap.h"
#include "dealloc/Verify/Verify.h"
#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <deque>
#include <limits>
#include <memory>
#include <optional>

namespace dealloc::verify {

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

  /// [verify.encoding.helper] (HelperContract.cpp): which known helper
  /// `f`'s body is (upstream's generic `dealloc_helper`: 0, the reference
  /// pipeline's: 1), or -1.
  int helperKind(mlir::func::FuncOp f);

private:
  llvm::DenseMap<mlir::Operation *, int> helperMatch;
  /// Parsed bodies of the known helpers, by kind (on first use).
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> helperTemplates;
};

class Encoder {
public:
  /// `facts` of `module` (null: the encoder computes its own).
  Encoder(smt::Context &ctx, mlir::ModuleOp module, const VerifyOptions &opts,
          SiteNumbering *sites = nullptr, ModuleFacts *facts = nullptr);

  /// Encodes `fn` as the entry function: symbolic inputs, body, the boundary
  /// checks and the leak check at return. Returns false on failure().
  bool encodeEntry(mlir::func::FuncOp fn);

  smt::Context &ctx;
  SymbolicHeap heap;
  mlir::ModuleOp module;
  const VerifyOptions &opts;
  SiteNumbering *sites;
  std::unique_ptr<ModuleFacts> ownFacts;
  ModuleFacts &facts;
  std::optional<EncodingFailure> failure;

  /// For --equiv: take the symbolic inputs of this (earlier) encoding of the
  /// same function instead of fresh ones.
  const Encoder *inputsFrom = nullptr;
  /// The entry's arguments and their symbolic values (for the input text).
  std::vector<SymValue> argValues;
  /// Per memref argument: its dynamic extents (symbolic).
  std::vector<std::vector<Expr>> argExtents;
  /// The entry's exit (merged over its returns); valid after encodeEntry.
  std::optional<State> exitState;
  std::vector<SymValue> results;

  // -- used by the op and control-flow encoders --
  llvm::DenseMap<mlir::Value, SymValue> values;
  std::vector<View> borrowed; ///< buffers lent to active public calls
  llvm::SmallPtrSet<mlir::Operation *, 8> activeCalls;
  /// Regions being encoded, one inside the other (region ops' bodies and
  /// inlined callees); [verify.encoding.nesting] bounds it.
  unsigned regionDepth = 0;

  /// A use of an SSA value the encoding never defined: sound only where the
  /// use is unreachable (checkUnboundUses).
  struct UnboundUse {
    Expr guard;
    mlir::Location loc;
    std::string what;
  };
  std::vector<UnboundUse> unboundUses;
  std::deque<SymValue> placeholders; ///< values returned for unbound uses
  /// The op being encoded and its guard on entry, for unbound uses.
  mlir::Operation *currentOp = nullptr;
  Expr useGuard;
  /// Fails with UNKNOWN naming the first unbound use whose guard is not
  /// provably false under the encoding's constraints. Returns false then.
  bool checkUnboundUses();

  bool fail(Verdict v, const std::string &reason, mlir::Location loc);
  bool unsupported(mlir::Operation *op, const std::string &why);
  const SymValue &get(mlir::Value v);
  Expr getBool(mlir::Value v);
  Expr getBV(mlir::Value v);
  const View &getView(mlir::Value v);
  void bind(mlir::Value v, SymValue s) {
    values[v] = std::move(s);
    versions[v] = ++lastVersion;
  }
  /// Per value, the bind (or in-place rename, SlotFusion.cpp) that gave it
  /// its symbolic value: a value encoded again (a callee inlined at a second
  /// call) gets a new version (Lemma::Pending).
  llvm::DenseMap<mlir::Value, unsigned> versions;
  unsigned lastVersion = 0;

  /// Op semantics (OpEncoder.cpp dispatches; ArithEncoder.cpp,
  /// MemRefEncoder.cpp); returns false on failure().
  bool encodeOp(mlir::Operation *op, State &st);
  bool encodeOpImpl(mlir::Operation *op, State &st);
  bool encodeArith(mlir::Operation *op, State &st, bool &handled);
  bool encodeMemRef(mlir::Operation *op, State &st, bool &handled);
  bool encodeBufferization(mlir::Operation *op, State &st, bool &handled);
  /// linalg structured ops on memrefs (LinalgEncoder.cpp).
  bool encodeLinalg(mlir::Operation *op, State &st, bool &handled);
  /// affine.apply / min / max ([op.affine.apply]; AffineEncoder.cpp).
  bool encodeAffine(mlir::Operation *op, State &st, bool &handled);

  /// Control flow (ControlFlowEncoder.cpp).
  /// `entry` is taken by value: callers whose state is dead after the
  /// region move it in (states hold a term per slot; copies add up).
  bool encodeRegion(mlir::Region &region, llvm::ArrayRef<SymValue> args,
                    State entry, std::vector<RegionExit> &exits);
  /// Merges exits into one state and values; false if there is none.
  bool mergeExits(std::vector<RegionExit> &exits, State &st,
                  std::vector<SymValue> &vals, llvm::StringRef name);
  bool encodeControl(mlir::Operation *op, State &st, bool &handled);
  bool encodeCall(mlir::func::FuncOp callee, llvm::ArrayRef<SymValue> args,
                  mlir::Operation *site, State &st,
                  std::vector<SymValue> &results);
  /// The boundary checks of a public function's return ([abi.results.*]).
  void checkResults(State &st, llvm::ArrayRef<SymValue> args,
                    llvm::ArrayRef<SymValue> results, mlir::Location loc);
  /// A placeholder for values of unreachable code.
  SymValue dummyValue(mlir::Type t);

  /// A fresh heap/stack allocation of type `t` with dynamic sizes `dyn`.
  View allocate(State &st, SlotKind kind, mlir::MemRefType t,
                llvm::ArrayRef<Expr> dyn, mlir::Operation *op,
                std::string origin);
  /// Shape of a freshly created descriptor of `t`.
  std::vector<Expr> shapeOf(mlir::MemRefType t, llvm::ArrayRef<Expr> dyn);
  /// The symbolic value of a scalar type's zero.
  SymValue zeroOf(mlir::Type t);
  /// The bytes from the base of `v`'s buffer to the end of its last element.
  Expr byteExtent(const View &v, unsigned elemBytes);

  /// [verify.lemmas]: record reachability lemmas (safety check only).
  bool recordLemmas = false;
  /// Loops being encoded around the current op (LoopLikeOpInterface).
  unsigned loopDepth = 0;
  /// [verify.encoding.fusion]: after a join, renames the buffers each of
  /// the `merged` memref values may view, and no other view may, to one
  /// slot per value (SlotFusion.cpp). `others`: the views of the other
  /// values live there.
  void fuseMerged(State &st, llvm::ArrayRef<mlir::Value> merged,
                  const std::vector<View> &others, mlir::Location loc);
  /// Whether fuseMerged may rename here: only where every view that may
  /// still be used is known (liveOuter is kept while lemmas are recorded),
  /// not inside loops, whose encodings are compared across iterations
  /// ([verify.induction]), nor for --equiv, whose slots are allocation-site
  /// instances ([equiv.def]).
  bool fusing() const {
    return recordLemmas && loopDepth == 0 && !sites && !inputsFrom;
  }
  /// Call summaries and the contract model ([verify.encoding.calls.summary],
  /// CallSummary.h); null: every call with a body is inlined.
  CheckSetup *setup = nullptr;
  /// [verify.induction]: the invariants assumed of the abstract loop
  /// headers being encoded (LoopInduction.cpp), innermost last.
  std::vector<Expr> inductionAssumptions;
  /// The loop proofs' queries so far and their time (with the syncing of
  /// their solver), for --solver-stats.
  unsigned inductionQueries = 0;
  double inductionSeconds = 0;
  /// Of those, the slice queries answered by an earlier one of the same
  /// shape (InductionSolver::answers).
  size_t inductionReused = 0;
  /// Loop proofs attempted so far (a loop's iteration whose encoding saw
  /// none depends on no assumption).
  unsigned inductionAttempts = 0;
  /// One solver for the induction queries of the whole function, so the
  /// constraints before a loop are preprocessed once, not once per query
  /// (LoopInduction.cpp).
  std::shared_ptr<struct InductionSolver> inductionSolver;
  /// Per enclosing op being encoded (structured op, inlined call): the
  /// memref values live after it (their views: viewOf), which a run inside
  /// may still free; computed when first asked (outerRefs), since most ops
  /// have no lemma point or fusion inside.
  struct LiveAfterOp {
    mlir::Operation *op;
    /// lastVersion when the op's encoding began.
    unsigned clock;
    std::shared_ptr<const ValueRefs> refs;
  };
  std::vector<LiveAfterOp> liveOuter;
  /// The memref values live after liveOuter[i]'s op, as its entry would
  /// have listed them: a value bound again since (a recursive callee
  /// inlined in itself) gets a version no binding has, so viewOf finds no
  /// view for it, as for the version the entry saw.
  const std::shared_ptr<const ValueRefs> &outerRefs(size_t i) {
    LiveAfterOp &l = liveOuter[i];
    if (!l.refs) {
      auto refs = std::make_shared<ValueRefs>(*liveAfter(l.op));
      for (auto &[v, version] : *refs)
        if (version > l.clock)
          version = std::numeric_limits<unsigned>::max();
      l.refs = std::move(refs);
    }
    return l.refs;
  }
  /// The memref values live after `op` in its block, for liveOuter.
  std::shared_ptr<const ValueRefs> liveAfter(mlir::Operation *op);
  /// The view of a recorded memref value, if its symbolic value is still
  /// the recorded version; null otherwise.
  const View *viewOf(const std::pair<mlir::Value, unsigned> &ref) const;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<mlir::Liveness>> liveness;
  llvm::DenseMap<mlir::Value, unsigned> valueOrder;
  /// Per block (Lemmas.cpp): its ops' positions, the memref and i1 values
  /// it defines in order, and per value used in it the position of its last
  /// use there (liveness after an op is then a comparison, not a walk over
  /// the value's users for every op of a long block).
  struct BlockUses {
    llvm::DenseMap<mlir::Operation *, unsigned> position;
    llvm::DenseMap<mlir::Value, unsigned> lastUse;
    /// A defined value, where, and the position of its last use (UINT_MAX:
    /// live out of the block).
    struct Def {
      unsigned at, end;
      mlir::Value v;
    };
    std::vector<Def> defined;
  };
  llvm::DenseMap<mlir::Block *, std::unique_ptr<BlockUses>> blockUses;
  const BlockUses &usesIn(mlir::Block *b, const mlir::LivenessBlockInfo *info);
  mlir::Operation *entryOp = nullptr; ///< the function being verified
  /// The views of the memref values live at the entry of `b` (`after` null)
  /// or after its op `after`, without liveOuter.
  std::vector<View> liveViews(mlir::Block *b, mlir::Operation *after,
                              bool includeResults = true);
  /// The memref and i1 values live there (in a deterministic order).
  std::vector<mlir::Value> liveValues(mlir::Block *b, mlir::Operation *after,
                                      bool includeResults = true);
  /// Records the lemma "every live heap buffer is viewed by a live memref
  /// value" at that point in `st` (ControlFlowEncoder.cpp).
  void reachabilityLemma(const State &st, mlir::Block *b,
                         mlir::Operation *after, mlir::Location loc);
  /// Builds the reachability candidates of the lemmas recorded so far
  /// (Lemma::Pending): of each live value whose symbolic value is the
  /// recorded version, its view (a lemma is proved before it is used, so
  /// a value encoded again since only weakens it, never makes it wrong).
  void buildLemmas();
  /// Entries recorded at lemma points so far (Lemmas.cpp).
  size_t lemmaEntries = 0;

  std::vector<unsigned> stackSlots; ///< allocas of the current call
  /// The location of the checks at the function's exit, and where several
  /// returns meet there, each one's path and location: a counterexample is
  /// reported at the return its run takes.
  std::optional<mlir::Location> exitLoc;
  std::vector<std::pair<Expr, mlir::Location>> exitSites;
  /// Aligned-address terms of views ([verify.encoding.addr]), by term id:
  /// without address reuse and byte shifts, two such addresses are equal iff
  /// the views view the same buffer, which `arith.cmpi eq/ne` then encodes
  /// on identity flags instead of 64-bit address terms.
  llvm::DenseMap<unsigned, View> addressViews;
  /// `arith.cmpi eq` on index values: on two aligned addresses of views
  /// ([verify.encoding.addr]) the views' buffers are compared.
  Expr indexEq(Expr a, Expr b);

  /// Encodes a call of `callee` with `args` by the helper's specification if
  /// it is the helper and the call meets the preconditions; false: it does
  /// not apply (nothing was encoded), the call is inlined.
  bool encodeHelperCall(mlir::func::FuncOp callee,
                        llvm::ArrayRef<SymValue> args, State &st);
  /// Calls encoded by encodeHelperCall (--solver-stats).
  unsigned helperContracts = 0;
};

/// Bit width of an integer-like type (index: 64, i1: 1); 0 otherwise.
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
/// others (MemRefEncoder.cpp). Caller-provided buffers are bounded only if
/// `args` (else only once an element access has bounded them). The box is
/// within `v`'s sizes, or where it is not that is a stop of its own: the
/// buffers `v` covers (SymbolicHeap::coversSlot) are not checked.
Expr boxOutsideBuffer(Encoder &E, const View &v, const std::vector<Expr> &lo,
                      const std::vector<Expr> &hi, unsigned eb,
                      bool args = true);
/// Some element of `v` lies outside its buffer's bytes (never if `v` has no
/// element): boxOutsideBuffer over the whole view (MemRefEncoder.cpp).
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

/// The index of an element access: the operands it is computed from, the
/// index per dimension, and when the computation is undefined (a
/// non-positive affine divisor; null: never).
struct ElementIndex {
  mlir::ValueRange operands;
  std::vector<Expr> indices;
  Expr badDivisor;
};
/// [op.memref.access] with dealloc-run's checks in its order ([heap.use],
/// the index operands, bounds): the element load into `op`'s one result,
/// the element store of `value` (MemRefEncoder.cpp; memref and affine ops).
bool encodeElementLoad(Encoder &E, State &st, mlir::Operation *op,
                       mlir::Value memref, const ElementIndex &at);
bool encodeElementStore(Encoder &E, State &st, mlir::Operation *op,
                        mlir::Value value, mlir::Value memref,
                        const ElementIndex &at);
/// [op.math] The math op `op`'s result (MathEncoder.cpp).
bool encodeMath(Encoder &E, mlir::Operation *op);
/// The results of an affine map on `operands` (dimensions first) as
/// [op.affine.apply] computes them (AffineEncoder.cpp).
ElementIndex affineResults(Encoder &E, mlir::AffineMap map,
                           mlir::ValueRange operands);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_ENCODER_H
