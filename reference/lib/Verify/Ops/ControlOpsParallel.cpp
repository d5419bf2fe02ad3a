//===- ControlOpsParallel.cpp - scf.parallel ------------------------------===//
//
// spec/operations.md [op.scf.parallel]: one loop per dimension, the first
// outermost, so that the iterations come in lexicographic order of the
// induction variables, as dealloc-run runs them; after each iteration the
// scf.reduce operands are combined into the accumulators by the reduction
// regions. Each loop is unrolled like scf.for ([verify.bound]): completely
// while its condition is a constant (up to 1024 iterations), else `--unroll`
// times, with a bound stop for runs that iterate more. A 1-D scf.parallel
// is first proved for every trip count ([verify.induction]). A result-less
// scf.forall ([op.scf.forall]) and affine.parallel ([op.affine.parallel])
// are the scf.parallel of their bounds without reductions.
//
//===----------------------------------------------------------------------===//
#include "Ops/ControlOpsParallel.h"
#include "Encoder/Initialized.h"
#include "Induction/LoopInduction.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;

bool dealloc::verify::encodeParallelIteration(Encoder &E, State &st,
                                              scf::ParallelOp op,
                                              llvm::ArrayRef<Expr> ivs,
                                              std::vector<SymValue> &accs) {
  Block &b = op.getRegion().front();
  for (auto [arg, iv] : llvm::zip(b.getArguments(), ivs))
    E.bind(arg, SymValue::bv(iv));
  for (Operation &o : b.without_terminator())
    if (!E.encodeOp(&o, st))
      return false;
  auto reduce = cast<scf::ReduceOp>(b.getTerminator());
  for (auto [i, region] : llvm::enumerate(reduce.getReductions())) {
    Block &rb = region.front();
    E.bind(rb.getArgument(0), accs[i]);
    E.bind(rb.getArgument(1), E.get(reduce.getOperands()[i]));
    for (Operation &o : rb.without_terminator())
      if (!E.encodeOp(&o, st))
        return false;
    accs[i] = E.get(cast<scf::ReduceReturnOp>(rb.getTerminator()).getResult());
  }
  return true;
}

/// A forall's in_parallel terminator is empty: the op has no shared
/// outputs.
bool dealloc::verify::encodePointIteration(Encoder &E, State &st, Region &body,
                                           llvm::ArrayRef<Expr> ivs) {
  Block &b = body.front();
  for (auto [arg, iv] : llvm::zip(b.getArguments(), ivs))
    E.bind(arg, SymValue::bv(iv));
  for (Operation &o : b.without_terminator())
    if (!E.encodeOp(&o, st))
      return false;
  return true;
}

namespace {
struct ParallelEncoding {
  Encoder &E;
  Operation *op; ///< an scf.parallel, a result-less scf.forall or
                 ///< affine.parallel
  std::vector<Expr> lbs, ubs, steps;
  std::vector<Expr> ivs;

  /// The loops of dimensions d and inward from `st`; on return `st` and
  /// `accs` are those after them.
  bool loops(unsigned d, State &st, std::vector<SymValue> &accs) {
    if (d == lbs.size()) {
      if (isa<scf::ForallOp, affine::AffineParallelOp>(op))
        return encodePointIteration(E, st, op->getRegion(0), ivs);
      return encodeParallelIteration(E, st, cast<scf::ParallelOp>(op), ivs,
                                     accs);
    }
    smt::Context &ctx = E.ctx;
    std::vector<RegionExit> done;
    std::vector<SymValue> cur = accs;
    unsigned literal = 0, symbolic = 0;
    Expr iv = lbs[d];
    State running = st;
    // [op.scf.parallel]: a dimension also ends when `iv + step` overflows.
    Expr wrapped = ctx.boolVal(false);
    while (true) {
      Expr cond =
          ctx.mkAnd(ctx.mkNot(wrapped), ctx.mkCmp(Cmp::Slt, iv, ubs[d]));
      State leave = running;
      E.heap.narrow(leave, ctx.mkNot(cond));
      if (!leave.guard.isFalse())
        done.push_back(RegionExit{nullptr, leave, cur});
      if (cond.isFalse() || running.guard.isFalse())
        break;
      bool isLiteral = cond.isTrue();
      unsigned bound = isLiteral ? literalBound(E.opts) : E.opts.unroll;
      if (++(isLiteral ? literal : symbolic) > bound) {
        E.heap.stop(running, cond, op->getLoc(), StopKind::LoopBound,
                    "loop bound " + std::to_string(bound) +
                        " reached ([verify.bound])",
                    bound);
        break;
      }
      State iteration = running;
      E.heap.narrow(iteration, cond);
      ivs.push_back(iv);
      bool ok = loops(d + 1, iteration, cur);
      ivs.pop_back();
      if (!ok)
        return false;
      running = std::move(iteration);
      Expr next = ctx.mkBin(smt::Context::BinOp::Add, iv, steps[d]);
      // The step is positive here, so the sum overflowed iff it is below iv.
      wrapped = ctx.mkCmp(Cmp::Slt, next, iv);
      iv = next;
    }
    std::vector<SymValue> vals;
    if (!mergeExits(E, st, done, vals, "parallel")) {
      E.heap.kill(st);
      vals.clear();
      for (Value r : op->getResults())
        vals.push_back(E.dummyValue(r.getType()));
    }
    accs = std::move(vals);
    return true;
  }
};
} // namespace

/// [verify.induction]: a 1-D result-less forall or affine.parallel is the
/// scf.for of its bounds without iter_args, proved for every trip count or
/// else unrolled.
static bool unrollUnlessProved(ParallelEncoding &pe, State &st,
                               std::vector<SymValue> &none) {
  bool proved = false;
  if (pe.lbs.size() == 1 &&
      !provePointLoopByInduction(pe.E, st, pe.op, pe.lbs[0], pe.ubs[0],
                                 pe.steps[0], proved))
    return false;
  return proved || pe.loops(0, st, none);
}

bool dealloc::verify::encodeScfParallel(Encoder &E, State &st,
                                        scf::ParallelOp op) {
  smt::Context &ctx = E.ctx;
  Location loc = op.getLoc();
  // [verify.lemmas]: values live after `op` stay reachable inside it.
  bool pushed = E.hints().recordingLemmas();
  if (pushed)
    E.hints().liveOuter().push_back({op, E.env().clock(), nullptr});
  ParallelEncoding pe{E, op, {}, {}, {}, {}};
  for (Value v : op.getLowerBound())
    pe.lbs.push_back(E.getBV(v));
  for (Value v : op.getUpperBound())
    pe.ubs.push_back(E.getBV(v));
  for (Value v : op.getStep())
    pe.steps.push_back(E.getBV(v));
  requireInitialized(E, st, op->getOperands().take_front(3 * pe.lbs.size()),
                     loc);
  // A step <= 0 is undefined behaviour, as for scf.for.
  std::vector<Expr> bad;
  for (const Expr &s : pe.steps)
    bad.push_back(ctx.mkCmp(Cmp::Sle, s, ctx.bvVal(s.bvWidth(), 0)));
  if (!bad.empty())
    E.heap.stop(st, ctx.mkOr(bad), loc, StopKind::NonPositiveStep,
                "scf.parallel step is not positive");
  std::vector<SymValue> accs;
  for (Value v : op.getInitVals())
    accs.push_back(E.get(v));
  // [verify.induction]: a 1-D scf.parallel is the scf.for whose iter_args
  // are the accumulators, proved for every trip count or unrolled.
  bool proved = false;
  bool ok = pe.lbs.size() != 1 || proveParallelByInduction(E, st, op, proved);
  if (ok && !proved)
    ok = pe.loops(0, st, accs);
  if (pushed)
    E.hints().liveOuter().pop_back();
  if (!ok)
    return false;
  if (!proved)
    for (auto [r, v] : llvm::zip(op.getResults(), accs))
      E.bind(r, v);
  return true;
}

bool dealloc::verify::encodeForall(Encoder &E, State &st, scf::ForallOp op) {
  smt::Context &ctx = E.ctx;
  Location loc = op.getLoc();
  if (!op.getOutputs().empty())
    return E.unsupported(op, "scf.forall with shared outputs");
  bool pushed = E.hints().recordingLemmas();
  if (pushed)
    E.hints().liveOuter().push_back({op, E.env().clock(), nullptr});
  ParallelEncoding pe{E, op, {}, {}, {}, {}};
  SmallVector<Value, 4> dynamic;
  auto bounds = [&](ArrayRef<OpFoldResult> xs, std::vector<Expr> &out) {
    for (OpFoldResult x : xs) {
      if (auto a = dyn_cast<Attribute>(x)) {
        out.push_back(ctx.bvVal(kIndexWidth, cast<IntegerAttr>(a).getInt()));
        continue;
      }
      dynamic.push_back(cast<Value>(x));
      out.push_back(E.getBV(cast<Value>(x)));
    }
  };
  // dealloc-run decides the bounds in this order: lower, upper, steps.
  bounds(op.getMixedLowerBound(), pe.lbs);
  bounds(op.getMixedUpperBound(), pe.ubs);
  bounds(op.getMixedStep(), pe.steps);
  requireInitialized(E, st, ValueRange(dynamic), loc);
  std::vector<Expr> bad;
  for (const Expr &s : pe.steps)
    bad.push_back(ctx.mkCmp(Cmp::Sle, s, ctx.bvVal(s.bvWidth(), 0)));
  E.heap.stop(st, ctx.mkOr(bad), loc, StopKind::NonPositiveStep,
              "scf.forall with a non-positive step (undefined behaviour)");
  std::vector<SymValue> none;
  bool ok = unrollUnlessProved(pe, st, none);
  if (pushed)
    E.hints().liveOuter().pop_back();
  return ok;
}

bool dealloc::verify::encodeAffineParallel(Encoder &E, State &st,
                                           affine::AffineParallelOp op) {
  smt::Context &ctx = E.ctx;
  Location loc = op.getLoc();
  if (op.getNumResults() != 0)
    return E.unsupported(op, "affine.parallel with reductions");
  ParallelEncoding pe{E, op, {}, {}, {}, {}};
  // As dealloc-run: the lower bounds of every dimension, then the upper
  // ones; per dimension the largest lower, the smallest upper bound.
  auto bound = [&](AffineMap map, ValueRange operands, Cmp better,
                   std::vector<Expr> &out) {
    ElementIndex b = affineResults(E, map, operands);
    if (b.indices.empty())
      return false;
    requireInitialized(E, st, b.operands, loc);
    if (!b.badDivisor.isNull())
      E.heap.stop(st, b.badDivisor, loc, StopKind::AffineDivisor,
                  "affine mod/floordiv/ceildiv by a non-positive value "
                  "(undefined behaviour, [op.affine.apply])");
    Expr r = b.indices.front();
    for (const Expr &x : llvm::drop_begin(b.indices))
      r = ctx.mkIte(ctx.mkCmp(better, x, r), x, r);
    out.push_back(r);
    return true;
  };
  unsigned n = op.getNumDims();
  for (unsigned d = 0; d < n; ++d)
    if (!bound(op.getLowerBoundMap(d), op.getLowerBoundsOperands(), Cmp::Sgt,
               pe.lbs))
      return E.unsupported(op, "affine.parallel bound map without results");
  for (unsigned d = 0; d < n; ++d)
    if (!bound(op.getUpperBoundMap(d), op.getUpperBoundsOperands(), Cmp::Slt,
               pe.ubs))
      return E.unsupported(op, "affine.parallel bound map without results");
  bool nonPositive = false;
  for (int64_t s : op.getSteps()) {
    pe.steps.push_back(ctx.bvVal(kIndexWidth, s));
    nonPositive |= s <= 0;
  }
  if (nonPositive)
    E.heap.stop(st, ctx.boolVal(true), loc, StopKind::NonPositiveStep,
                "affine.parallel with a non-positive step (undefined "
                "behaviour)");
  bool pushed = E.hints().recordingLemmas();
  if (pushed)
    E.hints().liveOuter().push_back({op, E.env().clock(), nullptr});
  std::vector<SymValue> none;
  bool ok = unrollUnlessProved(pe, st, none);
  if (pushed)
    E.hints().liveOuter().pop_back();
  return ok;
}

bool Encoder::encodeParallel(Operation *op, State &st) {
  if (auto par = dyn_cast<scf::ParallelOp>(op))
    return encodeScfParallel(*this, st, par);
  if (auto fa = dyn_cast<scf::ForallOp>(op))
    return encodeForall(*this, st, fa);
  if (auto ap = dyn_cast<affine::AffineParallelOp>(op))
    return encodeAffineParallel(*this, st, ap);
  return notEncoded(op);
}
