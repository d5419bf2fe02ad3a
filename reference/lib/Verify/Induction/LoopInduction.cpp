//===- LoopInduction.cpp - Unbounded proofs of structured loops -----------===//
//
// docs/verifier-proofs.md [verify.induction]. An `scf.while`, or an `scf.for`
// whose first iteration depends on the input, is proved for every trip count
// by induction over an *abstract loop header*: a state in which everything
// the body changes is unconstrained, the memref iter_args view either
// buffers that existed before the loop or one of the *summary slots* (one
// per memref iter_arg) that stand for the buffers earlier iterations
// allocated. Which slots, flags and contents the body changes is found by
// encoding it (a slot whose terms the abstract iteration leaves untouched
// keeps its entry terms), to a fixpoint.
//
// Candidate invariants of the header (Verify/Induction/LoopInvariants.cpp;
// Houdini, as [verify.lemmas], queries in
// Verify/Induction/LoopInductionQueries.cpp; the header itself in
// Verify/Induction/LoopHeader.cpp) are kept if they hold at the loop's entry
// and after one abstract iteration from a header that satisfies them; two are
// required: every memref iter_arg views a buffer of the loop or one of its
// entry candidates, and every live buffer an iteration allocated is viewed by a
// memref iter_arg (otherwise it could never be freed). If the abstract
// iteration reaches no violation and no stop (and, for scf.while, some
// integer before-argument strictly grows or shrinks, so every run ends),
// every run of the loop does neither, whatever its trip count, and the code
// after the loop continues from a fresh header constrained by the
// invariants. Anything else (a violation, a stop, a timeout, a lost required
// invariant) leaves the loop to the bounded unrolling of [verify.bound].
//
//===----------------------------------------------------------------------===//

#include "Encoder/Initialized.h"
#include "Induction/LoopInductionImpl.h"
#include "Ops/ControlOpsParallel.h"
#include "dealloc/Semantics/TypeSupport.h"

#include "dealloc/Support/SolverPolicy.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::induction;
using Cmp = smt::Context::Cmp;
using BinOp = smt::Context::BinOp;

void ForInduction::rollback(const Mark &m) {
  h.rollback(m);
  if (E.hints().inductionSolver())
    E.hints().inductionSolver()->heapCutTo(m.constraints);
  E.env().dropUnboundUses(m.unbound);
  llvm::erase_if(E.nesting().stackSlots,
                 [&](unsigned s) { return s >= m.slots; });
}

/// [equiv.loops]: the matched input-program sites of the allocation ops of
/// `loop` (its regions, nested ops and the functions it calls).
static std::set<int> matchedSitesOf(Encoder &E, Operation *loop) {
  std::set<Operation *> seen;
  std::vector<Operation *> work{loop};
  std::set<int> found;
  while (!work.empty()) {
    Operation *root = work.back();
    work.pop_back();
    root->walk([&](Operation *op) {
      auto it = E.sites()->siteOf.find(op);
      if (it != E.sites()->siteOf.end())
        found.insert(it->second);
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
  if (!E.setup() || !E.setup()->induction || h.reusesAddresses())
    return true;
  // [equiv.loops]: the header keeps the site counts and the epoch of
  // [equiv.def] as at the entry, which holds only where no iteration
  // allocates a matched site; other loops are unrolled.
  if (E.sites())
    loopSites = matchedSitesOf(E, op);
  if (!loopSites.empty()) {
    // Unless the relational proof of [equiv.loops] is asked for: at the
    // function level, or in the abstract iteration of a loop proved so
    // (whose record keeps this one's: attempt()).
    if (!E.setup()->relational)
      return true;
    relational = true;
  }
  if (!readBounds() || entry.guard.isFalse() || !readInits())
    return true;
  if (E.opts.timeoutMs)
    ms = std::min(ms, E.opts.timeoutMs);
  nOuter = h.numSlots();
  op->walk([&](memref::AllocaOp) { stackSummaries = true; });
  guessLoopBytes();
  collectLiveBools();
  init.st = entry;
  init.iv = counted ? lb : c.bvVal(kIndexWidth, 0);
  init.ran = c.boolVal(false);
  return attemptAll(st, proved);
}

bool ForInduction::readBounds() {
  if (forOp) {
    lb = E.getBV(forOp.getLowerBound());
    ub = E.getBV(forOp.getUpperBound());
    step = E.getBV(forOp.getStep());
    lt = forOp.getUnsignedCmp() ? Cmp::Ult : Cmp::Slt;
  } else if (parOp) {
    // [op.scf.parallel]: a 1-D scf.parallel runs as the scf.for whose
    // iter_args are the accumulators, each iteration then its reductions.
    if (parOp.getLowerBound().size() != 1)
      return false;
    lb = E.getBV(parOp.getLowerBound()[0]);
    ub = E.getBV(parOp.getUpperBound()[0]);
    step = E.getBV(parOp.getStep()[0]);
  }
  counted = forOp || parOp || affOp || pointOp; // affOp, pointOp: setBounds
  if (counted) {
    // A loop with literal bounds is unrolled ([verify.bound]) unless it
    // runs more iterations than the literal bound allows.
    Expr first = c.mkCmp(lt, lb, ub);
    if (first.isFalse() ||
        (first.isTrue() && !beyondLiteralBound(E, lb, ub, step)))
      return false;
  }
  return true;
}

bool ForInduction::readInits() {
  // scf.while: the before region's arguments are the carried values.
  ValueRange inits = forOp     ? ValueRange(forOp.getInitArgs())
                     : affOp   ? ValueRange(affOp.getInits())
                     : parOp   ? ValueRange(parOp.getInitVals())
                     : pointOp ? ValueRange()
                               : ValueRange(whileOp.getInits());
  for (Value v : inits) {
    iterTypes.push_back(v.getType());
    const SymValue &s = E.get(v);
    if (auto mt = dyn_cast<MemRefType>(v.getType())) {
      if (s.kind != SymValue::Kind::MemRef || s.view.cands.empty() ||
          s.view.retyped || !s.view.byteShift.isNull() ||
          scalarWidth(mt.getElementType()) == 0)
        return false;
    } else if (s.kind == SymValue::Kind::MemRef ||
               (scalarWidth(v.getType()) == 0 &&
                !isModelledVector(v.getType()))) { // [op.vector.values]
      return false;
    }
    init.iters.push_back(s);
  }
  return true;
}

bool ForInduction::attemptAll(State &st, bool &proved) {
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
    h.assume(e);
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
  h.assume(c.mkImplies(entry.guard, all(holds)));
  if (counted) {
    // A run that leaves a counted loop before any iteration has the lower
    // bound not below the upper one.
    h.assume(c.mkImplies(c.mkAnd(entry.guard, c.mkNot(X.ran)),
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
    if (!encodeRegion(E, X.st, whileOp.getBefore(), X.iters, before))
      return false;
    State atCond;
    std::vector<SymValue> condArgs;
    if (!mergeExits(E, atCond, before, condArgs, "condition")) {
      h.kill(st);
      for (Value r : whileOp.getResults())
        E.bind(r, E.dummyValue(r.getType()));
    } else {
      Expr cf = condFlag(condArgs[0]);
      requireInitialized(E, atCond, condArgs[0],
                         whileOp.getConditionOp().getLoc());
      h.narrow(atCond, c.mkNot(cf));
      for (auto [r, v] :
           llvm::zip(whileOp.getResults(), llvm::drop_begin(condArgs)))
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
    Header H, P;
    Expr assumed;
    unsigned attemptsBefore = 0;
    auto give_up = [&]() {
      E.clearFailure();
      rollback(mk);
      return true;
    };
    if (!encodeIteration(H, P, mk, assumed, attemptsBefore))
      return give_up();
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
    bool nested = E.stats().inductionAttempts != attemptsBefore;
    switch (checkIteration(H, P, mk, assumed, nested)) {
    case IterationCheck::Proved:
      done = true;
      break;
    case IterationCheck::Again:
      continue;
    case IterationCheck::NoProof:
      return true;
    }
  }
  if (!done)
    return true;
  if (!leaveLoop(st))
    return false;
  ++E.setup()->inducted;
  proved = true;
  return true;
}

bool ForInduction::encodeIteration(Header &H, Header &P, const Mark &mk,
                                   Expr &assumed, unsigned &attemptsBefore) {
  build(H);
  if (counted) {
    Expr cond = c.mkCmp(lt, H.iv, ub);
    H.st.guard = c.mkAnd(entry.guard, cond);
    H.st.path = c.mkAnd(entry.path, cond);
  }
  std::vector<Expr> hv = eval(H, /*assumed=*/true);
  std::vector<Expr> assume = H.wellFormed;
  assume.insert(assume.end(), hv.begin(), hv.end());
  assumed = c.mkAnd(assume);
  size_t bodySlots = h.numSlots();
  attemptsBefore = E.stats().inductionAttempts;
  E.hints().inductionAssumptions().push_back(assumed);
  bool lemmas = E.hints().recordingLemmas();
  E.hints().setRecordingLemmas(false);
  // [equiv.loops]: the loops of the iteration that allocate matched
  // sites are related inside it if this loop is, else unrolled.
  inner.clear();
  std::vector<LoopRecord> *records = E.setup()->relational;
  E.setup()->relational = relational ? &inner : nullptr;
  bool encoded = iterate(H, P);
  E.setup()->relational = records;
  E.hints().setRecordingLemmas(lemmas);
  E.hints().inductionAssumptions().pop_back();
  if (!encoded || E.env().unboundUses().size() > mk.unbound)
    return false;
  P.iv = counted ? c.mkBin(BinOp::Add, H.iv, step) : H.iv;
  P.ran = c.boolVal(true);
  P.loop = H.loop;
  for (unsigned s = bodySlots; s < h.numSlots(); ++s) {
    SlotKind k = h.slot(s).kind;
    if (k == SlotKind::Heap || (k == SlotKind::Stack && stackSummaries))
      P.loop.push_back(s);
    else if (k != SlotKind::Stack)
      return false;
  }
  return true;
}

ForInduction::IterationCheck
ForInduction::checkIteration(const Header &H, Header &P, const Mark &mk,
                             Expr assumed, bool nested) {
  // The queries of this iteration assume the invariants at its header.
  E.hints().inductionAssumptions().push_back(assumed);
  llvm::scope_exit unassume(
      [&]() { E.hints().inductionAssumptions().pop_back(); });
  // The candidates hold again after the iteration. Candidates dropped
  // here that the header was not built from, with no loop in the body
  // proved under the assumptions, leave the iteration's encoding as it
  // is: only the assumptions shrink, and the query is asked again.
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
        return IterationCheck::NoProof;
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
    return reencode ? IterationCheck::Again : IterationCheck::NoProof;
  }
  // No violation and no stop in one abstract iteration. Asked only of
  // the last round: the earlier ones assumed more candidates, so a
  // violation they reach is reached here too. [safety.defined]: by
  // default undefined behaviour ends the run (its input is excluded), so
  // it is no failed proof; the sites it may reach are recorded
  // (recordLoopStops) for the check to list with witnesses.
  std::vector<Expr> bad;
  for (size_t i = mk.violations; i < h.violations().size(); ++i)
    bad.push_back(h.violations()[i].cond);
  for (size_t i = mk.stops; i < h.stops().size(); ++i)
    if (E.opts.strictUB || !isUndefinedBehaviour(h.stops()[i].kind))
      bad.push_back(h.stops()[i].cond);
  if (!bad.empty() && !refuted(c.mkOr(bad), bad.size())) {
    E.clearFailure();
    rollback(mk);
    return IterationCheck::NoProof;
  }
  // No termination argument ([verify.induction]): the proof covers every
  // iteration of every run, so a run that never leaves an scf.while has
  // no violation in any iteration and, never returning, no leak.
  recordLoopStops(mk);
  if (relational)
    record(H, P, mk);
  rollback(mk);
  return IterationCheck::Proved;
}

bool ForInduction::iterate(Header &H, Header &P) {
  std::vector<RegionExit> exits;
  if (forOp || affOp) {
    std::vector<SymValue> args{SymValue::bv(H.iv)};
    args.insert(args.end(), H.iters.begin(), H.iters.end());
    Region &body = forOp ? forOp.getRegion() : affOp.getRegion();
    return encodeRegion(E, H.st, body, args, exits) &&
           mergeExits(E, P.st, exits, P.iters, "iteration");
  }
  if (parOp) {
    P.st = H.st;
    P.iters = H.iters;
    return encodeParallelIteration(E, P.st, parOp, {H.iv}, P.iters);
  }
  if (pointOp) {
    P.st = H.st;
    P.iters.clear();
    return encodePointIteration(E, P.st, pointOp->getRegion(0), {H.iv});
  }
  std::vector<RegionExit> before;
  State atCond;
  std::vector<SymValue> condArgs;
  if (!encodeRegion(E, H.st, whileOp.getBefore(), H.iters, before) ||
      !mergeExits(E, atCond, before, condArgs, "condition"))
    return false;
  Expr cf = condFlag(condArgs[0]);
  lastCont = cf;
  lastContGuard = atCond.guard;
  requireInitialized(E, atCond, condArgs[0], whileOp.getConditionOp().getLoc());
  h.narrow(atCond, cf);
  std::vector<SymValue> fwd(condArgs.begin() + 1, condArgs.end());
  return encodeRegion(E, atCond, whileOp.getAfter(), fwd, exits) &&
         mergeExits(E, P.st, exits, P.iters, "iteration");
}

Expr ForInduction::condFlag(const SymValue &v) {
  return v.kind == SymValue::Kind::Bool ? v.e : c.bvToBool(v.e);
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
  r.constraints.assign(h.constraints().begin() + mk.constraints,
                       h.constraints().end());
  r.addrConstraints.assign(h.addrConstraints().begin() + mk.addrConstraints,
                           h.addrConstraints().end());
  r.slots = h.slots();
  r.entryConstraints = mk.constraints;
  r.entryAddrConstraints = mk.addrConstraints;
  r.entrySlots = nOuter;
  r.headerSlots = nOuter + H.loop.size();
  r.inner = std::move(inner);
}

bool dealloc::verify::proveForByInduction(Encoder &E, State &st, scf::ForOp op,
                                          bool &proved) {
  ForInduction ind(E, op, st);
  return ind.run(st, proved);
}

bool dealloc::verify::proveAffineForByInduction(Encoder &E, State &st,
                                                affine::AffineForOp op, Expr lb,
                                                Expr ub, bool &proved) {
  ForInduction ind(E, op, st);
  ind.setBounds(lb, ub, E.ctx.bvVal(kIndexWidth, op.getStepAsInt()));
  return ind.run(st, proved);
}

bool dealloc::verify::provePointLoopByInduction(Encoder &E, State &st,
                                                Operation *op, Expr lb, Expr ub,
                                                Expr step, bool &proved) {
  ForInduction ind(E, op, st);
  ind.setBounds(lb, ub, step);
  return ind.run(st, proved);
}

bool dealloc::verify::proveParallelByInduction(Encoder &E, State &st,
                                               scf::ParallelOp op,
                                               bool &proved) {
  ForInduction ind(E, op, st);
  return ind.run(st, proved);
}

bool dealloc::verify::proveWhileByInduction(Encoder &E, State &st,
                                            scf::WhileOp op, bool &proved) {
  ForInduction ind(E, op, st);
  return ind.run(st, proved);
}

FunctionResult
dealloc::verify::checkFunctionWithInduction(ModuleOp module, func::FuncOp fn,
                                            const VerifyOptions &opts,
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
