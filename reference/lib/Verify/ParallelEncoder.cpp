//===- ParallelEncoder.cpp - scf.parallel ---------------------------------===//
//
// spec/operations.md [op.scf.parallel]: one loop per dimension, the first
// outermost, so that the iterations come in lexicographic order of the
// induction variables, as dealloc-run runs them; after each iteration the
// scf.reduce operands are combined into the accumulators by the reduction
// regions. Each loop is unrolled like scf.for ([verify.bound]): completely
// while its condition is a constant (up to 1024 iterations), else `--unroll`
// times, with a bound stop for runs that iterate more. A 1-D scf.parallel
// is first proved for every trip count ([verify.induction]).
//
//===----------------------------------------------------------------------===//
#include "ParallelEncoder.h"
#include "Initialized.h"
#include "LoopInduction.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;


bool dealloc::verify::encodeParallelIteration(Encoder &E, scf::ParallelOp op,
                                              llvm::ArrayRef<Expr> ivs,
                                              State &st,
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

namespace {
struct ParallelEncoding {
  Encoder &E;
  scf::ParallelOp op;
  std::vector<Expr> lbs, ubs, steps;
  std::vector<Expr> ivs;

  /// The loops of dimensions d and inward from `st`; on return `st` and
  /// `accs` are those after them.
  bool loops(unsigned d, State &st, std::vector<SymValue> &accs) {
    if (d == lbs.size())
      return encodeParallelIteration(E, op, ivs, st, accs);
    smt::Context &ctx = E.ctx;
    std::vector<RegionExit> done;
    std::vector<SymValue> cur = accs;
    unsigned literal = 0, symbolic = 0;
    Expr iv = lbs[d];
    State running = st;
    // [op.scf.parallel]: a dimension also ends when `iv + step` overflows.
    Expr wrapped = ctx.boolVal(false);
    while (true) {
      Expr cond = ctx.mkAnd(ctx.mkNot(wrapped),
                            ctx.mkCmp(Cmp::Slt, iv, ubs[d]));
      State leave = running;
      E.heap.narrow(leave, ctx.mkNot(cond));
      if (!leave.guard.isFalse())
        done.push_back(RegionExit{nullptr, leave, cur});
      if (cond.isFalse() || running.guard.isFalse())
        break;
      bool isLiteral = cond.isTrue();
      unsigned bound = isLiteral ? literalBound(E.opts) : E.opts.unroll;
      if (++(isLiteral ? literal : symbolic) > bound) {
        E.heap.stop(running, cond, op.getLoc(), StopKind::LoopBound,
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
    if (!E.mergeExits(done, st, vals, "parallel")) {
      E.heap.kill(st);
      vals.clear();
      for (Value r : op.getResults())
        vals.push_back(E.dummyValue(r.getType()));
    }
    accs = std::move(vals);
    return true;
  }
};
} // namespace

bool dealloc::verify::encodeParallel(Encoder &E, scf::ParallelOp op,
                                     State &st) {
  smt::Context &ctx = E.ctx;
  Location loc = op.getLoc();
  // [verify.lemmas]: values live after `op` stay reachable inside it.
  bool pushed = E.recordLemmas;
  if (pushed)
    E.liveOuter.push_back({op, E.lastVersion, nullptr});
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
    E.heap.stop(st, ctx.mkOr(bad), loc, StopKind::NonPositiveStep, "scf.parallel step is not positive");
  std::vector<SymValue> accs;
  for (Value v : op.getInitVals())
    accs.push_back(E.get(v));
  // [verify.induction]: a 1-D scf.parallel is the scf.for whose iter_args
  // are the accumulators, proved for every trip count or unrolled.
  bool proved = false;
  bool ok = pe.lbs.size() != 1 || proveParallelByInduction(E, op, st, proved);
  if (ok && !proved)
    ok = pe.loops(0, st, accs);
  if (pushed)
    E.liveOuter.pop_back();
  if (!ok)
    return false;
  if (!proved)
    for (auto [r, v] : llvm::zip(op.getResults(), accs))
      E.bind(r, v);
  return true;
}
