//===- LoopInductionImpl.h - Induction over an abstract loop header -*- C++
//-*-===//
//
// Internal to Verify/Induction/LoopInduction.cpp (the proof of one loop),
// Verify/Induction/LoopHeader.cpp (the abstract loop header),
// Verify/Induction/LoopInductionQueries.cpp (its Houdini queries) and
// Verify/Induction/LoopInvariants.cpp (the candidate invariants);
// docs/verifier-proofs.md [verify.induction].
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_LOOPINDUCTIONIMPL_H
#define DEALLOC_LIB_VERIFY_LOOPINDUCTIONIMPL_H

#include "Encoder/Encoder.h"
#include "Induction/LoopInduction.h"
#include "Induction/LoopInductionPair.h"

#include "dealloc/Support/SolverPolicy.h"
#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <unordered_set>

namespace dealloc::verify::induction {

using mlir::Operation;
using mlir::Type;
namespace scf = mlir::scf;

/// A loop header: the state, the induction variable, the iter_args, and the
/// heap slots that stand for buffers allocated by iterations of the loop.
struct Header {
  State st;
  Expr iv;
  /// Whether an iteration has run: false at the entry, true after one.
  Expr ran;
  std::vector<SymValue> iters;
  std::vector<unsigned> loop;
  /// Identity flags of fresh views: exactly one holds.
  std::vector<Expr> wellFormed;
};

/// A candidate invariant; `key` identifies it across rebuilt lists.
struct Candidate {
  std::string key;
  bool required;
  /// Its value at a header; null where it cannot be stated there.
  std::function<Expr(const Header &)> holds;
};

/// Sizes of what the encoding of one abstract iteration adds: the heap's
/// records and the value environment's unbound uses.
struct Mark : HeapMark {
  size_t unbound;
};

} // namespace dealloc::verify::induction

namespace dealloc::verify {
/// The constraints of an induction query: the heap's (which change at
/// their end only: appended, or cut back by a rolled-back iteration) and a
/// few more after them (address constraints, the assumed invariants).
/// Not copied per query: 24,000 constraints copied for each of a chain
/// of 4,000 loops' 36,000 queries was quadratic.
struct QueryConstraints {
  const std::vector<Expr> &heap;
  std::vector<Expr> extra;
  size_t size() const { return heap.size() + extra.size(); }
  const Expr &operator[](size_t i) const {
    return i < heap.size() ? heap[i] : extra[i - heap.size()];
  }
};

/// The solver shared by a function's induction queries: it holds the
/// constraints in scopes and follows the heap's list as it grows and
/// shrinks (an abstract iteration's encoding is rolled back), popping the
/// scopes whose constraints are gone and pushing the new ones.
struct InductionSolver {
  explicit InductionSolver(smt::Context &c)
      : ctx(c), S(c), slice(c, /*plain=*/true) {}
  smt::Context &ctx;
  smt::Solver S;
  /// The term ids of each scope's constraints, innermost last.
  std::vector<std::vector<unsigned>> scopes;
  /// Makes the solver's constraints exactly `want` (and returns it).
  smt::Solver &sync(const std::vector<Expr> &want);
  /// Checks `query` on its slice of `cons` (`definitions`: a named
  /// constant's term id -> the index of its definition in `cons`); after
  /// Sat, `truth` holds the slice model's values of `vals`.
  smt::Result checkSlice(const QueryConstraints &cons,
                         const llvm::DenseMap<unsigned, size_t> &definitions,
                         Expr query, unsigned ms, const std::vector<Expr> *vals,
                         std::vector<bool> &truth);
  /// Whether `query` is unsatisfiable on its slice, by the one-shot
  /// bit-blasting solver (smt::Solver::refuteByBitBlasting).
  smt::Result
  refuteSliceByBitBlasting(const QueryConstraints &cons,
                           const llvm::DenseMap<unsigned, size_t> &definitions,
                           Expr query, unsigned ms);
  /// Checks `query` on T in a scope of its own (a query left asserted,
  /// even behind its assumption, stays in the solver's terms and slows
  /// every later check); after Sat, `truth` holds the model's values of
  /// `vals`.
  smt::Result checkScoped(smt::Solver &T, Expr query, unsigned ms,
                          const std::vector<Expr> *vals,
                          std::vector<bool> &truth);
  /// The heap's constraints were cut back to their first `n`.
  void heapCutTo(size_t n) { heapStable = std::min(heapStable, n); }
  /// Slice queries answered by an earlier one of the same shape.
  size_t answersReused = 0;

private:
  /// The solver of the slices, a scope per constraint (term ids in
  /// `sliceScopes`), kept in step as `S` is by sync(): consecutive queries
  /// of a loop share most of their slices, and Z3 internalizes a constraint
  /// (bit-blasting its arithmetic) when it is pushed, not when checked.
  smt::Solver slice;
  std::vector<std::vector<unsigned>> sliceScopes;
  /// The constraints of the slice of `cons` around the constants of
  /// `query` and `vals`, in their order in `cons`.
  std::vector<Expr> sliceOf(const QueryConstraints &cons,
                            const llvm::DenseMap<unsigned, size_t> &definitions,
                            Expr query, const std::vector<Expr> *vals);
  /// Answers of slice checks (Sat or Unsat, and the model's values of the
  /// query's `vals` after Sat) by the smt::Context::alphaKey of the slice,
  /// the query and `vals`: the loops of a chain ask the same queries
  /// about other constants.
  struct Answer {
    smt::Result result;
    std::vector<bool> truth;
  };
  std::map<std::vector<uint64_t>, Answer> answers;
  size_t answerWords = 0;
  /// The answer of `query` (and after Sat, in `truth`, the values of
  /// `vals`) on its slice of `cons`: an earlier one's, or `decide`'s with
  /// `slice` synchronized to the slice (`blasted`: `decide` is the
  /// bit-blasting solver, whose only answer is Unsat).
  smt::Result answerSlice(const QueryConstraints &cons,
                          const llvm::DenseMap<unsigned, size_t> &definitions,
                          Expr query, const std::vector<Expr> *vals,
                          bool blasted, std::vector<bool> &truth,
                          llvm::function_ref<smt::Result()> decide);
  llvm::DenseMap<unsigned, std::vector<Expr>> constants;
  const std::vector<Expr> &constantsOf(const Expr &e);
  /// The constraints indexed so far (and whether each is a definition),
  /// and per constant the indices of the facts (constraints that define
  /// nothing) that mention it.
  std::vector<Expr> indexed;
  std::vector<bool> indexedDef;
  llvm::DenseMap<unsigned, std::vector<size_t>> factsOf;
  /// How many of the heap's constraints are indexed and unchanged since.
  size_t heapStable = 0;
  /// Per index of `indexed`: whether the slice being built takes it.
  std::vector<bool> taken;
  void indexFacts(const QueryConstraints &cons,
                  const llvm::DenseMap<unsigned, size_t> &definitions);
};
} // namespace dealloc::verify

namespace dealloc::verify::induction {

class ForInduction {
public:
  ForInduction(Encoder &E, Operation *op, const State &st)
      : E(E), c(E.ctx), h(E.heap), op(op),
        forOp(llvm::dyn_cast<scf::ForOp>(op)),
        whileOp(llvm::dyn_cast<scf::WhileOp>(op)),
        parOp(llvm::dyn_cast<scf::ParallelOp>(op)),
        affOp(llvm::dyn_cast<mlir::affine::AffineForOp>(op)),
        pointOp(llvm::isa<scf::ForallOp, mlir::affine::AffineParallelOp>(op)
                    ? op
                    : nullptr),
        entry(st) {}
  /// The bounds of an affine.for ([op.affine.for]) or of a 1-D result-less
  /// scf.forall / affine.parallel, computed by the caller.
  void setBounds(Expr lower, Expr upper, Expr stepBy) {
    lb = lower;
    ub = upper;
    step = stepBy;
  }
  /// Returns false only on E.failure() (never set here).
  bool run(State &st, bool &proved);

private:
  /// Reads a counted loop's bounds; false where the loop is not proved by
  /// induction (a multi-dimensional scf.parallel, a literal trip count
  /// within the literal bound: unrolled).
  bool readBounds();
  /// Reads the iter_args at the entry into `init`; false where one is of
  /// a kind the header cannot summarise.
  bool readInits();
  /// The proof attempts in each mode (separate slots, then shared; sliced
  /// queries, then whole); sets `proved` on the first that succeeds.
  /// Returns false only on E.failure().
  bool attemptAll(State &st, bool &proved);
  /// One proof attempt in the current mode (`separate`); sets `proved` on
  /// success. Returns false only on E.failure().
  bool attempt(State &st, bool &proved);
  /// Encodes one abstract iteration from a fresh header `H` (the
  /// candidates assumed there: `assumed`) to `P`; false where that is no
  /// proof (the caller rolls back to `mk`). `attemptsBefore`: the count of
  /// induction attempts before the body's.
  bool encodeIteration(Header &H, Header &P, const Mark &mk, Expr &assumed,
                       unsigned &attemptsBefore);
  /// What checking the candidates after one abstract iteration found.
  enum class IterationCheck {
    Proved,  ///< they hold again and the iteration has no violation
    Again,   ///< a candidate that shaped the header was dropped: re-encode
    NoProof, ///< no proof this way (rolled back)
  };
  /// Drops the candidates that do not hold after the iteration `H` to `P`,
  /// checks it has no violation; rolls back to `mk` in every case.
  IterationCheck checkIteration(const Header &H, Header &P, const Mark &mk,
                                Expr assumed, bool nested);
  std::optional<bool> growHeader(const Header &H, const Header &P);
  bool leaveLoop(State &st);
  /// The summary slot of memref iter_arg j in `separate` mode (`stack`:
  /// its stack summary slot, where `stackSummaries`).
  unsigned ownSlot(const std::vector<unsigned> &loop, size_t j,
                   bool stack = false) const;

private:
  Encoder &E;
  smt::Context &c;
  SymbolicHeap &h;
  Operation *op;
  scf::ForOp forOp;                ///< the loop, if an scf.for
  scf::WhileOp whileOp;            ///< the loop, if an scf.while
  scf::ParallelOp parOp;           ///< the loop, if a 1-D scf.parallel
  mlir::affine::AffineForOp affOp; ///< the loop, if an affine.for
  /// The loop, if a 1-D result-less scf.forall or affine.parallel: the
  /// scf.for of its bounds without iter_args ([op.scf.forall]).
  Operation *pointOp;
  State entry;
  /// The bounds of a counted loop (scf.for, scf.parallel) and its compare.
  Expr lb, ub;
  smt::Context::Cmp lt = smt::Context::Cmp::Slt;
  std::vector<Type> iterTypes;
  Header init;
  unsigned nOuter = 0;
  /// Outer slots whose flags / contents the body changes; outer slots a
  /// memref iter_arg may view.
  std::set<unsigned> wFlags, wMem, outer;
  /// Whether each memref iter_arg has a summary slot of its own (and only
  /// views it or outer slots it may view, in `outerOf`), or all share them.
  bool separate = false;
  std::map<size_t, std::set<unsigned>> outerOf;
  /// A counted loop's step (scf.for, scf.parallel).
  Expr step;
  /// Whether the loop's ops allocate on the stack ([op.memref.alloca]):
  /// the header then also has a stack summary slot per memref iter_arg
  /// (after the heap ones, in the same order). Buffers of earlier
  /// iterations stay allocated there until their scope ends, so a carried
  /// memref may view the newest of a number of live stack buffers that
  /// grows with the trip count.
  bool stackSummaries = false;
  /// The size in bytes of every `memref.alloc` of the loop, where they all
  /// have one static size: the guess of the "loopbytes" candidate (null:
  /// none). Summary slots built while it is kept have this size.
  Expr loopBytes;
  void guessLoopBytes();
  bool counted = false;
  /// [equiv.loops]: the loop allocates matched sites (--equiv): the header's
  /// site counts, epoch and free points are unconstrained, summary slots
  /// have a symbolic site, and the proved iteration is kept (`record`).
  bool relational = false;
  /// The matched sites the loop's ops allocate (--equiv): the only ones
  /// whose counts an iteration changes.
  std::set<int> loopSites;
  /// The continuation condition of the last iteration encoded and the guard
  /// where it is decided (scf.while: after the before region).
  Expr lastCont, lastContGuard;
  /// Keeps the proved iteration from H to P for the relational proof.
  void record(const Header &H, const Header &P, const Mark &mk);
  std::optional<LoopRecord> kept;
  /// The records of the relational loops the last iteration encoded.
  std::vector<LoopRecord> inner;
  std::vector<Candidate> cands;
  std::set<std::string> dropped;
  unsigned ms = SolverPolicy::inductionQueryMs;
  std::chrono::steady_clock::time_point deadline;

  Mark mark() const { return {h.mark(), E.env().unboundUses().size()}; }
  void rollback(const Mark &m);
  void build(Header &x);
  // The parts of build(), in its order (the fresh terms are made in it).
  /// The flags and contents the body changes, unless kept as at the entry.
  void unconstrainChanged(Header &x);
  /// [equiv.loops]: site counts, epoch and free points.
  void unconstrainSites(Header &x);
  /// A fresh summary slot per memref iter_arg (heap, then stack ones).
  void addSummarySlots(Header &x);
  /// The symbolic site of summary slot `s` (relational loops).
  void relateSummary(Header &x, unsigned s, bool stack);
  /// Fresh iter_args, constant where a kept candidate says so.
  void freshIters(Header &x);
  View freshView(size_t j, const View &like, const std::vector<unsigned> &loop,
                 std::vector<Expr> &wf);
  /// Whether candidate `key` is kept; build() asks, and the keys it found
  /// kept are the header's `shaping` ones (dropping one changes it).
  bool alive(const std::string &key) {
    bool kept = keys.count(key) > 0;
    if (kept)
      shaping.insert(key);
    return kept;
  }
  /// The keys of `cands` (build() asks for a few per iter_arg, and a loop
  /// can have many candidates).
  std::unordered_set<std::string> keys;
  void indexKeys() {
    keys.clear();
    for (const Candidate &k : cands)
      keys.insert(k.key);
  }
  std::set<std::string> shaping;
  /// The keys the last dropFalse() dropped.
  std::vector<std::string> lastDropped;
  /// Loop-invariant i1 values the loop uses (defined before it, not
  /// literals; a few): an iter_arg often depends on one (an
  /// `arith.select` on a function argument), and so do the invariants
  /// relating it to its ownership flag.
  std::vector<Expr> liveBools;
  void collectLiveBools();
  void makeCandidates();
  void addLiveBoolCandidates(const std::vector<size_t> &flags);
  void addCandidate(std::string key, bool required,
                    std::function<Expr(const Header &)> f);
  void addIterArgCandidates(const std::vector<size_t> &mems);
  void addScalarCandidates(const std::vector<size_t> &flags,
                           const std::vector<size_t> &scalars);
  void addMemRefCandidates(size_t j, const std::vector<size_t> &mems,
                           const std::vector<size_t> &flags);
  void addOuterCandidates(const std::vector<size_t> &mems);
  /// The candidates' values at x. A candidate that cannot be stated there
  /// (null) is true where `assumed` (it is not assumed) and false where
  /// checked (it is dropped).
  std::vector<Expr> eval(const Header &x, bool assumed = false);
  Expr all(const std::vector<Expr> &vals);
  /// The shared solver, holding the constraints of the runs so far.
  smt::Solver &base();
  /// What a Sat answer of a query is used for: its model (Houdini drops the
  /// candidates it falsifies: a slice's model costs completeness at most),
  /// nothing (a candidate is kept), or a verdict (confirmed on all
  /// constraints).
  enum class Use { Model, Keep, Refute };
  /// The constraints of the runs so far and the assumed invariants.
  std::vector<Expr> wanted() const;
  /// The same, the heap's constraints not copied.
  QueryConstraints wantedView() const;
  /// Checks q, on its slice first if `sliced`, in a scope of its own;
  /// after Sat, `truth` holds the model's values of `vals`.
  smt::Result check(Expr q, Use use, const std::vector<Expr> *vals = nullptr);
  /// Whether queries go to their slice first.
  bool sliced = false;
  std::vector<bool> truth;
  /// Drops the candidates false in the last model (`truth`); false if a
  /// required one is.
  bool dropFalse();
  /// Drops, without a query, the candidates other than required ones whose
  /// value in `vals` is the literal false (a flag carried as a constant, for
  /// one); returns whether it dropped any.
  bool dropLiterallyFalse(const std::vector<Expr> &vals);
  /// Whether no run reaches `bad` (the disjunction of `conditions`
  /// violation and stop conditions) in an iteration.
  bool refuted(Expr bad, size_t conditions);
  /// [safety.defined]: records in the check's setup the sites of undefined
  /// behaviour among the stops of the iteration encoded since `mk` that
  /// some header satisfying the invariants reaches (all of them where a
  /// query is not decided).
  void recordLoopStops(const Mark &mk);
  /// The time a query may take now: `ms`, or what is left of the loop's
  /// budget; 0 once it is spent.
  unsigned queryMs() const;
  bool entryHolds();
  /// Whether iter_arg j views a buffer of the loop (`heapOnly`: a heap
  /// buffer of the loop) at x.
  Expr viewsLoop(const Header &x, size_t j, bool heapOnly = false);
  Expr contentsEqual(const State &a, const State &b, unsigned s);
  /// Every cell of slot s initialized in state a (null: no contents yet).
  Expr allInitialized(const State &a, unsigned s);
  /// Encodes one iteration from H (for scf.while: the before region, the
  /// condition and the after region; for scf.parallel: the body and the
  /// reductions); false if it cannot be encoded.
  bool iterate(Header &H, Header &P);
  Expr condFlag(const SymValue &v);
  /// Drops the candidates of the exit header's memref views that no run
  /// reaching the loop can take.
  void prune(Header &X);
};

} // namespace dealloc::verify::induction

#endif // DEALLOC_LIB_VERIFY_LOOPINDUCTIONIMPL_H
