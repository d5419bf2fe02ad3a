//===- ControlOps.cpp - Blocks and structured control flow ----------------===//
//
// docs/verifier-design.md [verify.encoding.cfg], spec/verification.md
// [verify.bound]: a region's blocks are encoded once each, in reverse
// post-order, with the state at a block the if-then-else merge of the states on
// its incoming edges (no path enumeration). Structured ops encode their regions
// the same way and merge the exits. Loops are unrolled: fully while the loop
// condition is a constant, and at most --unroll times while it depends on the
// input; a run that would iterate further stops there and the result is
// bounded. Calls are dispatched to Verify/Calls/CallEncoder.cpp, lemma points
// to Verify/Induction/Lemmas.cpp.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Induction/LoopInduction.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/SolverPolicy.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

bool dealloc::verify::mergeExits(Encoder &E, State &st,
                                 std::vector<RegionExit> &exits,
                                 std::vector<SymValue> &vals, StringRef name) {
  SymbolicHeap &heap = E.heap;
  if (exits.empty())
    return false;
  std::vector<const State *> states;
  std::vector<Expr> guards;
  for (RegionExit &x : exits) {
    states.push_back(&x.state);
    guards.push_back(x.state.path);
  }
  // A single exit's state is moved, not copied: callers read only the
  // exits' terminators and values afterwards.
  st = exits.size() == 1 ? std::move(exits[0].state) : heap.merge(states, name);
  vals.clear();
  for (size_t i = 0; i < exits[0].values.size(); ++i) {
    std::vector<const SymValue *> vs;
    for (RegionExit &x : exits)
      vs.push_back(&x.values[i]);
    vals.push_back(heap.mergeValues(guards, vs));
  }
  return true;
}

namespace {
/// A control-flow edge into a block: the state and the block's arguments.
struct Edge {
  State state;
  std::vector<SymValue> values;
};
using Incoming = llvm::DenseMap<Block *, std::vector<Edge>>;
} // namespace

/// The blocks of `region` in reverse post-order; fails on a back edge, a
/// cf loop, which is not encoded ([verify.encoding.cfg]).
static bool blockOrder(Encoder &E, Region &region,
                       std::vector<Block *> &order) {
  for (Block *b : llvm::post_order(&region.front()))
    order.push_back(b);
  std::reverse(order.begin(), order.end());
  llvm::DenseMap<Block *, unsigned> pos;
  for (auto [i, b] : llvm::enumerate(order))
    pos[b] = i;
  for (Block *b : order)
    for (Block *succ : b->getSuccessors())
      if (pos[succ] <= pos[b])
        return E.fail(Verdict::Unknown,
                      "loop in the control-flow graph (back edge to a block "
                      "of the region) is not encoded ([verify.encoding.cfg])",
                      b->getTerminator()->getLoc());
  return true;
}

/// The state at the entry of `b`, its incoming `edges` merged, and its
/// arguments bound; false if no run enters it.
static bool enterBlock(Encoder &E, State &st, Region &region, Block *b,
                       std::vector<Edge> &edges) {
  std::vector<const State *> states;
  std::vector<Expr> guards;
  for (Edge &e : edges) {
    states.push_back(&e.state);
    guards.push_back(e.state.path);
  }
  st = edges.size() == 1 ? std::move(edges[0].state)
                         : E.heap.merge(states, "block");
  if (st.guard.isFalse())
    return false;
  for (auto [i, arg] : llvm::enumerate(b->getArguments())) {
    std::vector<const SymValue *> vs;
    for (Edge &e : edges)
      vs.push_back(&e.values[i]);
    E.bind(arg, E.heap.mergeValues(guards, vs));
  }
  Location loc = b->empty() ? region.getLoc() : b->front().getLoc();
  if (fusing(E) && edges.size() > 1 && b->getNumArguments() > 0) {
    std::vector<const View *> others;
    for (Value v : E.liveValues(b, nullptr)) {
      auto a = dyn_cast<BlockArgument>(v);
      const SymValue &sv = *E.env().lookup(v);
      if ((!a || a.getOwner() != b) && sv.kind == SymValue::Kind::MemRef)
        others.push_back(&sv.view);
    }
    fuseMerged(E, st, SmallVector<Value>(b->getArguments()), others, loc);
  }
  // [verify.lemmas]: at joins, at the entry of a region (a loop
  // iteration, a callee) and after every structured op and call.
  if (E.hints().recordingLemmas() && (edges.size() > 1 || b == &region.front()))
    reachabilityLemma(E, st, b, nullptr, loc);
  return true;
}

static std::vector<SymValue> operandsOf(Encoder &E, OperandRange r) {
  std::vector<SymValue> vs;
  for (Value v : r)
    vs.push_back(E.get(v));
  return vs;
}

/// [op.cf.switch]: an edge per case, under its value and no earlier one's,
/// and the default edge under none.
static void switchEdges(Encoder &E, State &st, cf::SwitchOp sw,
                        Incoming &incoming) {
  smt::Context &ctx = E.ctx;
  Expr flag = E.getBV(sw.getFlag());
  requireInitialized(E, st, E.get(sw.getFlag()), sw.getLoc());
  std::vector<Expr> none;
  if (auto cases = sw.getCaseValues()) {
    for (auto [i, cv] : llvm::enumerate(cases->getValues<APInt>())) {
      Expr hit = ctx.mkEq(flag, ctx.bvVal(flag.bvWidth(), cv.getSExtValue()));
      State s = st;
      E.heap.narrow(s, ctx.mkAnd(hit, ctx.mkAnd(none)));
      none.push_back(ctx.mkNot(hit));
      incoming[sw.getCaseDestinations()[i]].push_back(
          Edge{s, operandsOf(E, sw.getCaseOperands(i))});
    }
  }
  State d = st;
  E.heap.narrow(d, ctx.mkAnd(none));
  incoming[sw.getDefaultDestination()].push_back(
      Edge{d, operandsOf(E, sw.getDefaultOperands())});
}

/// Passes `st` on along the terminator `term`: to the incoming edges of its
/// successors, or out of the region.
static bool leaveBlock(Encoder &E, State &st, Operation *term,
                       Incoming &incoming, std::vector<RegionExit> &exits) {
  if (auto br = dyn_cast<cf::BranchOp>(term)) {
    incoming[br.getDest()].push_back(
        Edge{std::move(st), operandsOf(E, br.getDestOperands())});
  } else if (auto cb = dyn_cast<cf::CondBranchOp>(term)) {
    Expr c = E.getBool(cb.getCondition());
    requireInitialized(E, st, E.get(cb.getCondition()), term->getLoc());
    State t = st, f = std::move(st);
    E.heap.narrow(t, c);
    E.heap.narrow(f, E.ctx.mkNot(c));
    incoming[cb.getTrueDest()].push_back(
        Edge{std::move(t), operandsOf(E, cb.getTrueDestOperands())});
    incoming[cb.getFalseDest()].push_back(
        Edge{std::move(f), operandsOf(E, cb.getFalseDestOperands())});
  } else if (auto sw = dyn_cast<cf::SwitchOp>(term)) {
    switchEdges(E, st, sw, incoming);
  } else if (lookupOp(term) && (term->hasTrait<OpTrait::ReturnLike>() ||
                                isa<scf::ConditionOp>(term))) {
    exits.push_back(
        RegionExit{term, std::move(st), operandsOf(E, term->getOperands())});
  } else {
    return E.unsupported(term, "terminator not modelled");
  }
  return true;
}

bool dealloc::verify::encodeRegion(Encoder &E, State entry, Region &region,
                                   ArrayRef<SymValue> args,
                                   std::vector<RegionExit> &exits) {
  if (region.empty())
    return true;
  // Terminators below set the op of unbound uses; restore the caller's.
  if (E.nesting().regionDepth >= SolverPolicy::maxRegionDepth)
    return E.fail(Verdict::Unknown,
                  "regions nested deeper than " +
                      std::to_string(SolverPolicy::maxRegionDepth) +
                      " (region ops and inlined calls) are not encoded "
                      "([verify.encoding.nesting])",
                  E.env().currentOp() ? E.env().currentOp()->getLoc()
                                      : region.getParentOp()->getLoc());
  struct Restore {
    Encoder &E;
    Operation *op;
    Expr guard;
    ~Restore() {
      E.env().setCurrent(op, guard);
      --E.nesting().regionDepth;
    }
  } restore{E, E.env().currentOp(), E.env().useGuard()};
  ++E.nesting().regionDepth;
  std::vector<Block *> order;
  if (!blockOrder(E, region, order))
    return false;
  Incoming incoming;
  incoming[&region.front()].push_back(
      Edge{std::move(entry), std::vector<SymValue>(args.begin(), args.end())});
  for (Block *b : order) {
    std::vector<Edge> edges = std::move(incoming[b]);
    incoming.erase(b);
    State st;
    if (edges.empty() || !enterBlock(E, st, region, b, edges))
      continue;
    for (Operation &op : b->without_terminator()) {
      if (!E.encodeOp(&op, st))
        return false;
      if (E.hints().recordingLemmas() &&
          (op.getNumRegions() > 0 || isa<func::CallOp>(op)))
        reachabilityLemma(E, st, b, &op, op.getLoc());
    }
    Operation *term = b->getTerminator();
    E.env().setCurrent(term, st.guard);
    if (!leaveBlock(E, st, term, incoming, exits))
      return false;
  }
  return true;
}

/// Encodes the regions of an op whose exits all continue after the op, and
/// binds its results.
static bool joinRegions(Encoder &E, State &st, Operation *op,
                        std::vector<RegionExit> &exits) {
  std::vector<SymValue> vals;
  if (!mergeExits(E, st, exits, vals, "join")) {
    E.heap.kill(st);
    for (Value r : op->getResults())
      E.bind(r, E.dummyValue(r.getType()));
    return true;
  }
  for (auto [r, v] : llvm::zip(op->getResults(), vals))
    E.bind(r, v);
  if (fusing(E) && exits.size() > 1 && op->getNumResults() > 0)
    fuseMerged(E, st, SmallVector<Value>(op->getResults()),
               liveViews(E, op->getBlock(), op, false), op->getLoc());
  return true;
}

/// Bookkeeping of one unrolled loop: the state of runs still iterating and
/// the exits of runs that left.
struct LoopUnroller {
  Encoder &E;
  Operation *loop;
  unsigned literal = 0, symbolic = 0;
  /// [verify.lemmas]: no lemma points in the iterations of a loop with
  /// literal bounds after the first (each point costs a term per slot, and
  /// such iterations, e.g. the helper loops of a lowered dealloc, add no
  /// fact).
  struct Iteration {
    Encoder &E;
    bool saved;
    Iteration(LoopUnroller &u, Expr cond)
        : E(u.E), saved(u.E.hints().recordingLemmas()) {
      if (cond.isTrue() && u.literal > 1)
        E.hints().setRecordingLemmas(false);
    }
    ~Iteration() { E.hints().setRecordingLemmas(saved); }
  };
  /// Decides whether to encode another iteration under `cond`; false when
  /// the loop is done (after cutting runs that need more iterations).
  bool another(State &running, Expr cond) {
    if (cond.isFalse() || running.guard.isFalse())
      return false;
    bool isLiteral = cond.isTrue();
    unsigned bound = isLiteral ? literalBound(E.opts) : E.opts.unroll;
    if (++(isLiteral ? literal : symbolic) > bound) {
      E.heap.stop(running, cond, loop->getLoc(), StopKind::LoopBound,
                  "loop bound " + std::to_string(bound) +
                      " reached ([verify.bound])",
                  bound);
      return false;
    }
    return true;
  }
};

/// [op.scf.if], [op.affine.if]: `thenR` on the runs where `c` holds, `elseR`
/// (or nothing, if empty) on the others, joined.
static bool encodeIf(Encoder &E, State &st, Operation *op, Expr c,
                     Region &thenR, Region &elseR) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  std::vector<RegionExit> exits;
  // `st` itself goes to the else branch: joinRegions assigns it afresh
  // (if no run leaves either region, it kills what is left of it, whose
  // per-slot vectors are then empty, which reads as "false / not yet
  // created"). A state holds a term per slot: not copied twice.
  Expr entryPath = st.path;
  State t = st, f = std::move(st);
  heap.narrow(t, c);
  heap.narrow(f, ctx.mkNot(c));
  Expr thenPath = t.path, elsePath = f.path;
  if (!t.guard.isFalse() && !encodeRegion(E, std::move(t), thenR, {}, exits))
    return false;
  if (elseR.empty())
    exits.push_back(RegionExit{nullptr, std::move(f), {}});
  else if (!f.guard.isFalse() &&
           !encodeRegion(E, std::move(f), elseR, {}, exits))
    return false;
  // [verify.encoding.cfg]: where each region leaves once, on the path it
  // was entered on, the join's path is the path before the op (P and c,
  // or P and not c, is P): nested joins keep their paths as terms, which
  // lets mergeExprs keep values of the then-region through them.
  if (exits.size() == 2 && exits[0].state.path.same(thenPath) &&
      exits[1].state.path.same(elsePath))
    heap.hintJoinPath(entryPath);
  bool joined = joinRegions(E, st, op, exits);
  heap.hintJoinPath(Expr());
  return joined;
}

/// A counted loop's bounds: from `lb` while below `ub` (unsigned or
/// signed), by the positive `step`.
struct CountedLoop {
  Expr lb, ub, step;
  bool unsignedCmp;
};

/// [op.scf.for], [op.affine.for] unrolled: iterations while the induction
/// variable is below the bound, and the loop is left when `iv + step`
/// overflows.
static bool encodeCountedLoop(Encoder &E, State &st, Operation *op,
                              const CountedLoop &l, ValueRange inits,
                              Region &region) {
  smt::Context &ctx = E.ctx;
  std::vector<SymValue> iters;
  for (Value v : inits)
    iters.push_back(E.get(v));
  std::vector<RegionExit> done;
  LoopUnroller unroller{E, op};
  Expr iv = l.lb;
  State running = st;
  Cmp lt = l.unsignedCmp ? Cmp::Ult : Cmp::Slt;
  Expr wrapped = ctx.boolVal(false);
  while (true) {
    Expr cond = ctx.mkAnd(ctx.mkNot(wrapped), ctx.mkCmp(lt, iv, l.ub));
    // A literal iteration (the helper loops of a lowered dealloc) leaves
    // no run: no copy of the state, which holds a term per slot.
    if (!cond.isTrue()) {
      State leave = running;
      E.heap.narrow(leave, ctx.mkNot(cond));
      if (!leave.guard.isFalse())
        done.push_back(RegionExit{nullptr, std::move(leave), iters});
    }
    if (!unroller.another(running, cond))
      break;
    // `running` is assigned afresh by mergeExits below.
    State body = std::move(running);
    E.heap.narrow(body, cond);
    std::vector<SymValue> args{SymValue::bv(iv)};
    args.insert(args.end(), iters.begin(), iters.end());
    std::vector<RegionExit> exits;
    LoopUnroller::Iteration iteration(unroller, cond);
    if (!encodeRegion(E, std::move(body), region, args, exits))
      return false;
    if (!mergeExits(E, running, exits, iters, "iteration"))
      break;
    Expr next = ctx.mkBin(BinOp::Add, iv, l.step);
    // The step is positive here, so the sum overflowed iff it is below iv.
    wrapped = ctx.mkCmp(lt, next, iv);
    iv = next;
  }
  return joinRegions(E, st, op, done);
}

static bool encodeIfOp(Encoder &E, State &st, scf::IfOp ifOp) {
  Location loc = ifOp.getLoc();
  Operation *op = ifOp;
  Expr c = E.getBool(ifOp.getCondition());
  requireInitialized(E, st, E.get(ifOp.getCondition()), loc);
  return encodeIf(E, st, op, c, ifOp.getThenRegion(), ifOp.getElseRegion());
}

static bool encodeAffineIf(Encoder &E, State &st, affine::AffineIfOp ifOp) {
  Location loc = ifOp.getLoc();
  Operation *op = ifOp;
  // [op.affine.if]: the then region iff every constraint holds.
  IntegerSet set = ifOp.getIntegerSet();
  ElementIndex v =
      affineResults(E,
                    AffineMap::get(set.getNumDims(), set.getNumSymbols(),
                                   set.getConstraints(), op->getContext()),
                    ifOp.getOperands());
  requireInitialized(E, st, v.operands, loc);
  if (!v.badDivisor.isNull())
    E.heap.stop(st, v.badDivisor, loc, StopKind::AffineDivisor,
                "affine mod/floordiv/ceildiv by a non-positive value "
                "(undefined behaviour, [op.affine.apply])");
  std::vector<Expr> holds;
  Expr zero = E.ctx.bvVal(kIndexWidth, 0);
  for (auto [k, e] : llvm::enumerate(v.indices))
    holds.push_back(set.isEq(k) ? E.ctx.mkEq(e, zero)
                                : E.ctx.mkCmp(Cmp::Sge, e, zero));
  return encodeIf(E, st, op, E.ctx.mkAnd(holds), ifOp.getThenRegion(),
                  ifOp.getElseRegion());
}

static bool encodeExecuteRegion(Encoder &E, State &st,
                                scf::ExecuteRegionOp ex) {
  Operation *op = ex;
  std::vector<RegionExit> exits;
  if (!encodeRegion(E, st, ex.getRegion(), {}, exits))
    return false;
  return joinRegions(E, st, op, exits);
}

/// [op.memref.alloca_scope]: the body once; the stack slots it allocated
/// are released on every exit of it.
static bool encodeAllocaScope(Encoder &E, State &st,
                              memref::AllocaScopeOp scope) {
  std::vector<unsigned> &stack = E.nesting().stackSlots;
  size_t mark = stack.size();
  std::vector<RegionExit> exits;
  if (!encodeRegion(E, st, scope.getBodyRegion(), {}, exits))
    return false;
  for (RegionExit &x : exits)
    releaseStack(E, x.state, ArrayRef<unsigned>(stack).drop_front(mark));
  stack.resize(mark);
  return joinRegions(E, st, scope, exits);
}

static bool encodeIndexSwitch(Encoder &E, State &st, scf::IndexSwitchOp sw) {
  Location loc = sw.getLoc();
  Operation *op = sw;
  Expr arg = E.getBV(sw.getArg());
  requireInitialized(E, st, E.get(sw.getArg()), loc);
  std::vector<RegionExit> exits;
  std::vector<Expr> none;
  for (auto [i, cv] : llvm::enumerate(sw.getCases())) {
    Expr hit = E.ctx.mkEq(arg, E.ctx.bvVal(kIndexWidth, cv));
    State s = st;
    E.heap.narrow(s, E.ctx.mkAnd(hit, E.ctx.mkAnd(none)));
    none.push_back(E.ctx.mkNot(hit));
    if (!s.guard.isFalse() &&
        !encodeRegion(E, std::move(s), sw.getCaseRegions()[i], {}, exits))
      return false;
  }
  State d = st;
  E.heap.narrow(d, E.ctx.mkAnd(none));
  if (!d.guard.isFalse() &&
      !encodeRegion(E, std::move(d), sw.getDefaultRegion(), {}, exits))
    return false;
  return joinRegions(E, st, op, exits);
}

static bool encodeFor(Encoder &E, State &st, scf::ForOp forOp) {
  Location loc = forOp.getLoc();
  Operation *op = forOp;
  Expr lb = E.getBV(forOp.getLowerBound()), ub = E.getBV(forOp.getUpperBound()),
       step = E.getBV(forOp.getStep());
  unsigned w = lb.bvWidth();
  requireInitialized(E, st, op->getOperands().take_front(3), loc);
  // [op.scf.for]: a step <= 0 is undefined behaviour.
  E.heap.stop(st, E.ctx.mkCmp(Cmp::Sle, step, E.ctx.bvVal(w, 0)), loc,
              StopKind::NonPositiveStep, "scf.for step is not positive");
  // [verify.induction]: proved for every trip count, or unrolled.
  bool proved = false;
  if (!proveForByInduction(E, st, forOp, proved))
    return false;
  if (proved)
    return true;
  return encodeCountedLoop(E, st, op, {lb, ub, step, forOp.getUnsignedCmp()},
                           forOp.getInitArgs(), forOp.getRegion());
}

static bool encodeAffineFor(Encoder &E, State &st, affine::AffineForOp forOp) {
  Location loc = forOp.getLoc();
  Operation *op = forOp;
  // [op.affine.for]: scf.for from the largest lower bound to the smallest
  // upper bound, by a constant positive step.
  ElementIndex lbs =
      affineResults(E, forOp.getLowerBoundMap(), forOp.getLowerBoundOperands());
  ElementIndex ubs =
      affineResults(E, forOp.getUpperBoundMap(), forOp.getUpperBoundOperands());
  if (lbs.indices.empty() || ubs.indices.empty())
    return E.unsupported(op, "affine.for bound map without results");
  for (const ElementIndex *b : {&lbs, &ubs}) {
    requireInitialized(E, st, b->operands, loc);
    if (!b->badDivisor.isNull())
      E.heap.stop(st, b->badDivisor, loc, StopKind::AffineDivisor,
                  "affine mod/floordiv/ceildiv by a non-positive value "
                  "(undefined behaviour, [op.affine.apply])");
  }
  auto pick = [&](const std::vector<Expr> &xs, Cmp better) {
    Expr r = xs.front();
    for (const Expr &x : llvm::drop_begin(xs))
      r = E.ctx.mkIte(E.ctx.mkCmp(better, x, r), x, r);
    return r;
  };
  CountedLoop loop{pick(lbs.indices, Cmp::Sgt), pick(ubs.indices, Cmp::Slt),
                   E.ctx.bvVal(kIndexWidth, forOp.getStepAsInt()), false};
  bool proved = false;
  if (!proveAffineForByInduction(E, st, forOp, loop.lb, loop.ub, proved))
    return false;
  if (proved)
    return true;
  return encodeCountedLoop(E, st, op, loop, forOp.getInits(),
                           forOp.getRegion());
}

static bool encodeWhile(Encoder &E, State &st, scf::WhileOp wh) {
  Operation *op = wh;
  // [verify.induction]: proved for every trip count, or unrolled.
  bool proved = false;
  if (!proveWhileByInduction(E, st, wh, proved))
    return false;
  if (proved)
    return true;
  std::vector<SymValue> inits;
  for (Value v : wh.getInits())
    inits.push_back(E.get(v));
  std::vector<RegionExit> done;
  LoopUnroller unroller{E, op};
  State running = st;
  while (true) {
    std::vector<RegionExit> before;
    if (!encodeRegion(E, running, wh.getBefore(), inits, before))
      return false;
    State atCond;
    std::vector<SymValue> condArgs;
    if (!mergeExits(E, atCond, before, condArgs, "condition"))
      break;
    // condArgs[0] is the scf.condition flag; the rest are forwarded.
    Expr c = condArgs[0].kind == SymValue::Kind::Bool
                 ? condArgs[0].e
                 : E.ctx.bvToBool(condArgs[0].e);
    requireInitialized(E, atCond, condArgs[0], wh.getConditionOp().getLoc());
    std::vector<SymValue> fwd(condArgs.begin() + 1, condArgs.end());
    if (!c.isTrue()) {
      State leave = atCond;
      E.heap.narrow(leave, E.ctx.mkNot(c));
      if (!leave.guard.isFalse())
        done.push_back(RegionExit{nullptr, std::move(leave), fwd});
    }
    if (!unroller.another(atCond, c))
      break;
    State body = std::move(atCond);
    E.heap.narrow(body, c);
    std::vector<RegionExit> after;
    LoopUnroller::Iteration iteration(unroller, c);
    if (!encodeRegion(E, std::move(body), wh.getAfter(), fwd, after))
      return false;
    if (!mergeExits(E, running, after, inits, "iteration"))
      break;
  }
  return joinRegions(E, st, op, done);
}

static bool encodeAssert(Encoder &E, State &st, cf::AssertOp as) {
  Location loc = as.getLoc();
  // [op.cf.assert]: a failed assertion aborts the program; the run ends
  // without a verdict of its own and is not a violation.
  requireInitialized(E, st, E.get(as.getArg()), loc);
  E.heap.narrow(st, E.getBool(as.getArg()));
  return true;
}

static bool encodeCallOp(Encoder &E, State &st, func::CallOp call) {
  Operation *op = call;
  auto callee =
      dyn_cast_or_null<func::FuncOp>(E.facts().index.lookup(call.getCallee()));
  if (!callee)
    return E.unsupported(op, "callee not found");
  std::vector<SymValue> args, results;
  for (Value v : call.getOperands())
    args.push_back(E.get(v));
  if (!encodeCall(E, st, callee, args, op, results))
    return false;
  for (auto [r, v] : llvm::zip(call.getResults(), results))
    E.bind(r, v);
  return true;
}

bool Encoder::encodeControl(Operation *op, State &st) {
  // [verify.lemmas]: values live after `op` stay reachable inside it.
  struct OuterScope {
    Encoder &E;
    bool pushed = false;
    ~OuterScope() {
      if (pushed)
        E.hints().liveOuter().pop_back();
    }
  } outerScope{*this};
  if (proofHints.recordingLemmas() &&
      (op->getNumRegions() > 0 || isa<func::CallOp>(op))) {
    proofHints.liveOuter().push_back({op, valueEnv.clock(), nullptr});
    outerScope.pushed = true;
  }
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](scf::IfOp x) { return encodeIfOp(*this, st, x); })
      .Case([&](affine::AffineIfOp x) { return encodeAffineIf(*this, st, x); })
      .Case([&](scf::ExecuteRegionOp x) {
        return encodeExecuteRegion(*this, st, x);
      })
      .Case(
          [&](scf::IndexSwitchOp x) { return encodeIndexSwitch(*this, st, x); })
      .Case([&](memref::AllocaScopeOp x) {
        return encodeAllocaScope(*this, st, x);
      })
      .Case([&](scf::ForOp x) { return encodeFor(*this, st, x); })
      .Case(
          [&](affine::AffineForOp x) { return encodeAffineFor(*this, st, x); })
      .Case([&](scf::WhileOp x) { return encodeWhile(*this, st, x); })
      .Case([&](cf::AssertOp x) { return encodeAssert(*this, st, x); })
      .Case([&](func::CallOp x) { return encodeCallOp(*this, st, x); })
      .Default([&](Operation *) { return notEncoded(op); });
}
