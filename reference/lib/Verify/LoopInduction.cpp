//===- LoopInduction.cpp - Unbounded proofs of structured loops ----------===//
//
// spec/verification.md [verify.induction]. An `scf.while`, or an `scf.for`
// whose first iteration depends on the input, is proved for every trip count
// by induction over an *abstract loop header*: a state in which everything
// the body changes is unconstrained, the memref iter_args view either
// buffers that existed before the loop or one of the *summary slots* (one
// per memref iter_arg) that stand for the buffers earlier iterations
// allocated. Which slots, flags and contents the body changes is found by
// encoding it (a slot whose terms the abstract iteration leaves untouched
// keeps its entry terms), to a fixpoint.
//
// Candidate invariants of the header (LoopInvariants.cpp; Houdini, as
// [verify.lemmas]) are kept if they hold at the loop's entry and after one
// abstract iteration from a header that satisfies them; two are required:
// every memref iter_arg views a buffer of the loop or one of its entry
// candidates, and every live buffer an iteration allocated is viewed by a
// memref iter_arg (otherwise it could never be freed). If the abstract
// iteration reaches no violation and no stop (and, for scf.while, some
// integer before-argument strictly grows or shrinks, so every run ends),
// every run of the loop does neither, whatever its trip count, and the code
// after the loop continues from a fresh header constrained by the
// invariants. Anything else (a violation, a stop, a timeout, a lost required
// invariant) leaves the loop to the bounded unrolling of [verify.bound].
//
//===----------------------------------------------------------------------===//

#include "LoopInductionImpl.h"
#include "Initialized.h"
#include "ParallelEncoder.h"

#include "dealloc/Support/SolverPolicy.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::induction;
using Cmp = smt::Context::Cmp;
using BinOp = smt::Context::BinOp;

void ForInduction::rollback(const Mark &m) {
  if (h.constraints.size() > m.constraints) {
    while (!h.definitionOrder.empty() &&
           h.definitions.lookup(h.definitionOrder.back()) >= m.constraints) {
      h.definitions.erase(h.definitionOrder.back());
      h.definitionOrder.pop_back();
    }
    h.constraints.resize(m.constraints);
  }
  if (E.hints().inductionSolver())
    E.hints().inductionSolver()->heapCutTo(m.constraints);
  h.violations.erase(h.violations.begin() + m.violations, h.violations.end());
  h.stops.erase(h.stops.begin() + m.stops, h.stops.end());
  h.events.erase(h.events.begin() + m.events, h.events.end());
  h.lemmas.erase(h.lemmas.begin() + m.lemmas, h.lemmas.end());
  E.env().dropUnboundUses(m.unbound);
  llvm::erase_if(E.nesting().stackSlots,
                 [&](unsigned s) { return s >= m.slots; });
  h.slots.erase(h.slots.begin() + m.slots, h.slots.end());
  h.addrConstraints.resize(m.addrConstraints);
}

View ForInduction::freshView(size_t j, const View &like,
                             const std::vector<unsigned> &loop,
                             std::vector<Expr> &wf) {
  std::set<unsigned> all;
  if (separate) {
    all = outerOf[j];
    all.insert(ownSlot(loop, j));
  } else {
    all.insert(outer.begin(), outer.end());
    all.insert(loop.begin(), loop.end());
  }
  View v;
  v.cands.assign(all.begin(), all.end());
  // Exactly one candidate: a selector, so the encoding stays linear in the
  // number of candidates (a chain of loops adds one per loop).
  Expr sel = c.freshBV("header_sel", kIdWidth);
  for (size_t k = 0; k < v.cands.size(); ++k)
    v.pts.push_back(c.mkEq(sel, c.bvVal(kIdWidth, k)));
  wf.push_back(c.mkCmp(Cmp::Ult, sel, c.bvVal(kIdWidth, v.cands.size())));
  v.addr = h.slots[v.cands.back()].addr;
  for (size_t k = v.cands.size() - 1; k-- > 0;)
    v.addr = c.mkIte(v.pts[k], h.slots[v.cands[k]].addr, v.addr);
  // A descriptor field whose "as at the entry" candidate is still kept is
  // the entry's term (the candidate is then trivially true of this header
  // and still checked after the iteration): no products of fresh sizes and
  // strides for the solver.
  std::string J = std::to_string(j);
  v.offset = alive("offset" + J) ? like.offset
                                 : c.freshBV("header_offset", kIndexWidth);
  for (size_t d = 0; d < like.sizes.size(); ++d) {
    std::string D = J + "/" + std::to_string(d);
    v.sizes.push_back(alive("size" + D)
                          ? like.sizes[d]
                          : c.freshBV("header_size", kIndexWidth));
    v.strides.push_back(alive("stride" + D)
                            ? like.strides[d]
                            : c.freshBV("header_stride", kIndexWidth));
  }
  return v;
}

/// A fresh header: the entry state with the changed flags and contents
/// unconstrained, fresh summary slots and fresh iter_args.
void ForInduction::build(Header &x) {
  shaping.clear();
  x.st = entry;
  x.st.alloc.resize(std::max<size_t>(x.st.alloc.size(), nOuter),
                    c.boolVal(false));
  x.st.freed.resize(std::max<size_t>(x.st.freed.size(), nOuter),
                    c.boolVal(false));
  // Kept "as at the entry" candidates keep the entry's terms.
  for (unsigned o : wFlags) {
    std::string O = std::to_string(o);
    SlotKind k = h.slots[o].kind;
    if ((k == SlotKind::Heap || k == SlotKind::Stack) && !alive("alloc" + O))
      x.st.alloc[o] = c.freshBool("header_alloc");
    if (!alive("freed" + O))
      x.st.freed[o] = c.freshBool("header_freed");
  }
  for (unsigned o : wMem)
    if (!alive("contents" + std::to_string(o)))
      h.havoc(x.st, h.wholeView(o, {}));
  // [equiv.loops]: where iterations allocate matched sites, the counts, the
  // epoch and the free points of the buffers the loop may free are
  // unconstrained (the relational invariant relates the versions' ones).
  if (relational) {
    x.st.siteCount.clear();
    for (size_t i = 0; i < E.sites()->names.size(); ++i)
      x.st.siteCount.push_back(c.freshBV("header_count", kIndexWidth));
    x.st.epoch = c.freshBV("header_epoch", kIndexWidth);
    for (unsigned o : wFlags)
      if (h.slots[o].site >= 0 || !h.slots[o].siteVar.isNull()) {
        if (o >= x.st.freedAt.size())
          x.st.freedAt.resize(o + 1, c.bvVal(kIndexWidth, 0));
        x.st.freedAt[o] = c.freshBV("header_freed_at", kIndexWidth);
      }
  }
  // [equiv.loops]: no iteration allocates a matched site, so a matched
  // buffer the loop frees is freed in the interval the loop starts in.
  else if (E.sites() && !entry.epoch.isNull())
    for (unsigned o : wFlags)
      if (h.slots[o].site >= 0 && !alive("freed" + std::to_string(o))) {
        if (o >= x.st.freedAt.size())
          x.st.freedAt.resize(o + 1, c.bvVal(kIndexWidth, 0));
        Expr before = o < entry.freedAt.size() ? entry.freedAt[o]
                                               : c.bvVal(kIndexWidth, 0);
        x.st.freedAt[o] = c.mkIte(h.freedOf(entry, o), before, entry.epoch);
      }
  size_t memrefs = 0;
  for (Type t : iterTypes)
    memrefs += isa<MemRefType>(t);
  for (size_t i = 0; i < memrefs; ++i) {
    unsigned s = h.newSlot(SlotKind::Heap, op->getLoc(),
                           "buffer of an earlier iteration", &x.st);
    x.st.alloc[s] = c.freshBool("summary_alloc");
    x.st.freed[s] = c.freshBool("summary_freed");
    h.slots[s].bytes = alive("loopbytes")
                           ? loopBytes
                           : c.freshBV("summary_bytes", kIndexWidth);
    if (s >= x.st.mem.size())
      x.st.mem.resize(s + 1);
    Contents cs;
    cs.array = c.freshArray("summary_contents", kIndexWidth,
                            h.byteContents ? 8 : 64);
    cs.initArray = c.freshArray("summary_init", kIndexWidth, 1);
    x.st.mem[s] = std::move(cs);
    if (relational) {
      h.slots[s].siteVar = c.freshBV("summary_site", kIdWidth);
      h.slots[s].siteInstance = c.freshBV("summary_instance", kIndexWidth);
      if (s >= x.st.freedAt.size())
        x.st.freedAt.resize(s + 1, c.bvVal(kIndexWidth, 0));
      x.st.freedAt[s] = c.freshBV("summary_freed_at", kIndexWidth);
    }
    x.loop.push_back(s);
  }
  x.iv = c.freshBV("header_iv", init.iv.bvWidth());
  x.ran = c.freshBool("header_ran");
  x.iters.clear();
  for (auto [j, v] : llvm::enumerate(init.iters)) {
    SymValue f;
    std::string J = std::to_string(j);
    if (v.kind == SymValue::Kind::MemRef) {
      f = SymValue::memref(freshView(j, v.view, x.loop, x.wellFormed));
    } else if (v.kind == SymValue::Kind::Bool) {
      // A flag kept constant is that constant (as descriptors above).
      f = SymValue::boolean(alive("true" + J)    ? c.boolVal(true)
                            : alive("false" + J) ? c.boolVal(false)
                                                 : c.freshBool("header_flag"));
    } else {
      f = SymValue::bv(alive("same" + J)
                           ? v.e
                           : c.freshBV("header_value", v.e.bvWidth()));
    }
    if (v.kind != SymValue::Kind::MemRef)
      f.init = alive("init" + J) ? Expr() : c.freshBool("header_init");
    x.iters.push_back(std::move(f));
  }
}

std::vector<Expr> ForInduction::eval(const Header &x, bool assumed) {
  std::vector<Expr> out;
  for (const Candidate &k : cands) {
    Expr v = k.holds(x);
    out.push_back(v.isNull() ? c.boolVal(assumed) : v);
  }
  return out;
}

Expr ForInduction::all(const std::vector<Expr> &vals) { return c.mkAnd(vals); }

std::vector<Expr> ForInduction::wanted() const {
  std::vector<Expr> want = h.constraintsToAssert();
  want.insert(want.end(), E.hints().inductionAssumptions().begin(),
              E.hints().inductionAssumptions().end());
  return want;
}

QueryConstraints ForInduction::wantedView() const {
  QueryConstraints q{h.constraints, {}};
  if (h.addressesUsed)
    q.extra = h.addrConstraints;
  llvm::append_range(q.extra, E.hints().inductionAssumptions());
  return q;
}

smt::Solver &ForInduction::base() {
  return E.hints().inductionSolver()->sync(wanted());
}

smt::Result ForInduction::check(Expr q, Use use,
                                const std::vector<Expr> *vals) {
  unsigned limit = queryMs();
  if (limit == 0)
    return smt::Result::Unknown;
  auto start = std::chrono::steady_clock::now();
  llvm::scope_exit count([&]() {
    ++E.stats().inductionQueries;
    E.stats().inductionSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  });
  if (!E.hints().inductionSolver())
    E.hints().inductionSolver() = std::make_shared<InductionSolver>(c);
  if (sliced) {
    // The whole-constraint solver is synchronized only when a query needs
    // it: each push internalizes what it adds.
    smt::Result r = E.hints().inductionSolver()->checkSlice(
        wantedView(), h.definitions, q, limit, vals, truth);
    E.stats().inductionReused = E.hints().inductionSolver()->answersReused;
    if (r == smt::Result::Unsat || (r == smt::Result::Sat && use != Use::Refute))
      return r;
  }
  smt::Solver &S = base();
  return E.hints().inductionSolver()->checkScoped(S, q, limit, vals, truth);
}

unsigned ForInduction::queryMs() const {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  deadline - std::chrono::steady_clock::now())
                  .count();
  return left <= 0 || smt::Budget::spent() ? 0 : std::min<unsigned>(ms, left);
}

bool ForInduction::refuted(Expr bad, size_t conditions) {
  // Hundreds of conditions (a loop with hundreds of memref iter_args):
  // the incremental solver took 4.5 s where bit-blasting the slice takes
  // a fraction of it.
  if (sliced && conditions > SolverPolicy::bitBlastOver) {
    unsigned limit = queryMs();
    if (limit != 0) {
      smt::Result r = E.hints().inductionSolver()->refuteSliceByBitBlasting(
          wantedView(), h.definitions, bad, limit);
      E.stats().inductionReused = E.hints().inductionSolver()->answersReused;
      if (r == smt::Result::Unsat)
        return true;
    }
  }
  return check(bad, Use::Refute) == smt::Result::Unsat;
}

bool ForInduction::dropLiterallyFalse(const std::vector<Expr> &vals) {
  truth.clear();
  bool any = false;
  for (auto [k, v] : llvm::zip(cands, vals)) {
    bool f = v.isFalse() && !k.required;
    truth.push_back(!f);
    any |= f;
  }
  if (any)
    dropFalse();
  return any;
}

bool ForInduction::dropFalse() {
  std::vector<Candidate> kept;
  bool ok = true;
  lastDropped.clear();
  for (size_t i = 0; i < cands.size(); ++i) {
    if (truth[i]) {
      kept.push_back(std::move(cands[i]));
      continue;
    }
    ok &= !cands[i].required;
    dropped.insert(cands[i].key);
    lastDropped.push_back(cands[i].key);
  }
  cands = std::move(kept);
  indexKeys();
  return ok;
}

/// Houdini at the entry: drops the candidates some run reaching the loop
/// violates; false if a required one is among them or a query is undecided.
bool ForInduction::entryHolds() {
  for (unsigned round = 0; round < SolverPolicy::inductionRounds; ++round) {
    std::vector<Expr> vals = eval(init);
    if (dropLiterallyFalse(vals))
      vals = eval(init);
    smt::Result r =
        check(c.mkAnd(entry.guard, c.mkNot(all(vals))), Use::Model, &vals);
    if (r == smt::Result::Unsat)
      return true;
    if (r != smt::Result::Sat || !dropFalse())
      return false;
  }
  return false;
}

/// [equiv.loops]: whether `loop` (its regions, nested ops and the
/// functions it calls) has an allocation op of a matched input-program site.
static bool allocatesMatchedSite(Encoder &E, Operation *loop) {
  std::set<Operation *> seen;
  std::vector<Operation *> work{loop};
  bool found = false;
  while (!work.empty() && !found) {
    Operation *root = work.back();
    work.pop_back();
    root->walk([&](Operation *op) {
      if (E.sites()->siteOf.count(op)) {
        found = true;
        return WalkResult::interrupt();
      }
      if (auto call = dyn_cast<func::CallOp>(op))
        if (auto fn = E.module.lookupSymbol<func::FuncOp>(call.getCallee()))
          if (seen.insert(fn).second)
            work.push_back(fn);
      return WalkResult::advance();
    });
  }
  return found;
}

/// A counted loop with literal bounds whose trip count is above the bound
/// of [verify.bound] for literal loops: unrolled, it would be cut.
static bool beyondLiteralBound(Encoder &E, const Expr &lb, const Expr &ub,
                               const Expr &step) {
  std::optional<int64_t> l = lb.bvLiteral(), u = ub.bvLiteral(),
                         s = step.bvLiteral();
  if (!l || !u || !s || *s <= 0 || *u <= *l)
    return false;
  uint64_t trips = (static_cast<uint64_t>(*u) - static_cast<uint64_t>(*l) +
                    static_cast<uint64_t>(*s) - 1) /
                   static_cast<uint64_t>(*s);
  return trips > literalBound(E.opts);
}

bool ForInduction::run(State &st, bool &proved) {
  proved = false;
  if (!E.setup() || !E.setup()->induction || h.reuseAddresses)
    return true;
  // [equiv.loops]: the header keeps the site counts and the epoch of
  // [equiv.def] as at the entry, which holds only where no iteration
  // allocates a matched site; other loops are unrolled.
  if (E.sites() && allocatesMatchedSite(E, op)) {
    // Unless the relational proof of [equiv.loops] is asked for, and the
    // loop is not inside another loop's abstract iteration (a loop of the
    // two versions is paired with the other's only at the function level).
    if (!E.setup()->relational || !E.hints().inductionAssumptions().empty())
      return true;
    relational = true;
  }
  if (forOp) {
    lb = E.getBV(forOp.getLowerBound());
    ub = E.getBV(forOp.getUpperBound());
    step = E.getBV(forOp.getStep());
    lt = forOp.getUnsignedCmp() ? Cmp::Ult : Cmp::Slt;
  } else if (parOp) {
    // [op.scf.parallel]: a 1-D scf.parallel runs as the scf.for whose
    // iter_args are the accumulators, each iteration then its reductions.
    if (parOp.getLowerBound().size() != 1)
      return true;
    lb = E.getBV(parOp.getLowerBound()[0]);
    ub = E.getBV(parOp.getUpperBound()[0]);
    step = E.getBV(parOp.getStep()[0]);
  }
  counted = forOp || parOp || affOp; // affOp: setAffineBounds
  if (counted) {
    // A loop with literal bounds is unrolled ([verify.bound]) unless it
    // runs more iterations than the literal bound allows.
    Expr first = c.mkCmp(lt, lb, ub);
    if (first.isFalse() || (first.isTrue() && !beyondLiteralBound(E, lb, ub, step)))
      return true;
  }
  if (entry.guard.isFalse())
    return true;
  // scf.while: the before region's arguments are the carried values.
  ValueRange inits = forOp    ? ValueRange(forOp.getInitArgs())
                     : affOp ? ValueRange(affOp.getInits())
                     : parOp ? ValueRange(parOp.getInitVals())
                             : ValueRange(whileOp.getInits());
  for (Value v : inits) {
    iterTypes.push_back(v.getType());
    const SymValue &s = E.get(v);
    if (auto mt = dyn_cast<MemRefType>(v.getType())) {
      if (s.kind != SymValue::Kind::MemRef || s.view.cands.empty() ||
          s.view.retyped || !s.view.byteShift.isNull() ||
          scalarWidth(mt.getElementType()) == 0)
        return true;
    } else if (s.kind == SymValue::Kind::MemRef || scalarWidth(v.getType()) == 0) {
      return true;
    }
    init.iters.push_back(s);
  }
  if (E.opts.timeoutMs)
    ms = std::min(ms, E.opts.timeoutMs);
  nOuter = h.slots.size();
  guessLoopBytes();
  init.st = entry;
  init.iv = counted ? lb : c.bvVal(kIndexWidth, 0);
  init.ran = c.boolVal(false);
  size_t memrefs = llvm::count_if(init.iters, [](const SymValue &s) {
    return s.kind == SymValue::Kind::MemRef;
  });
  // First with a summary slot per memref iter_arg (each iter_arg views
  // only its own and the buffers it may view at the entry: few candidates
  // per view), then, if that is no proof, with the slots shared.
  ++E.stats().inductionAttempts;
  for (bool sep : {true, false}) {
    if (sep && memrefs < 2)
      continue;
    separate = sep;
    // Queries on their slices first; if that is no proof (a slice's model
    // may drop a candidate some run keeps), on all constraints.
    for (bool slices : {true, false}) {
      sliced = slices;
      wFlags.clear();
      wMem.clear();
      outer.clear();
      outerOf.clear();
      dropped.clear();
      for (auto [j, s] : llvm::enumerate(init.iters))
        if (s.kind == SymValue::Kind::MemRef) {
          outer.insert(s.view.cands.begin(), s.view.cands.end());
          outerOf[j].insert(s.view.cands.begin(), s.view.cands.end());
        }
      deadline = std::chrono::steady_clock::now() +
                 std::chrono::milliseconds(SolverPolicy::loopBudgetMs);
      if (!attempt(st, proved))
        return false;
      if (proved)
        return true;
    }
  }
  return true;
}

unsigned ForInduction::ownSlot(const std::vector<unsigned> &loop,
                               size_t j) const {
  size_t m = 0;
  for (size_t i = 0; i < j; ++i)
    m += init.iters[i].kind == SymValue::Kind::MemRef;
  return loop[m];
}

/// What one iteration from H to P changes beyond the header: the outer
/// slots whose flags or contents it writes and the outer slots an iter_arg
/// may view. Whether the header grew; nullopt where an iter_arg's view is
/// one the header cannot state (retyped, shifted by bytes).
std::optional<bool> ForInduction::growHeader(const Header &H, const Header &P) {
  bool grew = false;
  for (unsigned o = 0; o < nOuter; ++o) {
    if (!h.allocOf(P.st, o).same(h.allocOf(H.st, o)) ||
        !h.freedOf(P.st, o).same(h.freedOf(H.st, o)))
      grew |= wFlags.insert(o).second;
    Contents none;
    const Contents &a = o < P.st.mem.size() ? P.st.mem[o] : none;
    const Contents &b = o < H.st.mem.size() ? H.st.mem[o] : none;
    if (!a.sameTerms(b))
      grew |= wMem.insert(o).second;
  }
  for (auto [j, y] : llvm::enumerate(P.iters)) {
    if (y.kind != SymValue::Kind::MemRef)
      continue;
    if (y.view.retyped || !y.view.byteShift.isNull())
      return std::nullopt;
    for (unsigned s : y.view.cands)
      if (s < nOuter) {
        grew |= outer.insert(s).second;
        if (separate)
          grew |= outerOf[j].insert(s).second;
      }
  }
  return grew;
}

/// After a proof: every run leaves the loop in a header state that
/// satisfies the invariants, so the encoding continues from a fresh one
/// (for scf.while, through the before region). Returns false only on
/// E.failure().
bool ForInduction::leaveLoop(State &st) {
  // Every run leaves the loop in a header state that satisfies the
  // invariants: continue from a fresh one.
  Header X;
  build(X);
  for (const Expr &e : X.wellFormed)
    h.constraints.push_back(e);
  // The induction variable is the body's: nothing after the loop sees X.iv,
  // and the candidates that mention it ("not ran: the lower bound", "not
  // below the lower bound") hold of some value whatever else does. Left
  // out, as 64-bit comparisons of a constant nothing else mentions, they
  // were a third of the one-shot query of a chain of 1,000 loops.
  std::vector<Expr> holds = eval(X, /*assumed=*/true);
  if (counted)
    llvm::erase_if(holds, [&](const Expr &e) {
      return c.mentionsAny({e}, {X.iv.termId()});
    });
  h.constraints.push_back(c.mkImplies(entry.guard, all(holds)));
  if (counted) {
    // A run that leaves a counted loop before any iteration has the lower
    // bound not below the upper one.
    h.constraints.push_back(c.mkImplies(c.mkAnd(entry.guard, c.mkNot(X.ran)),
                                        c.mkNot(c.mkCmp(lt, lb, ub))));
    prune(X);
    for (auto [r, v] : llvm::zip(op->getResults(), X.iters))
      E.bind(r, v);
    st = X.st;
  }
  if (relational) {
    // The pair's relation is asserted of this exit header.
    kept->X = X.st;
    kept->Xiters = X.iters;
    E.setup()->relational->push_back(std::move(*kept));
    kept.reset();
  }
  if (!counted) {
    // The loop leaves from a header through the before region.
    std::vector<RegionExit> before;
    if (!E.encodeRegion(whileOp.getBefore(), X.iters, X.st, before))
      return false;
    State atCond;
    std::vector<SymValue> condArgs;
    if (!E.mergeExits(before, atCond, condArgs, "condition")) {
      h.kill(st);
      for (Value r : whileOp.getResults())
        E.bind(r, E.dummyValue(r.getType()));
    } else {
      Expr cf = condFlag(condArgs[0]);
      requireInitialized(E, atCond, condArgs[0],
                         whileOp.getConditionOp().getLoc());
      h.narrow(atCond, c.mkNot(cf));
      for (auto [r, v] : llvm::zip(whileOp.getResults(),
                                   llvm::drop_begin(condArgs)))
        E.bind(r, v);
      st = atCond;
    }
  }
  return true;
}

bool ForInduction::attempt(State &st, bool &proved) {
  makeCandidates();
  bool checkEntry = true;
  bool done = false;
  for (unsigned round = 0; round < SolverPolicy::inductionRounds && !done;
       ++round) {
    if (checkEntry && !entryHolds())
      return true;
    checkEntry = false;
    Mark mk = mark();
    Header H;
    build(H);
    if (counted) {
      Expr cond = c.mkCmp(lt, H.iv, ub);
      H.st.guard = c.mkAnd(entry.guard, cond);
      H.st.path = c.mkAnd(entry.path, cond);
    }
    std::vector<Expr> hv = eval(H, /*assumed=*/true);
    std::vector<Expr> assume = H.wellFormed;
    assume.insert(assume.end(), hv.begin(), hv.end());
    Expr assumed = c.mkAnd(assume);
    size_t bodySlots = h.slots.size();
    unsigned attemptsBefore = E.stats().inductionAttempts;
    E.hints().inductionAssumptions().push_back(assumed);
    bool lemmas = E.hints().recordingLemmas();
    E.hints().setRecordingLemmas(false);
    Header P;
    bool encoded = iterate(H, P);
    E.hints().setRecordingLemmas(lemmas);
    E.hints().inductionAssumptions().pop_back();
    auto give_up = [&]() {
      E.clearFailure();
      rollback(mk);
      return true;
    };
    if (!encoded || E.env().unboundUses().size() > mk.unbound)
      return give_up();
    P.iv = counted ? c.mkBin(BinOp::Add, H.iv, step) : H.iv;
    P.ran = c.boolVal(true);
    P.loop = H.loop;
    for (unsigned s = bodySlots; s < h.slots.size(); ++s) {
      if (h.slots[s].kind == SlotKind::Heap)
        P.loop.push_back(s);
      else if (h.slots[s].kind != SlotKind::Stack)
        return give_up();
    }
    // What the body changes: grow the header to a fixpoint.
    std::optional<bool> grew = growHeader(H, P);
    if (!grew)
      return give_up();
    if (*grew) {
      rollback(mk);
      makeCandidates();
      checkEntry = true;
      continue;
    }
    // The queries of this iteration assume the invariants at its header.
    E.hints().inductionAssumptions().push_back(assumed);
    llvm::scope_exit unassume(
        [&]() { E.hints().inductionAssumptions().pop_back(); });
    // The candidates hold again after the iteration. Candidates dropped
    // here that the header was not built from, with no loop in the body
    // proved under the assumptions, leave the iteration's encoding as it
    // is: only the assumptions shrink, and the query is asked again.
    bool nested = E.stats().inductionAttempts != attemptsBefore;
    smt::Result r = smt::Result::Unknown;
    bool reencode = false;
    while (true) {
      std::vector<Expr> pv = eval(P);
      if (!dropLiterallyFalse(pv)) {
        r = check(c.mkAnd(P.st.guard, c.mkNot(all(pv))), Use::Model, &pv);
        if (r != smt::Result::Sat)
          break;
        if (!dropFalse()) {
          rollback(mk);
          return true;
        }
      }
      if (nested || llvm::any_of(lastDropped, [&](const std::string &k) {
            return shaping.count(k);
          })) {
        reencode = true;
        break;
      }
      std::vector<Expr> again = H.wellFormed;
      llvm::append_range(again, eval(H, /*assumed=*/true));
      E.hints().inductionAssumptions().back() = c.mkAnd(again);
    }
    if (reencode || r != smt::Result::Unsat) {
      rollback(mk);
      if (reencode)
        continue;
      return true;
    }
    // No violation and no stop in one abstract iteration. Asked only of
    // the last round: the earlier ones assumed more candidates, so a
    // violation they reach is reached here too.
    std::vector<Expr> bad;
    for (size_t i = mk.violations; i < h.violations.size(); ++i)
      bad.push_back(h.violations[i].cond);
    for (size_t i = mk.stops; i < h.stops.size(); ++i)
      bad.push_back(h.stops[i].cond);
    if (!bad.empty() && !refuted(c.mkOr(bad), bad.size()))
      return give_up();
    // scf.while terminates: some integer before-argument strictly grows
    // (or shrinks) in every iteration, signed or unsigned, so no run
    // iterates more than 2^64 times.
    if (whileOp && !terminates(H, P))
      return give_up();
    if (relational)
      record(H, P, mk);
    rollback(mk);
    done = true;
  }
  if (!done)
    return true;
  if (!leaveLoop(st))
    return false;
  ++E.setup()->inducted;
  proved = true;
  return true;
}

bool ForInduction::iterate(Header &H, Header &P) {
  std::vector<RegionExit> exits;
  if (forOp || affOp) {
    std::vector<SymValue> args{SymValue::bv(H.iv)};
    args.insert(args.end(), H.iters.begin(), H.iters.end());
    Region &body = forOp ? forOp.getRegion() : affOp.getRegion();
    return E.encodeRegion(body, args, H.st, exits) &&
           E.mergeExits(exits, P.st, P.iters, "iteration");
  }
  if (parOp) {
    P.st = H.st;
    P.iters = H.iters;
    return encodeParallelIteration(E, parOp, {H.iv}, P.st, P.iters);
  }
  std::vector<RegionExit> before;
  State atCond;
  std::vector<SymValue> condArgs;
  if (!E.encodeRegion(whileOp.getBefore(), H.iters, H.st, before) ||
      !E.mergeExits(before, atCond, condArgs, "condition"))
    return false;
  Expr cf = condFlag(condArgs[0]);
  lastCont = cf;
  lastContGuard = atCond.guard;
  requireInitialized(E, atCond, condArgs[0],
                     whileOp.getConditionOp().getLoc());
  h.narrow(atCond, cf);
  std::vector<SymValue> fwd(condArgs.begin() + 1, condArgs.end());
  return E.encodeRegion(whileOp.getAfter(), fwd, atCond, exits) &&
         E.mergeExits(exits, P.st, P.iters, "iteration");
}

void ForInduction::prune(Header &X) {
  // The candidates some run reaches after the loop, for all memref results
  // at once: each model of "some candidate not yet seen" shows at least
  // one candidate per result (one run: usually one of every result), and
  // when no run reaches any of those left, they all go. The 150 memref
  // iter_args of one loop took about 300 such queries one result at a
  // time (75 % of the proof), a few together.
  // reached[j][k]: candidate k of result j; `open`: (j, k) not yet seen.
  // The loop's own summary slots are kept without a query: some run
  // iterates and yields a buffer of the loop unless the loop never runs or
  // never yields one, where a slot kept is merely a candidate no run takes
  // (a chain of loops drops it at the next loop, as a candidate of its
  // entry). Asking cost a query per loop of a chain of 4,000 loops.
  std::vector<std::vector<bool>> reached(X.iters.size());
  std::vector<std::pair<size_t, size_t>> open;
  for (auto [j, v] : llvm::enumerate(X.iters))
    if (v.kind == SymValue::Kind::MemRef && v.view.cands.size() >= 2) {
      reached[j].assign(v.view.cands.size(), false);
      for (size_t k = 0; k < v.view.cands.size(); ++k) {
        if (llvm::is_contained(X.loop, v.view.cands[k]))
          reached[j][k] = true;
        else
          open.push_back({j, k});
      }
    }
  while (!open.empty()) {
    std::vector<Expr> pts;
    for (auto [j, k] : open)
      pts.push_back(X.iters[j].view.pts[k]);
    smt::Result r = check(c.mkAnd(entry.guard, c.mkOr(pts)), Use::Keep, &pts);
    if (r == smt::Result::Unsat)
      break;
    std::vector<std::pair<size_t, size_t>> rest;
    for (size_t i = 0; i < open.size(); ++i) {
      auto [j, k] = open[i];
      if (r == smt::Result::Sat && truth[i])
        reached[j][k] = true;
      else
        rest.push_back(open[i]);
    }
    // Undecided, or a model that shows none: keep them all.
    if (rest.size() == open.size()) {
      for (auto [j, k] : rest)
        reached[j][k] = true;
      break;
    }
    open = std::move(rest);
  }
  for (auto [j, v] : llvm::enumerate(X.iters)) {
    if (v.kind != SymValue::Kind::MemRef || v.view.cands.size() < 2)
      continue;
    View &w = v.view;
    View kept = w;
    kept.cands.clear();
    kept.pts.clear();
    for (auto [k, s] : llvm::enumerate(w.cands)) {
      if (!reached[j][k])
        continue;
      kept.cands.push_back(s);
      kept.pts.push_back(w.pts[k]);
    }
    if (kept.cands.empty() || kept.cands.size() == w.cands.size())
      continue;
    kept.addr = h.slots[kept.cands.back()].addr;
    for (size_t k = kept.cands.size() - 1; k-- > 0;)
      kept.addr = c.mkIte(kept.pts[k], h.slots[kept.cands[k]].addr, kept.addr);
    w = std::move(kept);
  }
}

Expr ForInduction::condFlag(const SymValue &v) {
  return v.kind == SymValue::Kind::Bool ? v.e : c.bvToBool(v.e);
}

bool ForInduction::terminates(const Header &H, const Header &P) {
  for (auto [x, y] : llvm::zip(H.iters, P.iters)) {
    if (x.kind != SymValue::Kind::BV || y.kind != SymValue::Kind::BV)
      continue;
    for (Cmp p : {Cmp::Sgt, Cmp::Slt, Cmp::Ugt, Cmp::Ult})
      if (check(c.mkAnd(P.st.guard, c.mkNot(c.mkCmp(p, y.e, x.e))),
                Use::Refute) ==
          smt::Result::Unsat)
        return true;
  }
  return false;
}

void ForInduction::record(const Header &H, const Header &P, const Mark &mk) {
  kept.emplace();
  LoopRecord &r = *kept;
  r.op = op;
  r.counted = counted;
  r.lt = lt;
  r.lb = lb;
  r.ub = ub;
  r.step = step;
  r.entry = entry;
  r.entryIters = init.iters;
  r.H = H.st;
  r.P = P.st;
  r.Hiv = H.iv;
  r.Piv = P.iv;
  r.Hiters = H.iters;
  r.Piters = P.iters;
  r.assumed = E.hints().inductionAssumptions().back();
  if (counted) {
    r.cont = c.mkCmp(lt, H.iv, ub);
    r.contGuard = entry.guard;
  } else {
    r.cont = lastCont;
    r.contGuard = lastContGuard;
  }
  r.constraints.assign(h.constraints.begin() + mk.constraints,
                       h.constraints.end());
  r.addrConstraints.assign(h.addrConstraints.begin() + mk.addrConstraints,
                           h.addrConstraints.end());
  r.slots = h.slots;
  r.entryConstraints = mk.constraints;
  r.entryAddrConstraints = mk.addrConstraints;
  r.headerSlots = nOuter + H.loop.size();
}

bool dealloc::verify::proveForByInduction(Encoder &E, scf::ForOp op, State &st,
                                          bool &proved) {
  ForInduction ind(E, op, st);
  return ind.run(st, proved);
}

bool dealloc::verify::proveAffineForByInduction(Encoder &E,
                                                affine::AffineForOp op,
                                                Expr lb, Expr ub, State &st,
                                                bool &proved) {
  ForInduction ind(E, op, st);
  ind.setAffineBounds(lb, ub);
  return ind.run(st, proved);
}

bool dealloc::verify::proveParallelByInduction(Encoder &E,
                                               scf::ParallelOp op, State &st,
                                               bool &proved) {
  ForInduction ind(E, op, st);
  return ind.run(st, proved);
}

bool dealloc::verify::proveWhileByInduction(Encoder &E, scf::WhileOp op,
                                            State &st, bool &proved) {
  ForInduction ind(E, op, st);
  return ind.run(st, proved);
}

FunctionResult dealloc::verify::checkFunctionWithInduction(
    ModuleOp module, func::FuncOp fn, const VerifyOptions &opts,
    CheckSetup &setup) {
  setup.induction = true;
  setup.inducted = 0;
  FunctionResult r = checkFunction(module, fn, opts, setup);
  if (r.verdict == Verdict::Safe || setup.inducted == 0)
    return r;
  // Answers other than SAFE come from the exact (unrolled) encoding.
  setup.induction = false;
  setup.summarised.clear();
  FunctionResult exact = checkFunction(module, fn, opts, setup);
  exact.seconds += r.seconds;
  return exact;
}
