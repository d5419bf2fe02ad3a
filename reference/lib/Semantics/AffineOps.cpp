//===- AffineOps.cpp - affine ops (spec/operations.md) --------------------===//
//
// [op.affine.apply]: the index arithmetic one-shot-bufferize and tiling leave
// in memref programs (e.g. the size of a tensor.concat result). The map is
// evaluated on the operand values (dimensions first, then symbols) in 64-bit
// two's complement, as its lowering to arith computes it; `mod`, `floordiv`
// and `ceildiv` by a non-positive value stop the run as UNKNOWN.
// [op.affine.for], [op.affine.if], [op.affine.access]: loops, conditions and
// accesses whose indices are such maps (affine.yield ends their regions);
// [op.affine.parallel]: result-less parallel loops over such bounds.
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "Machine.h"
#include "dealloc/Support/AccessOps.h"
#include "dealloc/Support/AffineMapOps.h"
#include "mlir/IR/IntegerSet.h"

using namespace mlir;

namespace dealloc {
namespace {

/// Evaluates `e`; false (with `bad` set) on a non-positive divisor.
bool evalAffine(AffineExpr e, ArrayRef<int64_t> dims, ArrayRef<int64_t> syms,
                int64_t &out, bool &bad) {
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    out = c.getValue();
    return true;
  }
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    out = dims[d.getPosition()];
    return true;
  }
  if (auto s = dyn_cast<AffineSymbolExpr>(e)) {
    out = syms[s.getPosition()];
    return true;
  }
  auto bin = cast<AffineBinaryOpExpr>(e);
  int64_t l, r;
  if (!evalAffine(bin.getLHS(), dims, syms, l, bad) ||
      !evalAffine(bin.getRHS(), dims, syms, r, bad))
    return false;
  auto wrap = [](uint64_t v) { return static_cast<int64_t>(v); };
  switch (bin.getKind()) {
  case AffineExprKind::Add:
    out = wrap(static_cast<uint64_t>(l) + static_cast<uint64_t>(r));
    return true;
  case AffineExprKind::Mul:
    out = wrap(static_cast<uint64_t>(l) * static_cast<uint64_t>(r));
    return true;
  default:
    break;
  }
  if (r <= 0) {
    bad = true;
    return false;
  }
  int64_t q = l / r, rem = l % r;
  switch (bin.getKind()) {
  case AffineExprKind::Mod:
    out = rem < 0 ? rem + r : rem;
    return true;
  case AffineExprKind::FloorDiv:
    out = (rem != 0 && l < 0) ? q - 1 : q;
    return true;
  case AffineExprKind::CeilDiv:
    out = (rem != 0 && l > 0) ? q + 1 : q;
    return true;
  default:
    bad = true;
    return false;
  }
}

} // namespace

bool evalAffineMap(AffineMap map, ArrayRef<int64_t> dims,
                   ArrayRef<int64_t> syms, SmallVectorImpl<int64_t> &out) {
  out.clear();
  for (AffineExpr e : map.getResults()) {
    int64_t x;
    bool bad = false;
    if (!evalAffine(e, dims, syms, x, bad))
      return false;
    out.push_back(x);
  }
  return true;
}

bool affineValues(Machine &m, Frame &f, Operation *op, AffineMap map,
                  ValueRange operands, SmallVectorImpl<int64_t> &out) {
  SmallVector<int64_t, 4> values;
  for (Value v : operands) {
    int64_t x;
    if (!m.decideInt(f, v, op, x))
      return false;
    values.push_back(x);
  }
  ArrayRef<int64_t> all(values);
  if (!evalAffineMap(map, all.take_front(map.getNumDims()),
                     all.drop_front(map.getNumDims()), out))
    return m.unknown(StopKind::AffineDivisor,
                     "affine mod/floordiv/ceildiv by a non-positive value "
                     "(undefined behaviour, [op.affine.apply])",
                     op->getLoc());
  return true;
}

static void bindResults(Machine &m, Frame &f, Operation *op,
                        ArrayRef<RtValue> values) {
  for (auto [res, v] : llvm::zip(op->getResults(), values))
    m.bind(f, res, v);
}

/// [op.affine.for]: from the largest lower bound while below the smallest
/// upper bound, by the constant positive step, as scf.for.
bool execAffineFor(Machine &m, affine::AffineForOp op, Frame &f) {
  SmallVector<int64_t, 4> lbs, ubs;
  if (!affineValues(m, f, op, op.getLowerBoundMap(), op.getLowerBoundOperands(),
                    lbs) ||
      !affineValues(m, f, op, op.getUpperBoundMap(), op.getUpperBoundOperands(),
                    ubs))
    return false;
  if (lbs.empty() || ubs.empty())
    return m.unsupported(op, "affine.for bound map without results");
  int64_t iv = *llvm::max_element(lbs), ub = *llvm::min_element(ubs);
  int64_t step = op.getStepAsInt();
  SmallVector<RtValue, 4> carried;
  for (Value v : op.getInits())
    carried.push_back(m.lookup(f, v));
  while (iv < ub) {
    SmallVector<RtValue, 4> args{RtValue::makeInt(64, iv)};
    args.append(carried.begin(), carried.end());
    RegionExit exit;
    if (!m.execRegion(op.getRegion(), args, f, exit))
      return false;
    carried = exit.values;
    if (llvm::AddOverflow(iv, step, iv))
      break;
  }
  bindResults(m, f, op, carried);
  return true;
}

/// [op.affine.parallel]: a result-less affine.parallel is the scf.parallel
/// of its bounds: per dimension from the largest lower bound while below the
/// smallest upper bound (lower bounds first, then upper, each dimension in
/// order), the iterations in lexicographic order of the induction
/// variables, the last varying fastest.
bool execAffineParallel(Machine &m, affine::AffineParallelOp op, Frame &f) {
  if (op.getNumResults() != 0)
    return m.unsupported(op, "affine.parallel with reductions");
  unsigned n = op.getNumDims();
  SmallVector<int64_t, 4> lbs, ubs, vals;
  // Dimension d's bound: the largest of its lower bound map's results, the
  // smallest of its upper bound map's.
  for (bool lower : {true, false})
    for (unsigned d = 0; d < n; ++d) {
      if (!affineValues(
              m, f, op, lower ? op.getLowerBoundMap(d) : op.getUpperBoundMap(d),
              lower ? op.getLowerBoundsOperands() : op.getUpperBoundsOperands(),
              vals))
        return false;
      if (vals.empty())
        return m.unsupported(op, "affine.parallel bound map without results");
      (lower ? lbs : ubs)
          .push_back(lower ? *llvm::max_element(vals)
                           : *llvm::min_element(vals));
    }
  SmallVector<int64_t, 8> steps = op.getSteps();
  if (llvm::any_of(steps, [](int64_t s) { return s <= 0; }))
    return m.unknown(StopKind::NonPositiveStep,
                     "affine.parallel with a non-positive step (undefined "
                     "behaviour)",
                     op.getLoc());
  return runEveryPoint(m, f, op.getRegion(), lbs, ubs, steps);
}

/// [op.affine.if]: the then region iff every constraint of the set holds
/// (`= 0` or `>= 0`) on the operands.
bool execAffineIf(Machine &m, affine::AffineIfOp op, Frame &f) {
  IntegerSet set = op.getIntegerSet();
  AffineMap map = AffineMap::get(set.getNumDims(), set.getNumSymbols(),
                                 set.getConstraints(), op.getContext());
  SmallVector<int64_t, 4> values;
  if (!affineValues(m, f, op, map, op.getOperands(), values))
    return false;
  bool holds = true;
  for (auto [k, v] : llvm::enumerate(values))
    holds &= set.isEq(k) ? v == 0 : v >= 0;
  Region &r = holds ? op.getThenRegion() : op.getElseRegion();
  if (r.empty())
    return true;
  RegionExit exit;
  if (!m.execRegion(r, {}, f, exit))
    return false;
  bindResults(m, f, op, exit.values);
  return true;
}

bool Machine::execAffine(Operation *op, Frame &f) {
  // [op.affine.access]: memref.load / memref.store at the map's results.
  if (std::optional<ElementAccessOp> acc = asElementAccess(op))
    return execElementAccess(*this, f, op, *acc);
  std::optional<AffineMapOp> mop = asAffineMapOp(op);
  if (!mop)
    return notRun(op);
  auto [kind, map, operands] = *mop;
  SmallVector<int64_t, 4> values;
  for (Value v : operands) {
    int64_t x;
    if (!decideInt(f, v, op, x))
      return false;
    values.push_back(x);
  }
  ArrayRef<int64_t> all(values);
  ArrayRef<int64_t> dims = all.take_front(map.getNumDims());
  ArrayRef<int64_t> syms = all.drop_front(map.getNumDims());
  std::optional<int64_t> result;
  for (AffineExpr e : map.getResults()) {
    int64_t x;
    bool bad = false;
    if (!evalAffine(e, dims, syms, x, bad))
      return unknown(StopKind::AffineDivisor,
                     "affine mod/floordiv/ceildiv by a non-positive value "
                     "(undefined behaviour, [op.affine.apply])",
                     op->getLoc());
    if (!result || (kind == AffineMapOp::Min && x < *result) ||
        (kind == AffineMapOp::Max && x > *result))
      result = x;
  }
  if (!result)
    return unsupported(op, "affine map without results");
  bind(f, op->getResult(0), RtValue::makeInt(64, *result));
  return true;
}

} // namespace dealloc
