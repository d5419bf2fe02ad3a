//===- VectorOps.cpp - vector ops (spec/vector.md, [op.vector.*]) --------===//
//
// A vector value is its lanes in row-major order ([op.vector.values]), each
// a scalar or the uninitialized value. arith and math ops on vectors (and
// vector.fma) run the scalar semantics lane by lane
// ([op.vector.elementwise]); memory is read and written one element per
// lane, through the bounds checks of memref.load / store
// (Machine::elementOffset) after the op's [heap.use] check by its memory
// effects; which lanes are accessed, skipped or undefined is
// dealloc/Support/VectorAccess.h's, shared with dealloc-verify.
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "Machine.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/VectorAccess.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace dealloc {

/// [op.vector.values]: an arith.constant of vector type (a dense
/// attribute, splat or not).
static bool execVectorConstant(Machine &m, Frame &f, arith::ConstantOp c) {
  auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
  Type elem = laneType(c.getType());
  if (!dense)
    return m.unsupported(c, "constant kind not modelled");
  std::vector<RtValue> lanes;
  if (isa<FloatType>(elem))
    for (const APFloat &x : dense.getValues<APFloat>())
      lanes.push_back(RtValue::makeFloat(x.convertToDouble()));
  else
    for (const APInt &x : dense.getValues<APInt>())
      lanes.push_back(RtValue::makeInt(x.zextOrTrunc(intWidth(elem))));
  m.bind(f, c, RtValue::makeVector(std::move(lanes)));
  return true;
}

/// [op.vector.elementwise]: each lane of the result is the scalar op on
/// the same lane of each vector operand (scalar operands, e.g. the
/// condition of an arith.select, in every lane): the vector operands'
/// values are replaced by one lane at a time, the scalar family runs, and
/// the values are put back. The lanes are computed in order; the first lane
/// that stops the run (a division by zero) stops it.
static bool execElementwise(Machine &m, Frame &f, Operation *op) {
  auto vt = cast<VectorType>(op->getResult(0).getType());
  SmallVector<std::pair<Value, RtValue>, 3> saved;
  for (Value v : op->getOperands()) {
    if (!isa<VectorType>(v.getType()) ||
        llvm::any_of(saved, [&](auto &s) { return s.first == v; }))
      continue;
    saved.push_back({v, m.lookup(f, v)});
    if (saved.back().second.kind != RtValue::Vector)
      return m.unknown(StopKind::Internal,
                       "internal error: vector operand without lanes",
                       op->getLoc());
  }
  std::vector<RtValue> lanes;
  bool ok = true;
  for (int64_t k = 0; k < vt.getNumElements() && ok; ++k) {
    for (auto &[v, val] : saved)
      f.values[v] = val.lanes[k];
    // The lane runs as the scalar op, by its row's family (OpTable.def).
    ok = m.dispatch(op, f);
    if (ok)
      lanes.push_back(m.lookup(f, op->getResult(0)));
  }
  for (auto &[v, val] : saved)
    f.values[v] = std::move(val);
  if (!ok)
    return false;
  m.bind(f, op->getResult(0), RtValue::makeVector(std::move(lanes)));
  return true;
}

static std::vector<RtValue> lanesOf(Machine &m, Frame &f, Value v);

/// [op.vector.transfer], [op.vector.load]: a lane the op may not access
/// (VectorAccess.h, laneAccess) is undefined behaviour ([safety.oob]),
/// checked for every lane first; then, in row-major lane order, a lane past
/// the end of a dimension not declared in bounds reads the padding or is
/// not written, every other lane is a memref.load / store of its element.
static bool execVectorAccess(Machine &m, Frame &f, Operation *op,
                             const VectorAccessOp &acc) {
  MemRefDesc d = m.lookup(f, acc.memref).m;
  auto type = cast<MemRefType>(acc.memref.getType());
  Type elem = type.getElementType();
  SmallVector<int64_t, 4> base;
  for (Value v : acc.indices) {
    int64_t x;
    if (!m.decideInt(f, v, op, x))
      return false;
    base.push_back(x);
  }
  bool read = acc.kind == VectorAccessOp::Read;
  // The padding: one scalar for every lane, or a vector lane by lane.
  std::vector<RtValue> pad = acc.padding
                                 ? lanesOf(m, f, acc.padding)
                                 : std::vector<RtValue>{RtValue::uninit()};
  RtValue stored = read ? RtValue() : m.lookup(f, acc.value);
  if (!read && stored.kind != RtValue::Vector)
    return m.unknown(StopKind::Internal,
                     "internal error: vector operand without lanes",
                     op->getLoc());
  // [op.vector.transfer.mask]: the mask's lanes decide which lanes are
  // accessed.
  std::vector<RtValue> mask;
  if (acc.mask) {
    mask = lanesOf(m, f, acc.mask);
    for (const RtValue &b : mask)
      if (b.kind != RtValue::Int)
        return m.unknown(StopKind::UninitControl,
                         "uninitialized value decides control flow "
                         "([op.uninit.control])",
                         op->getLoc());
  }
  view::Concrete c;
  std::vector<LaneAccess<view::Concrete>> access;
  for (int64_t k = 0; k < laneCount(acc.type); ++k) {
    bool on = mask.empty() || mask[k].isTrue();
    access.push_back(laneAccess(c, d, acc, base,
                                laneCoords(acc.type.getShape(), k), on, !on));
    if (access.back().undefined)
      return m.unknown(StopKind::OutOfBounds, kVectorOutOfBounds, op->getLoc());
  }
  std::vector<RtValue> lanes;
  for (int64_t k = 0; k < laneCount(acc.type); ++k) {
    const LaneAccess<view::Concrete> &la = access[k];
    if (la.skipped) {
      if (read)
        lanes.push_back(pad[pad.size() == 1 ? 0 : k]);
      continue;
    }
    int64_t off;
    if (!m.elementOffset(d, type, la.indices, op, off))
      return false;
    if (read)
      lanes.push_back(m.loadScalar(d.buffer, off, elem));
    else
      m.storeScalar(d.buffer, off, elem, stored.lanes[k]);
  }
  if (read)
    m.bind(f, op->getResult(0), RtValue::makeVector(std::move(lanes)));
  return true;
}

/// The lanes of a vector operand, or a scalar operand as one lane.
static std::vector<RtValue> lanesOf(Machine &m, Frame &f, Value v) {
  const RtValue &r = m.lookup(f, v);
  if (r.kind == RtValue::Vector)
    return r.lanes;
  return {r};
}

/// [op.vector.lanes] vector.broadcast, extract, insert, transpose.
static bool execBroadcast(Machine &m, Frame &f, vector::BroadcastOp b) {
  std::vector<RtValue> src = lanesOf(m, f, b.getSource()), lanes;
  VectorType rt = b.getResultVectorType();
  for (int64_t k = 0; k < rt.getNumElements(); ++k)
    lanes.push_back(src[broadcastSourceLane(rt, b.getSourceType(), k)]);
  m.bind(f, b, RtValue::makeVector(std::move(lanes)));
  return true;
}

static bool execExtract(Machine &m, Frame &f, vector::ExtractOp x) {
  std::vector<RtValue> src = lanesOf(m, f, x.getSource());
  auto [first, count] =
      positionLanes(x.getSourceVectorType(), x.getStaticPosition());
  if (!isa<VectorType>(x.getType())) {
    m.bind(f, x, src[first]);
    return true;
  }
  m.bind(f, x,
         RtValue::makeVector(std::vector<RtValue>(
             src.begin() + first, src.begin() + first + count)));
  return true;
}

static bool execInsert(Machine &m, Frame &f, vector::InsertOp x) {
  std::vector<RtValue> lanes = lanesOf(m, f, x.getDest());
  std::vector<RtValue> val = lanesOf(m, f, x.getValueToStore());
  auto [first, count] =
      positionLanes(x.getDestVectorType(), x.getStaticPosition());
  for (int64_t k = 0; k < count; ++k)
    lanes[first + k] = val[k];
  m.bind(f, x, RtValue::makeVector(std::move(lanes)));
  return true;
}

/// [op.vector.reduction]: the accumulator (or lane 0), combined with each
/// lane in order as memref.atomic_rmw combines ([op.memref.atomic_rmw]).
static bool execReduction(Machine &m, Frame &f, vector::ReductionOp r) {
  std::vector<RtValue> lanes = lanesOf(m, f, r.getVector());
  Type elem = r.getType();
  arith::AtomicRMWKind kind = reductionKind(r.getKind(), elem);
  size_t k = 0;
  RtValue acc = r.getAcc() ? m.lookup(f, r.getAcc()) : lanes[k++];
  for (; k < lanes.size(); ++k)
    acc = combineValues(kind, elem, acc, lanes[k]);
  m.bind(f, r, acc);
  return true;
}

/// [op.vector.lanes] vector.transpose.
static bool execTranspose(Machine &m, Frame &f, vector::TransposeOp t) {
  std::vector<RtValue> src = lanesOf(m, f, t.getVector()), lanes;
  for (int64_t k = 0; k < t.getResultVectorType().getNumElements(); ++k)
    lanes.push_back(src[transposeSourceLane(t, k)]);
  m.bind(f, t, RtValue::makeVector(std::move(lanes)));
  return true;
}

/// [op.vector.lanes] The ops that only move lanes (VectorAccess.h,
/// laneSources); a poison lane is uninitialized.
static bool execMoveLanes(Machine &m, Frame &f, Operation *op,
                          const std::vector<LaneSource> &sources) {
  std::vector<std::vector<RtValue>> in;
  for (Value v : op->getOperands())
    in.push_back(lanesOf(m, f, v));
  std::vector<RtValue> lanes;
  for (const LaneSource &s : sources)
    lanes.push_back(s.operand < 0 ? RtValue::uninit() : in[s.operand][s.lane]);
  m.bind(f, op->getResult(0), RtValue::makeVector(std::move(lanes)));
  return true;
}

/// [op.vector.lanes] vector.to_elements, step, create_mask, constant_mask.
static bool execMakeLanes(Machine &m, Frame &f, Operation *op) {
  if (auto x = dyn_cast<vector::ToElementsOp>(op)) {
    std::vector<RtValue> lanes = lanesOf(m, f, x.getSource());
    for (auto [r, v] : llvm::zip(x.getResults(), lanes))
      m.bind(f, r, v);
    return true;
  }
  auto vt = cast<VectorType>(op->getResult(0).getType());
  SmallVector<int64_t, 4> bounds;
  if (auto x = dyn_cast<vector::ConstantMaskOp>(op))
    bounds.assign(x.getMaskDimSizes().begin(), x.getMaskDimSizes().end());
  for (Value v : op->getOperands()) { // create_mask
    int64_t b;
    if (!m.decideInt(f, v, op, b))
      return false;
    bounds.push_back(b);
  }
  view::Concrete c;
  std::vector<RtValue> lanes;
  for (int64_t k = 0; k < vt.getNumElements(); ++k)
    lanes.push_back(isa<vector::StepOp>(op)
                        ? RtValue::makeInt(intWidth(vt.getElementType()), k)
                        : RtValue::makeBool(maskLane(
                              c, bounds, laneCoords(vt.getShape(), k))));
  m.bind(f, op->getResult(0), RtValue::makeVector(std::move(lanes)));
  return true;
}

/// The value of a result of type `t` made of `lanes`.
static RtValue ofLanes(Type t, std::vector<RtValue> lanes) {
  if (isa<VectorType>(t))
    return RtValue::makeVector(std::move(lanes));
  return lanes.front();
}

/// [op.vector.reduction] vector.multi_reduction: each source lane, in
/// row-major order, combined into the accumulator lane of its kept
/// coordinates.
static bool execMultiReduction(Machine &m, Frame &f,
                               vector::MultiDimReductionOp r) {
  std::vector<RtValue> src = lanesOf(m, f, r.getSource());
  std::vector<RtValue> acc = lanesOf(m, f, r.getAcc());
  Type elem = r.getSourceVectorType().getElementType();
  arith::AtomicRMWKind kind = reductionKind(r.getKind(), elem);
  for (int64_t k = 0; k < (int64_t)src.size(); ++k) {
    RtValue &a = acc[multiReductionTarget(r, k)];
    a = combineValues(kind, elem, a, src[k]);
  }
  m.bind(f, r, ofLanes(r.getType(), std::move(acc)));
  return true;
}

/// [op.vector.contract]: at each point of the iteration space, in order,
/// the accumulator lane is combined with the product of the lhs and rhs
/// lanes (as memref.atomic_rmw's mulf / muli and the op's kind combine).
static bool execContract(Machine &m, Frame &f, vector::ContractionOp c) {
  std::vector<RtValue> lhs = lanesOf(m, f, c.getLhs());
  std::vector<RtValue> rhs = lanesOf(m, f, c.getRhs());
  std::vector<RtValue> acc = lanesOf(m, f, c.getAcc());
  Type elem = c.getLhsType().getElementType();
  arith::AtomicRMWKind mul = reductionKind(vector::CombiningKind::MUL, elem);
  arith::AtomicRMWKind kind = reductionKind(c.getKind(), elem);
  for (const ContractPoint &p : contractPoints(c))
    acc[p.acc] =
        combineValues(kind, elem, acc[p.acc],
                      combineValues(mul, elem, lhs[p.lhs], rhs[p.rhs]));
  m.bind(f, c, ofLanes(c.getType(), std::move(acc)));
  return true;
}

/// [op.ub.poison]: the uninitialized value, in every lane of a vector.
static bool execPoison(Machine &m, Frame &f, Operation *op) {
  Type t = op->getResult(0).getType();
  if (auto vt = dyn_cast<VectorType>(t))
    m.bind(f, op->getResult(0),
           RtValue::makeVector(
               std::vector<RtValue>(vt.getNumElements(), RtValue::uninit())));
  else
    m.bind(f, op->getResult(0), RtValue::uninit());
  return true;
}

bool execOnVectors(Machine &m, Frame &f, Operation *op) {
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return execVectorConstant(m, f, c);
  return execElementwise(m, f, op);
}

bool Machine::execVector(Operation *op, Frame &f) {
  // The support scan refused these before the run.
  if (std::string why = vectorUnsupportedReason(op); !why.empty())
    return unsupported(op, why);
  if (isa<ub::PoisonOp>(op))
    return execPoison(*this, f, op);
  if (std::optional<VectorAccessOp> acc = asVectorAccess(op))
    return execVectorAccess(*this, f, op, *acc);
  if (auto b = dyn_cast<vector::BroadcastOp>(op))
    return execBroadcast(*this, f, b);
  if (auto x = dyn_cast<vector::ExtractOp>(op))
    return execExtract(*this, f, x);
  if (auto x = dyn_cast<vector::InsertOp>(op))
    return execInsert(*this, f, x);
  if (auto r = dyn_cast<vector::ReductionOp>(op))
    return execReduction(*this, f, r);
  if (auto t = dyn_cast<vector::TransposeOp>(op))
    return execTranspose(*this, f, t);
  if (std::optional<std::vector<LaneSource>> sources = laneSources(op))
    return execMoveLanes(*this, f, op, *sources);
  if (isa<vector::ToElementsOp, vector::StepOp, vector::CreateMaskOp,
          vector::ConstantMaskOp>(op))
    return execMakeLanes(*this, f, op);
  if (auto r = dyn_cast<vector::MultiDimReductionOp>(op))
    return execMultiReduction(*this, f, r);
  if (auto c = dyn_cast<vector::ContractionOp>(op))
    return execContract(*this, f, c);
  // [op.vector.print]: output only; no buffer, no ownership.
  if (isa<vector::PrintOp>(op))
    return true;
  return notRun(op);
}

} // namespace dealloc
