//===- SymbolicHeap.h - Symbolic buffers, views and heap states -*- C++ -*-===//
//
// The symbolic counterpart of dealloc-run's run-time state (spec/buffers.md,
// spec/verification.md [verify.encoding]): every allocation op occurrence of
// the (inlined, unrolled) function is a *slot*; a memref value is a View whose
// buffer identity is a symbolic choice among candidate slots; a State holds,
// per slot, whether it was allocated and freed on the current path, the
// buffer contents (one SMT array), and the *guard*: the condition under which
// a run is at this program point and has not stopped. States are merged at
// control-flow joins with if-then-else terms, so the encoding grows with the
// number of blocks, not paths.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_VERIFY_SYMBOLICHEAP_H
#define DEALLOC_VERIFY_SYMBOLICHEAP_H

#include "dealloc/SMT/Solver.h"
#include "dealloc/Support/StopKind.h"
#include "dealloc/Support/Verdict.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dealloc::verify {

using smt::Expr;

/// Width of buffer identities and of the index part of memory keys.
constexpr unsigned kIdWidth = 32;
constexpr unsigned kIndexWidth = 64;

enum class SlotKind { Arg, Heap, Stack, Global };

/// One potential buffer: an argument buffer, or one occurrence of an
/// allocating op in the inlined and unrolled function.
struct Slot {
  SlotKind kind;
  mlir::Location loc;
  std::string origin; ///< "memref.alloc", "argument 2", "@global", ...
  Expr idConst;       ///< the identity literal of this slot
  Expr addr;          ///< aligned address (symbolic, [verify.encoding.addr])
  int site = -1;      ///< allocation-site number for --equiv, -1 if none
  Expr siteInstance;  ///< for --equiv: how many earlier allocations by `site`
  /// For --equiv, a summary slot of a loop compared by [equiv.loops]'s
  /// relational invariant (the buffer of an earlier iteration): its site
  /// as a 32-bit term (`site` is -1; all ones: no matched site) and
  /// `siteInstance` a term too.
  Expr siteVar;
  /// Size in bytes (the bounds of [safety.oob]); null where unknown.
  Expr bytes;
  /// For an allocation of identity layout: its descriptor's offset, sizes
  /// and strides. A view with exactly these terms reaches every cell.
  std::vector<Expr> whole;
  /// For a slot made by fusing others at a join ([verify.encoding.fusion]):
  /// the slots it stands for, and per part the condition that it is that
  /// part (a part's trace events are the slot's where it holds).
  std::vector<unsigned> parts;
  std::vector<Expr> partIs;
};

/// A memref value: the descriptor fields plus its buffer identity. The
/// identity is one-hot: `pts[i]` holds iff the view denotes slot `cands[i]`
/// (exactly one holds where the value is defined). Boolean "points-to"
/// literals keep ownership invariants within unit propagation of the SAT
/// core, which bit-vector identities compared through if-then-else chains
/// do not ([verify.encoding]).
struct View {
  Expr addr;
  Expr offset;
  std::vector<Expr> sizes, strides;
  std::vector<unsigned> cands; ///< slots the view may denote, sorted
  std::vector<Expr> pts;       ///< per candidate: the view denotes it
  /// Where not null, the identity as one bit-vector term (the slot number
  /// of the buffer viewed, always one of `cands`), and `pts[i]` is
  /// `id == cands[i]` ([verify.encoding.ids]): a merged value with many
  /// candidates gets one named identity instead of a named flag per
  /// candidate. Code that changes `cands` or `pts` of a copy resets it.
  Expr id;
  bool retyped = false; ///< produced by memref.view (element type changed)
  /// Bytes from the buffer's base to the aligned address ([view.view.shift]);
  /// null means 0.
  Expr byteShift;
};

/// A symbolic SSA value.
struct SymValue {
  enum class Kind { Bool, BV, MemRef } kind = Kind::BV;
  Expr e;    ///< Bool / BV
  View view; ///< MemRef
  /// Bool / BV: the value is initialized ([buffer.contents.uninit],
  /// [op.uninit.flow]); null means initialized, as for every value whose
  /// definition reads no memory.
  Expr init;
  static SymValue boolean(Expr b) { return {Kind::Bool, b, {}}; }
  static SymValue bv(Expr v) { return {Kind::BV, v, {}}; }
  static SymValue memref(View v) { return {Kind::MemRef, {}, std::move(v)}; }
};

/// Terms that copies share until one of them is changed: a state, with
/// every slot's contents, is copied at every branch and merged at every
/// join, while an op changes one slot.
class SharedExprs {
public:
  size_t size() const { return v ? v->size() : 0; }
  bool empty() const { return size() == 0; }
  const Expr &operator[](size_t i) const { return (*v)[i]; }
  Expr &operator[](size_t i) { return own()[i]; }
  const Expr &back() const { return v->back(); }
  const Expr *begin() const { return v ? v->data() : nullptr; }
  const Expr *end() const { return v ? v->data() + v->size() : nullptr; }
  Expr *begin() { return empty() ? nullptr : own().data(); }
  Expr *end() { return empty() ? nullptr : own().data() + v->size(); }
  void push_back(Expr e) { own().push_back(std::move(e)); }
  void assign(size_t n, const Expr &e) {
    v = std::make_shared<std::vector<Expr>>(n, e);
  }
  void clear() { v.reset(); }
  /// Whether both are the same storage (so the same terms).
  bool shares(const SharedExprs &o) const { return v == o.v; }

private:
  std::shared_ptr<std::vector<Expr>> v;
  std::vector<Expr> &own() {
    if (!v)
      v = std::make_shared<std::vector<Expr>>();
    else if (v.use_count() > 1)
      v = std::make_shared<std::vector<Expr>>(*v);
    return *v;
  }
};

/// The contents of one slot: explicit element values (64-bit patterns) when
/// the buffer has a small static size, otherwise one SMT array from element
/// index to value. Explicit elements keep loads of constant indices (the
/// flag and pointer buffers of upstream's `dealloc_helper` lowering) plain
/// terms, without array reasoning ([verify.encoding.contents]). In byte
/// mode (modules with `memref.view`) the elements are bytes and the index
/// is the byte offset from the buffer's base.
struct Contents {
  SharedExprs elems; ///< explicit mode
  Expr array;        ///< array mode (null in explicit mode)
  bool explicitMode() const { return array.isNull(); }
  /// Initializedness per cell ([buffer.contents.uninit]): one Boolean per
  /// element in explicit mode, an array to 1-bit vectors (1: initialized) in
  /// array mode. Both empty: every cell is initialized.
  SharedExprs initElems;
  Expr initArray;
  bool allInit() const { return initElems.empty() && initArray.isNull(); }
  /// Whether both hold the same terms, in the same form (contents no
  /// branch changed share their storage and answer at once).
  bool sameTerms(const Contents &o) const;
};

/// Heap state at one program point, meaningful where `guard` holds.
struct State {
  Expr guard;
  /// The control-flow condition of this point: like `guard`, but violations
  /// do not remove runs from it (stops do). Paths of the states merged at a
  /// join are mutually exclusive and select the merged values; `guard`
  /// (which also excludes runs that already failed) would drag every
  /// earlier violation condition into each selector.
  Expr path;
  std::vector<Expr> alloc, freed; ///< per slot; missing entries are false
  std::vector<Contents> mem;      ///< per slot; missing: not yet created
  std::vector<Expr> siteCount;    ///< per --equiv site, allocations so far
  /// For --equiv: input-program allocations so far, and per slot the value
  /// it had when the slot was freed ([equiv.def]).
  Expr epoch;
  std::vector<Expr> freedAt;
};

/// A violation a run can reach: `cond` holds iff it is the run's first one.
struct Violation {
  Verdict kind;
  Expr cond;
  /// `bad` on the path (not only as the first violation): some violation's
  /// `reach` holds iff some violation's `cond` does.
  Expr reach;
  mlir::Location loc;
  std::string message;
  int slot = -1;
};

/// A condition under which the run stops without a verdict of its own
/// (unroll bound, undefined behaviour): checked for UNKNOWN when no
/// violation is reachable.
struct Stop {
  Expr cond;
  mlir::Location loc;
  /// Undefined behaviour of the program or the encoding's incompleteness
  /// ([safety.defined]).
  StopKind kind;
  std::string reason;
  bool isBound = false;
  /// For a bound stop: the number of iterations encoded (--unroll, or the
  /// limit of loops with a constant condition).
  unsigned bound = 0;
};

/// A trace event, printed if `cond` holds in a counterexample.
struct SymEvent {
  Expr cond;
  mlir::Location loc;
  std::string text;
  int slot = -1;
};

/// SSA values, each with the version of its symbolic value when recorded
/// (Encoder::versions).
using ValueRefs = std::vector<std::pair<mlir::Value, unsigned>>;

/// Candidate facts at one program point ([verify.lemmas]): each candidate
/// is a condition that should be unsatisfiable; the safety check asserts
/// the negation of those it proves, as help for the queries that follow.
/// The reachability candidates (one per heap slot that may be live there,
/// O(slots) at each of O(blocks) points) are kept as their parts and built
/// only if the lemmas are proved, which most functions never need.
struct Lemma {
  std::vector<Expr> cands;
  mlir::Location loc;
  /// A slot that may be live at the point: its candidate is
  /// `path and alloc and not freed and not reach` (no live view views it).
  struct Unreached {
    Expr alloc, freed, reach;
  };
  Expr path;
  std::vector<Unreached> unreached;
  /// What the candidates are built from, until they are
  /// (Encoder::buildLemmas): the memref values live at the point and
  /// around it, each with the version of its symbolic value then, and the
  /// live merged flags. Disjunctions of views per slot cost O(live views x
  /// candidates) at each point, for lemmas most functions never prove.
  struct Pending {
    ValueRefs values;
    std::vector<std::shared_ptr<const ValueRefs>> outer;
    std::vector<unsigned> slots; ///< per entry of `unreached`
    /// Merged flags live at the point: `cands` gets "path and flag" and
    /// "path and not flag" for each.
    std::vector<Expr> flags;
  };
  std::shared_ptr<Pending> pending;
  /// `cands`, then the candidate of each entry of `unreached`.
  std::vector<Expr> candidates(smt::Context &ctx) const;
  /// The terms the candidates are built from (of `pending`, the flags
  /// only: a lemma is proved before it is asserted, whatever the
  /// constraints it is proved under).
  void parts(std::vector<Expr> &out) const;
};

/// The lengths of a SymbolicHeap's records at one point of the encoding:
/// SymbolicHeap::rollback removes everything recorded after it (a loop
/// iteration encoded for an induction attempt that failed).
struct HeapMark {
  size_t constraints, violations, stops, events, lemmas, slots, addrConstraints;
};

/// The slots, definitions and observations of one function's encoding.
///
/// The encoder (Encoder/, Ops/, Calls/, Induction/) builds a function's
/// formula through this API: it creates slots and records what the solver
/// must assume (assume, name), what runs can reach (violate, stop, event,
/// addLemma), and reads and writes buffer contents and heap states. The
/// checks (Check/, Equiv/, the induction prover) read back the slot table,
/// the constraints and the records through the const accessors. The
/// records only grow, except that rollback cuts them back to a mark. Reads
/// return the heap's own vectors (no copy; a reference stays valid as the
/// heap grows).
class SymbolicHeap {
public:
  SymbolicHeap(smt::Context &ctx, bool reuseAddresses);

  smt::Context &context() const { return ctx; }
  /// [verify.encoding.addr]: a heap allocation may take the address of a
  /// freed buffer (--reuse-addresses).
  bool reusesAddresses() const { return reuseAddresses; }
  /// Contents are bytes ([verify.encoding.contents]): set before encoding
  /// when the module reinterprets buffers (`memref.view`).
  void setByteContents(bool bytes) { byteMode = bytes; }
  bool byteContents() const { return byteMode; }

  //===-- slots -----------------------------------------------------------===//
  /// Creates a slot; for heap/stack slots allocated in `st`, marks it
  /// allocated and constrains its address ([verify.encoding.addr]).
  unsigned newSlot(SlotKind kind, mlir::Location loc, std::string origin,
                   State *st);
  const std::vector<Slot> &slots() const { return slotTable; }
  const Slot &slot(unsigned s) const { return slotTable[s]; }
  unsigned numSlots() const { return slotTable.size(); }
  /// Gives slot `s` its size in bytes (Slot::bytes).
  void setSlotBytes(unsigned s, Expr bytes) {
    slotTable[s].bytes = std::move(bytes);
  }
  /// For --equiv: slot `s` is allocation `instance` of site `site`.
  void setAllocationSite(unsigned s, int site, Expr instance) {
    slotTable[s].site = site;
    slotTable[s].siteInstance = std::move(instance);
  }
  /// For --equiv: summary slot `s` stands for allocation `instance` of the
  /// site `siteVar` (Slot::siteVar).
  void setSummarySite(unsigned s, Expr siteVar, Expr instance) {
    slotTable[s].siteVar = std::move(siteVar);
    slotTable[s].siteInstance = std::move(instance);
  }
  /// A fresh view of the whole of slot `s` with the given sizes (row-major).
  View wholeView(unsigned s, const std::vector<Expr> &sizes);
  /// `v` is the descriptor `slot` was allocated (or passed) with (the same
  /// terms): its elements are every cell of the buffer, each inside it.
  static bool coversSlot(const Slot &slot, const View &v);
  /// Records `v` as the descriptor slot `s` was allocated (passed) with.
  void setWhole(unsigned s, const View &v);
  /// `v` without the candidates it covers (coversSlot): where an element
  /// of `v` within its sizes is accessed, only the others can be outside
  /// their buffer's bytes. Proving that of the covered ones is nonlinear
  /// (a 2-D dynamic buffer: i * d1 + j < d0 * d1).
  View uncoveredCandidates(const View &v) const;

  //===-- constraints -----------------------------------------------------===//
  /// Adds a constraint every query assumes (an input assumption, a fact).
  void assume(Expr e) { constraintList.push_back(std::move(e)); }
  /// A fresh Boolean constrained equal to `def` (literals stay literals):
  /// names cut the formula at joins, so a query's cone stays local.
  Expr name(Expr def, const std::string &n);
  /// The same for a bit-vector term (literals stay literals).
  Expr nameBV(Expr def, const std::string &n);
  /// Definitions and input assumptions, in the order they were added.
  const std::vector<Expr> &constraints() const { return constraintList; }
  /// Per named term: its term id -> the index of its definition in
  /// constraints() ([verify.queries.local]).
  const llvm::DenseMap<unsigned, size_t> &definitions() const {
    return definitionIndex;
  }
  /// Constraints on addresses ([verify.encoding.addr]): needed only once
  /// an address is observable, see constraintsToAssert().
  const std::vector<Expr> &addrConstraints() const {
    return addrConstraintList;
  }
  /// An address became observable (memref.extract_aligned_pointer_as_index):
  /// queries assume the address constraints from now on.
  void observeAddresses() { addressesUsed = true; }
  bool addressesObserved() const { return addressesUsed; }
  /// Everything a query must assume.
  std::vector<Expr> constraintsToAssert() const {
    std::vector<Expr> all = constraintList;
    if (addressesUsed)
      all.insert(all.end(), addrConstraintList.begin(),
                 addrConstraintList.end());
    return all;
  }
  /// What the safety check's solver assumes: constraintsToAssert(), but the
  /// address constraints only if some recorded term (a constraint, the
  /// condition of a violation, stop or trace event, a lemma) mentions an
  /// address ([verify.encoding.addr]). They constrain addresses only (every
  /// slot can take its own address whatever else holds), so where nothing
  /// else mentions one, leaving them out changes no answer and no model a
  /// check reads; bit-blasted, their injectivity costs one 64-bit equality
  /// per pair of addresses (Ackermann constraints).
  std::vector<Expr> constraintsForSafety() const;
  /// How many merged views were given an identity term
  /// ([verify.encoding.ids]).
  unsigned identityTerms() const { return numIdentityTerms; }

  //===-- records of what runs reach --------------------------------------===//
  const std::vector<Violation> &violations() const { return violationList; }
  const std::vector<Stop> &stops() const { return stopList; }
  const std::vector<SymEvent> &events() const { return eventList; }
  /// Reachability lemmas ([verify.lemmas]), in encoding order.
  const std::vector<Lemma> &lemmas() const { return lemmaList; }
  void addLemma(Lemma l) { lemmaList.push_back(std::move(l)); }
  /// Calls `build` on each lemma whose candidates are still pending
  /// (Lemma::pending), in encoding order; the lemma no longer holds them.
  void
  buildLemmas(llvm::function_ref<void(Lemma &, const Lemma::Pending &)> build);
  /// The lengths of the records, the constraints and the slot table now.
  HeapMark mark() const;
  /// Removes every slot, constraint (with its definition) and record added
  /// after `m`.
  void rollback(const HeapMark &m);

  //===-- heap states -----------------------------------------------------===//
  Expr allocOf(const State &st, unsigned s) const {
    if (slotTable[s].kind == SlotKind::Arg ||
        slotTable[s].kind == SlotKind::Global)
      return ctx.boolVal(true);
    return s < st.alloc.size() ? st.alloc[s] : ctx.boolVal(false);
  }
  Expr freedOf(const State &st, unsigned s) const {
    return s < st.freed.size() ? st.freed[s] : ctx.boolVal(false);
  }
  /// `v` denotes slot `s`.
  Expr denotes(const View &v, unsigned s);
  /// The identity of `v`'s buffer as a bit-vector (the slot number); for
  /// memory keys and for reading aliasing off a model.
  Expr idOf(const View &v);
  /// The positions in `v.cands` of the candidates `v` may denote where
  /// `cond` holds: where `v` has an identity term whose values under `cond`
  /// are known (Context::valuesUnder), only those; otherwise all of them
  /// ([verify.encoding.prune]).
  std::vector<size_t> candidatesUnder(const View &v, Expr cond);
  /// `a` and `b` view the same buffer.
  Expr sameBuffer(const View &a, const View &b);
  /// The buffer of `v` is a live heap buffer.
  Expr isLiveHeap(const State &st, const View &v);

  /// Records `bad` (under the state's guard) as a violation and removes it
  /// from the guard: the first violation ends the run ([safety.first]).
  void violate(State &st, Verdict kind, Expr bad, mlir::Location loc,
               std::string message, int slot = -1);
  /// Restricts `st` to runs where `c` holds (a branch was taken).
  void narrow(State &st, Expr c);
  /// Makes `st` unreachable.
  void kill(State &st);
  /// Records a stop condition and removes it from the guard; `bound` > 0:
  /// a loop bound of that many iterations ([verify.bound]).
  void stop(State &st, Expr cond, mlir::Location loc, StopKind kind,
            std::string reason, unsigned bound = 0);
  void event(const State &st, Expr cond, mlir::Location loc, std::string text,
             int slot = -1);

  /// Frees the buffer of `v` if `cond` (memref.dealloc: cond = true):
  /// [heap.free.twice], [heap.free.invalid], [abi.args.not_owned].
  void free(State &st, const View &v, Expr cond, mlir::Location loc,
            const std::vector<View> &borrowed);
  /// A read or write of `v` ([heap.use]).
  void use(State &st, const View &v, mlir::Location loc, llvm::StringRef what);

  //===-- contents --------------------------------------------------------===//
  /// Contents ([verify.encoding.contents]). `initContents` gives slot `s`
  /// zero (caller-provided buffers) or unconstrained contents for a buffer
  /// of `sizes`; the others read and write the buffer(s) `v` may view.
  /// `elemBytes` is the element size in bytes of the access or buffer type.
  /// Loads return, and stores take, the element's bits zero-extended to 64.
  void initContents(State &st, unsigned s, const std::vector<Expr> &sizes,
                    bool zero, unsigned elemBytes);
  Expr load(State &st, const View &v, Expr linearIndex, unsigned elemBytes);
  /// `init` (null: true) is whether `value` is initialized.
  void store(State &st, const View &v, Expr linearIndex, Expr value,
             unsigned elemBytes, Expr init = Expr());
  /// Whether the value a load of `v` at `linearIndex` reads is initialized
  /// (every byte of it in byte mode); literally true where it cannot differ.
  Expr loadInit(State &st, const View &v, Expr linearIndex, unsigned elemBytes);
  /// Every buffer `v` may view is initialized everywhere.
  bool allInitialized(State &st, const View &v);
  /// Initializedness of values merged as mergeValues does (null: true).
  Expr mergeInits(const std::vector<Expr> &guards,
                  const std::vector<const SymValue *> &vals);
  /// The condition that the access of `elemBytes` bytes at `linearIndex` of
  /// `v` lies outside the buffer's bytes ([safety.oob]); slots of unknown
  /// size are not checked.
  Expr outsideBuffer(const View &v, Expr linearIndex, unsigned elemBytes);
  /// The contents of the buffer of `v` become unconstrained, and so does
  /// their initializedness, unless `writesInit` (whatever the op writes is
  /// initialized): then cells stay initialized and others may become so.
  void havoc(State &st, const View &v, bool writesInit = false);

  /// [verify.encoding.fusion]: renames the buffers of `group` (candidates
  /// of `v` that no other view may denote) to one new slot, the buffer `v`
  /// denotes among them; in `st` each of them counts as never allocated
  /// where `v` denotes it, and `v` gets the new slot as its candidate.
  /// Returns false (nothing changed) if their contents cannot be merged.
  bool fuse(State &st, View &v, const std::vector<unsigned> &group,
            mlir::Location loc);

  //===-- joins -----------------------------------------------------------===//
  /// Merges states reached under mutually exclusive guards.
  State merge(const std::vector<const State *> &states, llvm::StringRef name);
  /// Merges values under the guards of the merged states.
  SymValue mergeValues(const std::vector<Expr> &guards,
                       const std::vector<const SymValue *> &vals);
  Expr mergeExprs(const std::vector<Expr> &guards,
                  const std::vector<Expr> &vals);
  /// [verify.encoding.cfg]: the path of the next merge() of states, known to
  /// be the disjunction of their paths (an scf.if whose regions leave on
  /// the paths they were entered on); consumed by that merge. Null clears
  /// a hint no merge consumed.
  void hintJoinPath(Expr path) { joinPathHint = std::move(path); }

private:
  smt::Context &ctx;
  bool reuseAddresses;
  /// Contents are bytes (setByteContents).
  bool byteMode = false;
  /// Byte contents only: for a byte term known to be byte `k` of a 64-bit
  /// word term (`k` = -1: the zero byte, any position), keyed by the byte's
  /// term id. Loads of bytes of one word read back that word, so a value
  /// stored whole (an address selected by an if-then-else) is not a
  /// concatenation of bytes the solver must reassemble
  /// (Verify/Heap/Contents.cpp).
  struct ByteOrigin {
    Expr word;
    int k;
  };
  llvm::DenseMap<unsigned, ByteOrigin> byteOrigins;
  std::vector<Slot> slotTable;
  std::vector<Expr> constraintList; ///< definitions and input assumptions
  /// Per named term (a fresh constant `v` with the constraint `v == def`):
  /// v's term id -> index of that constraint ([verify.queries.local]).
  llvm::DenseMap<unsigned, size_t> definitionIndex;
  /// The keys of `definitionIndex` in the order they were added (their
  /// indices grow): a rolled-back loop iteration removes its own from the
  /// end instead of searching them all.
  std::vector<unsigned> definitionOrder;
  /// Merged views given an identity term ([verify.encoding.ids]).
  unsigned numIdentityTerms = 0;
  /// Per Boolean that mergeExprs made or kept (by term id): a guard outside
  /// which it is false (its "gate"), so that merging it again under a guard
  /// its gate implies keeps it as it is.
  llvm::DenseMap<unsigned, Expr> gates;
  /// Constraints on addresses; only needed once an address is observable
  /// (memref.extract_aligned_pointer_as_index), see constraintsToAssert().
  std::vector<Expr> addrConstraintList;
  bool addressesUsed = false;
  std::vector<Violation> violationList;
  std::vector<Stop> stopList;
  std::vector<SymEvent> eventList;
  std::vector<Lemma> lemmaList;
  /// See hintJoinPath.
  Expr joinPathHint;

  Expr addrInverse(Expr addr);
  Contents &contentsOf(State &st, unsigned s);
  /// Width of one content element: 8 in byte mode, else 64.
  unsigned cellWidth() const { return byteMode ? 8 : 64; }
  /// The byte offset of element `lin` of `v` from its buffer's base.
  Expr byteIndex(const View &v, Expr lin, unsigned elemBytes);
  /// The `n`-byte little-endian value at byte `at` of `c`, zero-extended to
  /// 64 (byte mode).
  Expr readBytes(const Contents &c, Expr at, unsigned n);
  /// What byte term `b` is known to be (byteOrigins): byte `k` of a word,
  /// or the zero byte (k = -1).
  std::optional<ByteOrigin> originOf(const Expr &b);
  /// Records that `cell`, the result of writing byte `k` of `word` where
  /// `p` holds over `old`, is byte `k` of `ite(p, word, old's word)`, when
  /// `old`'s origin is known and at the same position.
  void recordWrite(const Expr &cell, const Expr &old, const Expr &word, int k,
                   const Expr &p);
  /// Records the origin of a merged byte `merged` = mergeExprs(paths,
  /// bytes) when every merged byte is the same position of a known word.
  void recordMerge(const Expr &merged, const std::vector<Expr> &paths,
                   const std::vector<Expr> &bytes);
  Contents mergeContents(const std::vector<Expr> &paths,
                         const std::vector<const State *> &states, size_t s);
  /// Contents `cs[k]` selected by the mutually exclusive `sel[k]`; false if
  /// their shapes differ (`r` is then unconstrained contents of slot `s`).
  bool mergeContentsOf(const std::vector<Expr> &sel,
                       const std::vector<const Contents *> &cs, size_t s,
                       Contents &r);
};

} // namespace dealloc::verify

#endif // DEALLOC_VERIFY_SYMBOLICHEAP_H
