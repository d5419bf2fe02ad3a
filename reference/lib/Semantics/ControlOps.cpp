//===- ControlOps.cpp - func, cf and scf ops (spec/operations.md) ---------===//
//
// [op.func.call], [op.cf.assert], [op.scf.if], [op.scf.for], [op.scf.while],
// [op.scf.parallel], [op.scf.forall],
// [op.scf.execute_region], [op.scf.index_switch], [op.memref.alloca_scope].
// cf.br / cf.cond_br and the
// region terminators are handled by Machine::execRegion.
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace dealloc {

/// Binds the values a region yielded to the results of `op`.
static void bindResults(Machine &m, Frame &f, Operation *op,
                        ArrayRef<RtValue> values) {
  for (auto [res, v] : llvm::zip(op->getResults(), values))
    m.bind(f, res, v);
}

static SmallVector<RtValue, 4> operandValues(Machine &m, Frame &f,
                                             ValueRange operands) {
  SmallVector<RtValue, 4> out;
  for (Value v : operands)
    out.push_back(m.lookup(f, v));
  return out;
}

static bool execFor(Machine &m, scf::ForOp op, Frame &f) {
  // Copies: the body binds values, which may move the frame's storage.
  RtValue lb = m.lookup(f, op.getLowerBound());
  RtValue ub = m.lookup(f, op.getUpperBound());
  RtValue st = m.lookup(f, op.getStep());
  if (lb.kind != RtValue::Int || ub.kind != RtValue::Int ||
      st.kind != RtValue::Int)
    return m.unknown(
        StopKind::UninitControl,
        "uninitialized value decides control flow ([op.uninit.control])",
        op.getLoc());
  bool isUnsigned = op.getUnsignedCmp();
  if (isUnsigned ? st.i.isZero() : !st.i.isStrictlyPositive())
    return m.unknown(StopKind::NonPositiveStep,
                     "scf.for with a non-positive step (undefined behaviour)",
                     op.getLoc());
  llvm::APInt iv = lb.i;
  SmallVector<RtValue, 4> carried = operandValues(m, f, op.getInitArgs());
  while (isUnsigned ? iv.ult(ub.i) : iv.slt(ub.i)) {
    SmallVector<RtValue, 4> args;
    args.push_back(RtValue::makeInt(iv));
    args.append(carried.begin(), carried.end());
    RegionExit exit;
    if (!m.execRegion(op.getRegion(), args, f, exit))
      return false;
    carried = exit.values;
    bool overflow;
    llvm::APInt nextIv =
        isUnsigned ? iv.uadd_ov(st.i, overflow) : iv.sadd_ov(st.i, overflow);
    if (overflow)
      break;
    iv = nextIv;
  }
  bindResults(m, f, op, carried);
  return true;
}

/// [op.scf.parallel]: the iterations run one after another in
/// lexicographic order of the induction variables (the last varies
/// fastest); after each, its scf.reduce operands are combined into the
/// accumulators (the init values) by the reduction regions.
static bool execScfParallel(Machine &m, scf::ParallelOp op, Frame &f) {
  SmallVector<RtValue, 4> lbs = operandValues(m, f, op.getLowerBound());
  SmallVector<RtValue, 4> ubs = operandValues(m, f, op.getUpperBound());
  SmallVector<RtValue, 4> steps = operandValues(m, f, op.getStep());
  for (const auto &range : {lbs, ubs, steps})
    for (const RtValue &v : range)
      if (v.kind != RtValue::Int)
        return m.unknown(
            StopKind::UninitControl,
            "uninitialized value decides control flow ([op.uninit.control])",
            op.getLoc());
  for (const RtValue &st : steps)
    if (!st.i.isStrictlyPositive())
      return m.unknown(
          StopKind::NonPositiveStep,
          "scf.parallel with a non-positive step (undefined behaviour)",
          op.getLoc());
  SmallVector<RtValue, 4> accs = operandValues(m, f, op.getInitVals());
  SmallVector<llvm::APInt, 4> ivs;
  for (auto [lb, ub] : llvm::zip(lbs, ubs)) {
    if (!lb.i.slt(ub.i)) {
      bindResults(m, f, op, accs);
      return true;
    }
    ivs.push_back(lb.i);
  }
  while (true) {
    SmallVector<RtValue, 4> args;
    for (const llvm::APInt &iv : ivs)
      args.push_back(RtValue::makeInt(iv));
    RegionExit exit;
    if (!m.execRegion(op.getRegion(), args, f, exit))
      return false;
    auto reduce = cast<scf::ReduceOp>(exit.terminator);
    SmallVector<RtValue, 4> values = exit.values;
    for (auto [i, region] : llvm::enumerate(reduce.getReductions())) {
      RegionExit combined;
      if (!m.execRegion(region, {accs[i], values[i]}, f, combined))
        return false;
      accs[i] = combined.values.front();
    }
    // The next induction vector: the last dimension varies fastest.
    int d = int(ivs.size()) - 1;
    for (; d >= 0; --d) {
      bool overflow;
      llvm::APInt next = ivs[d].sadd_ov(steps[d].i, overflow);
      if (!overflow && next.slt(ubs[d].i)) {
        ivs[d] = next;
        break;
      }
      ivs[d] = lbs[d].i;
    }
    if (d < 0)
      break;
  }
  bindResults(m, f, op, accs);
  return true;
}

/// [op.scf.forall]: an scf.forall without shared outputs (as bufferized)
/// is the scf.parallel of its bounds without reductions.
static bool execForall(Machine &m, scf::ForallOp op, Frame &f) {
  if (!op.getOutputs().empty())
    return m.unsupported(op, "scf.forall with shared outputs");
  SmallVector<int64_t, 4> lbs, ubs, steps;
  if (!resolveMixed(m, f, op, op.getMixedLowerBound(), lbs) ||
      !resolveMixed(m, f, op, op.getMixedUpperBound(), ubs) ||
      !resolveMixed(m, f, op, op.getMixedStep(), steps))
    return false;
  if (llvm::any_of(steps, [](int64_t s) { return s <= 0; }))
    return m.unknown(
        StopKind::NonPositiveStep,
        "scf.forall with a non-positive step (undefined behaviour)",
        op.getLoc());
  return runEveryPoint(m, f, op.getRegion(), lbs, ubs, steps);
}

bool runEveryPoint(Machine &m, Frame &f, Region &body, ArrayRef<int64_t> lbs,
                   ArrayRef<int64_t> ubs, ArrayRef<int64_t> steps) {
  SmallVector<int64_t, 4> ivs(lbs.begin(), lbs.end());
  for (auto [lb, ub] : llvm::zip(lbs, ubs))
    if (lb >= ub)
      return true;
  while (true) {
    SmallVector<RtValue, 4> args;
    for (int64_t iv : ivs)
      args.push_back(RtValue::makeInt(64, iv));
    RegionExit exit;
    if (!m.execRegion(body, args, f, exit))
      return false;
    // The next point: the last dimension varies fastest.
    int d = int(ivs.size()) - 1;
    for (; d >= 0; --d) {
      int64_t next;
      if (!llvm::AddOverflow(ivs[d], steps[d], next) && next < ubs[d]) {
        ivs[d] = next;
        break;
      }
      ivs[d] = lbs[d];
    }
    if (d < 0)
      return true;
  }
}

static bool execWhile(Machine &m, scf::WhileOp op, Frame &f) {
  SmallVector<RtValue, 4> args = operandValues(m, f, op.getInits());
  while (true) {
    RegionExit before;
    if (!m.execRegion(op.getBefore(), args, f, before))
      return false;
    auto cond = cast<scf::ConditionOp>(before.terminator);
    bool c;
    if (!m.decide(f, cond.getCondition(), cond, c))
      return false;
    SmallVector<RtValue, 4> forwarded(before.values.begin() + 1,
                                      before.values.end());
    if (!c) {
      bindResults(m, f, op, forwarded);
      return true;
    }
    RegionExit after;
    if (!m.execRegion(op.getAfter(), forwarded, f, after))
      return false;
    args = after.values;
  }
}

bool Machine::execControl(Operation *op, Frame &f) {
  // [op.func.call]
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = lookup<func::FuncOp>(call.getCallee());
    if (!callee)
      return unsupported(op, "callee not found");
    ++path.calls[op];
    SmallVector<RtValue, 4> results;
    if (!callFunction(callee, operandValues(*this, f, call.getOperands()), op,
                      results))
      return false;
    bindResults(*this, f, op, results);
    return true;
  }
  // [op.cf.assert]: a failed assertion aborts the program.
  if (auto as = dyn_cast<cf::AssertOp>(op)) {
    bool c;
    if (!decide(f, as.getArg(), op, c))
      return false;
    return c ? true : abortRun(op->getLoc());
  }
  // [op.scf.if]
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    bool c;
    if (!decide(f, ifOp.getCondition(), op, c))
      return false;
    Region &r = c ? ifOp.getThenRegion() : ifOp.getElseRegion();
    if (r.empty())
      return true;
    RegionExit exit;
    if (!execRegion(r, {}, f, exit))
      return false;
    bindResults(*this, f, op, exit.values);
    return true;
  }
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return execFor(*this, forOp, f);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return execWhile(*this, whileOp, f);
  // [op.affine.for], [op.affine.if] (AffineOps.cpp)
  if (auto forOp = dyn_cast<affine::AffineForOp>(op))
    return execAffineFor(*this, forOp, f);
  if (auto ifOp = dyn_cast<affine::AffineIfOp>(op))
    return execAffineIf(*this, ifOp, f);
  // [op.scf.execute_region]
  if (auto er = dyn_cast<scf::ExecuteRegionOp>(op)) {
    RegionExit exit;
    if (!execRegion(er.getRegion(), {}, f, exit))
      return false;
    bindResults(*this, f, op, exit.values);
    return true;
  }
  // [op.memref.alloca_scope]: the body runs once; the stack buffers it
  // allocated are released when it returns, not when the function does.
  if (auto scope = dyn_cast<memref::AllocaScopeOp>(op)) {
    size_t mark = f.stackBuffers.size();
    RegionExit exit;
    if (!execRegion(scope.getBodyRegion(), {}, f, exit))
      return false;
    Operation *outer = current;
    current = exit.terminator;
    releaseStack(ArrayRef<unsigned>(f.stackBuffers).drop_front(mark),
                 exit.terminator);
    current = outer;
    f.stackBuffers.resize(mark);
    bindResults(*this, f, op, exit.values);
    return true;
  }
  // [op.scf.index_switch]
  if (auto sw = dyn_cast<scf::IndexSwitchOp>(op)) {
    int64_t v;
    if (!decideInt(f, sw.getArg(), op, v))
      return false;
    Region *r = &sw.getDefaultRegion();
    for (auto [k, c] : llvm::enumerate(sw.getCases()))
      if (c == v)
        r = &sw.getCaseRegions()[k];
    RegionExit exit;
    if (!execRegion(*r, {}, f, exit))
      return false;
    bindResults(*this, f, op, exit.values);
    return true;
  }
  return notRun(op);
}

bool Machine::execParallel(Operation *op, Frame &f) {
  if (auto par = dyn_cast<scf::ParallelOp>(op))
    return execScfParallel(*this, par, f);
  if (auto fa = dyn_cast<scf::ForallOp>(op))
    return execForall(*this, fa, f);
  // [op.affine.parallel] (AffineOps.cpp)
  if (auto par = dyn_cast<affine::AffineParallelOp>(op))
    return execAffineParallel(*this, par, f);
  return notRun(op);
}

} // namespace dealloc
