//===- VectorOps.cpp - vector ops in SMT terms ----------------------------===//
//
// spec/vector.md [op.vector.*] in SMT terms, as dealloc-run runs them
// (Semantics/VectorOps.cpp). A vector value of n lanes of w bits is one
// bit-vector of n * w + n bits: lane k's bits at [k * w, k * w + w), and
// whether lane k is initialized ([buffer.contents.uninit]) at bit
// n * w + k. Being one term, it merges at joins, is carried by loops and
// made fresh at a loop header ([verify.induction]) as any scalar is; the
// lanes are taken apart where an op looks at them. An arith or math op on
// vectors encodes its scalar semantics lane by lane (Verify/Ops/ArithOps.cpp,
// Verify/Ops/MathOps.cpp); a memory access is one element access per lane
// (Verify/Ops/Memory.cpp), whose bounds VectorAccess.h computes as dealloc-run
// does.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"
#include "Ops/VectorValues.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/VectorAccess.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

namespace {
/// The lanes of one vector value.
using Lanes = std::vector<SymValue>;
} // namespace

/// A lane (Bool or BV) as a bit-vector.
static Expr laneBits(smt::Context &c, const SymValue &x) {
  return x.kind == SymValue::Kind::Bool ? c.boolToBV(x.e, 1) : x.e;
}

/// The lanes of `s`, a value of vector type `t` (or a scalar: one lane).
static Lanes unpack(Encoder &E, const SymValue &s, Type t, Location loc) {
  auto vt = dyn_cast<VectorType>(t);
  if (!vt)
    return {s};
  if (isLazyVector(vt))
    return allLazyLanes(E, s, vt, loc);
  smt::Context &c = E.ctx;
  Type elem = vt.getElementType();
  unsigned w = scalarWidth(elem);
  int64_t n = vt.getNumElements();
  Lanes lanes;
  for (int64_t k = 0; k < n; ++k) {
    SymValue lane = fromBV(E, elem, c.mkExtract(s.e, k * w + w - 1, k * w));
    Expr bit = c.mkExtract(s.e, n * w + k, n * w + k);
    Expr init =
        bit.bvLiteral() ? c.boolVal(*bit.bvLiteral() != 0) : c.bvToBool(bit);
    if (!s.init.isNull())
      init = c.mkAnd(s.init, init);
    if (!init.isTrue())
      lane.init = init;
    lanes.push_back(std::move(lane));
  }
  return lanes;
}

/// The vector value of `lanes` (lane 0 first): one term, or a lazy vector
/// over them beyond SolverPolicy::maxPackedLanes.
static SymValue pack(Encoder &E, const Lanes &lanes) {
  smt::Context &c = E.ctx;
  if ((int64_t)lanes.size() > SolverPolicy::maxPackedLanes) {
    auto all = std::make_shared<Lanes>(lanes);
    return makeLazyVector(E, VectorType(),
                          [all](int64_t k) { return (*all)[k]; });
  }
  Expr vals, inits;
  for (const SymValue &x : lanes) {
    Expr v = laneBits(c, x);
    Expr i = x.init.isNull() || x.init.isTrue() ? c.bvVal(1, 1)
             : x.init.isFalse()                 ? c.bvVal(1, 0)
                                                : c.boolToBV(x.init, 1);
    vals = vals.isNull() ? v : c.mkConcat(v, vals);
    inits = inits.isNull() ? i : c.mkConcat(i, inits);
  }
  return SymValue::bv(c.simplify(c.mkConcat(inits, vals)));
}

SymValue dealloc::verify::packLanes(Encoder &E, const Lanes &lanes,
                                    VectorType) {
  return pack(E, lanes);
}

std::vector<SymValue> dealloc::verify::unpackLanes(Encoder &E,
                                                   const SymValue &s,
                                                   VectorType vt,
                                                   Location loc) {
  return unpack(E, s, vt, loc);
}

/// The lanes of operand `v` (recorded as unbound where the encoding did not
/// define it, as E.get does).
static Lanes lanesOf(Encoder &E, Value v) {
  return unpack(E, E.get(v), v.getType(), v.getLoc());
}

/// Lane k of operand `v` (a vector) on demand, for the ops that take some
/// of its lanes.
static std::function<SymValue(int64_t)> readerOf(Encoder &E, Value v) {
  return laneReader(E, E.get(v), cast<VectorType>(v.getType()), v.getLoc());
}

/// [op.vector.values]: an arith.constant of vector type.
static bool encodeConstant(Encoder &E, arith::ConstantOp op) {
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  Type elem = laneType(op.getType());
  if (!dense)
    return E.unsupported(op, "constant of this type not modelled");
  Lanes lanes;
  unsigned w = scalarWidth(elem);
  if (dense.isSplat() && isLazyVector(op.getType())) {
    SymValue one =
        isa<FloatType>(elem)
            ? SymValue::bv(
                  E.ctx.bvVal(w, (int64_t)dense.getSplatValue<APFloat>()
                                     .bitcastToAPInt()
                                     .getZExtValue()))
            : fromBV(
                  E, elem,
                  E.ctx.bvVal(
                      w,
                      elem.isInteger(1)
                          ? (int64_t)dense.getSplatValue<APInt>().getZExtValue()
                          : dense.getSplatValue<APInt>().getSExtValue()));
    E.bind(op, makeLazyVector(E, cast<VectorType>(op.getType()),
                              [one](int64_t) { return one; }));
    return true;
  }
  if (isa<FloatType>(elem))
    for (const APFloat &x : dense.getValues<APFloat>())
      lanes.push_back(SymValue::bv(
          E.ctx.bvVal(w, (int64_t)x.bitcastToAPInt().getZExtValue())));
  else
    for (const APInt &x : dense.getValues<APInt>())
      lanes.push_back(
          fromBV(E, elem,
                 E.ctx.bvVal(w, elem.isInteger(1) ? (int64_t)x.getZExtValue()
                                                  : x.getSExtValue())));
  E.bind(op, pack(E, lanes));
  return true;
}

/// [op.vector.elementwise]: the scalar encoding on one lane at a time: each
/// vector operand's entry holds its lane k while the scalar family encodes
/// the op, then its vector again. The lanes' stops (a division by zero)
/// are recorded in lane order, as dealloc-run reaches them.
static bool encodeElementwise(Encoder &E, State &st, Operation *op) {
  struct Saved {
    Value v;
    SymValue whole;
    Lanes lanes;
  };
  std::vector<Saved> saved;
  for (Value v : op->getOperands()) {
    if (!isa<VectorType>(v.getType()) ||
        llvm::any_of(saved, [&](const Saved &s) { return s.v == v; }))
      continue;
    const SymValue *bound = E.env().lookup(v);
    if (!bound) {
      // Defined in code the encoding skipped: Encoder::get records the use,
      // and checkUnboundUses() answers UNKNOWN where a run reaches it
      // ([verify.encoding]); the result is an unconstrained value of its
      // type (dummyValue), as get() gives for such a use. Not unpacked into
      // `saved`: restoring the entry afterwards would bind `v` and hide its
      // later uses.
      E.get(v);
      E.bind(op->getResult(0), E.dummyValue(op->getResult(0).getType()));
      return true;
    }
    saved.push_back({v, *bound, unpack(E, *bound, v.getType(), v.getLoc())});
  }
  if (E.failure())
    return false;
  int64_t n = cast<VectorType>(op->getResult(0).getType()).getNumElements();
  Lanes out;
  bool ok = true;
  for (int64_t k = 0; k < n && ok; ++k) {
    for (Saved &s : saved)
      E.env().entry(s.v) = s.lanes[k];
    // The lane is the scalar op, by its row's family (OpTable.def).
    ok = E.dispatch(op, st);
    if (!ok)
      break;
    out.push_back(*E.env().lookup(op->getResult(0)));
  }
  for (Saved &s : saved)
    E.env().entry(s.v) = std::move(s.whole);
  if (!ok)
    return false;
  E.bind(op->getResult(0), pack(E, out));
  return true;
}

/// [op.vector.transfer], [op.vector.load]: one element access per lane, in
/// dealloc-run's order: the index operands decide, an undefined access by
/// any lane stops the run ([safety.oob]), then per lane, the lanes that
/// access their element are bounded by the buffer (checkInBuffer) and load
/// or store it; a skipped lane reads the padding or writes nothing.
static bool encodeAccess(Encoder &E, State &st, Operation *op,
                         const VectorAccessOp &acc) {
  smt::Context &c = E.ctx;
  Location loc = op->getLoc();
  View v = E.getView(acc.memref);
  if (v.retyped && !E.heap.byteContents())
    return E.unsupported(op, "access through a memref.view result");
  bool read = acc.kind == VectorAccessOp::Read;
  // A lazy vector read with every lane accessed: loads made on demand.
  if (read && isLazyVector(acc.type) && !acc.mask &&
      llvm::all_of(acc.inBounds, [](bool b) { return b; }))
    return encodeLazyRead(E, st, op, acc, v);
  if (laneCount(acc.type) > SolverPolicy::maxDemandedLanes)
    return E.unsupported(
        op, "an access of more than " +
                std::to_string(SolverPolicy::maxDemandedLanes) +
                " lanes is modelled only as a read with every dimension in "
                "bounds and no mask");
  Type elem = cast<MemRefType>(acc.memref.getType()).getElementType();
  unsigned eb = elementBytes(elem);
  requireInitialized(E, st, acc.indices, loc);
  std::vector<Expr> base;
  for (Value i : acc.indices)
    base.push_back(E.getBV(i));
  // The padding: one scalar for every lane, or a vector lane by lane.
  Lanes pad = acc.padding ? lanesOf(E, acc.padding) : Lanes{SymValue()};
  Lanes stored = read ? Lanes() : lanesOf(E, acc.value);
  // [op.vector.transfer.mask]: the mask's lanes, decided after the
  // indices, say which lanes are accessed.
  Lanes mask;
  if (acc.mask) {
    mask = lanesOf(E, acc.mask);
    for (const SymValue &b : mask)
      requireInitialized(E, st, b, loc);
  }
  SymbolicArith d(E.heap);
  std::vector<LaneAccess<SymbolicArith>> access;
  std::vector<Expr> undefined;
  for (int64_t k = 0; k < laneCount(acc.type); ++k) {
    Expr on = c.boolVal(true);
    if (!mask.empty())
      on = mask[k].kind == SymValue::Kind::Bool
               ? mask[k].e
               : c.mkEq(mask[k].e, c.bvVal(mask[k].e.bvWidth(), 1));
    access.push_back(laneAccess(
        d, v, acc, base, laneCoords(acc.type.getShape(), k), on, c.mkNot(on)));
    undefined.push_back(access.back().undefined);
  }
  E.heap.stop(st, c.mkOr(undefined), loc, StopKind::OutOfBounds,
              kVectorOutOfBounds);
  Lanes out;
  for (int64_t k = 0; k < laneCount(acc.type); ++k) {
    const LaneAccess<SymbolicArith> &la = access[k];
    // Where the lane is skipped, the view denotes nothing it accesses.
    View at = v;
    at.id = Expr();
    if (!la.skipped.isFalse())
      for (Expr &p : at.pts)
        p = c.mkAnd(p, c.mkNot(la.skipped));
    checkInBuffer(E, st, at, la.lin, eb, loc);
    if (!read) {
      storeElement(E, st, at, la.lin, elem, stored[k]);
      continue;
    }
    SymValue loaded = loadElement(E, st, v, la.lin, elem);
    out.push_back(
        la.skipped.isFalse()
            ? loaded
            : E.heap.mergeValues({la.skipped, c.mkNot(la.skipped)},
                                 {&pad[pad.size() == 1 ? 0 : k], &loaded}));
  }
  if (read)
    E.bind(op->getResult(0), pack(E, out));
  return true;
}

/// The value of type `t` (a vector, or a scalar: lane 0) whose lane k is
/// `lane(k)`: packed, or lazy without asking for any lane now.
static SymValue ofLaneFn(Encoder &E, Type t,
                         std::function<SymValue(int64_t)> lane) {
  auto vt = dyn_cast<VectorType>(t);
  if (!vt)
    return lane(0);
  if (isLazyVector(vt))
    return makeLazyVector(E, vt, std::move(lane));
  Lanes out;
  for (int64_t k = 0; k < vt.getNumElements(); ++k)
    out.push_back(lane(k));
  return pack(E, out);
}

/// [op.vector.lanes] vector.broadcast, extract, insert: each result lane
/// asks its source for one lane, so that a lazy source makes only the
/// lanes a result takes.
static bool encodeLanes(Encoder &E, Operation *op) {
  using LaneFn = std::function<SymValue(int64_t)>;
  if (auto b = dyn_cast<vector::BroadcastOp>(op)) {
    VectorType rt = b.getResultVectorType();
    Type st = b.getSourceType();
    LaneFn src =
        isa<VectorType>(st)
            ? readerOf(E, b.getSource())
            : LaneFn([x = E.get(b.getSource())](int64_t) { return x; });
    E.bind(b, ofLaneFn(E, rt, [src, rt, st](int64_t k) {
             return src(broadcastSourceLane(rt, st, k));
           }));
    return !E.failure();
  }
  if (auto x = dyn_cast<vector::ExtractOp>(op)) {
    LaneFn src = readerOf(E, x.getSource());
    int64_t first =
        positionLanes(x.getSourceVectorType(), x.getStaticPosition()).first;
    E.bind(x, ofLaneFn(E, x.getType(),
                       [src, first](int64_t k) { return src(first + k); }));
    return !E.failure();
  }
  auto x = cast<vector::InsertOp>(op);
  LaneFn dest = readerOf(E, x.getDest());
  Value stored = x.getValueToStore();
  LaneFn val = isa<VectorType>(stored.getType())
                   ? readerOf(E, stored)
                   : LaneFn([s = E.get(stored)](int64_t) { return s; });
  auto [first, count] =
      positionLanes(x.getDestVectorType(), x.getStaticPosition());
  E.bind(x, ofLaneFn(E, x.getType(),
                     [dest, val, first = first, count = count](int64_t k) {
                       return k >= first && k < first + count ? val(k - first)
                                                              : dest(k);
                     }));
  return !E.failure();
}

/// [op.vector.reduction]: the accumulator (or lane 0) combined with each
/// lane in order, as memref.atomic_rmw combines.
static bool encodeReduction(Encoder &E, vector::ReductionOp r) {
  Lanes lanes = lanesOf(E, r.getVector());
  Type elem = r.getType();
  arith::AtomicRMWKind kind = reductionKind(r.getKind(), elem);
  size_t k = 0;
  SymValue acc = r.getAcc() ? E.get(r.getAcc()) : lanes[k++];
  for (; k < lanes.size(); ++k)
    acc = combineValues(E, kind, elem, acc, lanes[k]);
  E.bind(r, acc);
  return true;
}

/// [op.vector.lanes] The ops that only move lanes, as dealloc-run moves
/// them; a poison lane is uninitialized (any bits).
static bool encodeMoveLanes(Encoder &E, Operation *op,
                            const std::vector<LaneSource> &sources) {
  std::vector<Lanes> in;
  for (Value v : op->getOperands())
    in.push_back(lanesOf(E, v));
  Type elem = laneType(op->getResult(0).getType());
  Lanes out;
  for (const LaneSource &s : sources) {
    if (s.operand >= 0) {
      out.push_back(in[s.operand][s.lane]);
      continue;
    }
    SymValue x = fromBV(E, elem, E.ctx.freshBV("poison", scalarWidth(elem)));
    x.init = E.ctx.boolVal(false);
    out.push_back(std::move(x));
  }
  E.bind(op->getResult(0), pack(E, out));
  return true;
}

/// [op.vector.lanes] vector.to_elements, step, create_mask, constant_mask.
static bool encodeMakeLanes(Encoder &E, State &st, Operation *op) {
  smt::Context &c = E.ctx;
  if (auto x = dyn_cast<vector::ToElementsOp>(op)) {
    Lanes lanes = lanesOf(E, x.getSource());
    for (auto [r, v] : llvm::zip(x.getResults(), lanes))
      E.bind(r, v);
    return true;
  }
  auto vt = cast<VectorType>(op->getResult(0).getType());
  std::vector<Expr> bounds;
  SymbolicArith d(E.heap);
  if (auto x = dyn_cast<vector::ConstantMaskOp>(op))
    for (int64_t b : x.getMaskDimSizes())
      bounds.push_back(d.lit(b));
  // create_mask: dealloc-run decides its operands first.
  requireInitialized(E, st, op->getOperands(), op->getLoc());
  for (Value v : op->getOperands())
    bounds.push_back(E.getBV(v));
  Lanes lanes;
  unsigned w = scalarWidth(vt.getElementType());
  for (int64_t k = 0; k < vt.getNumElements(); ++k)
    lanes.push_back(isa<vector::StepOp>(op)
                        ? SymValue::bv(c.bvVal(w, k))
                        : SymValue::boolean(c.simplify(maskLane(
                              d, bounds, laneCoords(vt.getShape(), k)))));
  E.bind(op->getResult(0), pack(E, lanes));
  return true;
}

/// The value of a result of type `t` made of `lanes`.
static SymValue ofLanes(Encoder &E, Type t, const Lanes &lanes) {
  return isa<VectorType>(t) ? pack(E, lanes) : lanes.front();
}

/// [op.vector.lanes] vector.transpose.
static bool encodeTranspose(Encoder &E, vector::TransposeOp t) {
  Lanes src = lanesOf(E, t.getVector()), out;
  for (int64_t k = 0; k < t.getResultVectorType().getNumElements(); ++k)
    out.push_back(src[transposeSourceLane(t, k)]);
  E.bind(t, pack(E, out));
  return true;
}

/// [op.vector.reduction] vector.multi_reduction, as dealloc-run combines.
static bool encodeMultiReduction(Encoder &E, vector::MultiDimReductionOp r) {
  Lanes src = lanesOf(E, r.getSource()), acc = lanesOf(E, r.getAcc());
  Type elem = r.getSourceVectorType().getElementType();
  arith::AtomicRMWKind kind = reductionKind(r.getKind(), elem);
  for (int64_t k = 0; k < (int64_t)src.size(); ++k) {
    SymValue &a = acc[multiReductionTarget(r, k)];
    a = combineValues(E, kind, elem, a, src[k]);
  }
  E.bind(r, ofLanes(E, r.getType(), acc));
  return true;
}

/// [op.vector.contract], as dealloc-run combines.
static bool encodeContract(Encoder &E, vector::ContractionOp c) {
  Lanes lhs = lanesOf(E, c.getLhs()), rhs = lanesOf(E, c.getRhs());
  Lanes acc = lanesOf(E, c.getAcc());
  Type elem = c.getLhsType().getElementType();
  arith::AtomicRMWKind mul = reductionKind(vector::CombiningKind::MUL, elem);
  arith::AtomicRMWKind kind = reductionKind(c.getKind(), elem);
  for (const ContractPoint &p : contractPoints(c))
    acc[p.acc] =
        combineValues(E, kind, elem, acc[p.acc],
                      combineValues(E, mul, elem, lhs[p.lhs], rhs[p.rhs]));
  E.bind(c, ofLanes(E, c.getType(), acc));
  return true;
}

/// [op.ub.poison]: the uninitialized value (any bits), in every lane.
static bool encodePoison(Encoder &E, Operation *op) {
  Type t = op->getResult(0).getType();
  Type elem = laneType(t);
  Encoder *enc = &E;
  E.bind(op->getResult(0), ofLaneFn(E, t, [enc, elem](int64_t) {
           SymValue x = fromBV(*enc, elem,
                               enc->ctx.freshBV("poison", scalarWidth(elem)));
           x.init = enc->ctx.boolVal(false);
           return x;
         }));
  return true;
}

bool dealloc::verify::encodeOnVectors(Encoder &E, State &st, Operation *op) {
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return encodeConstant(E, c);
  return encodeElementwise(E, st, op);
}

bool Encoder::encodeVector(Operation *op, State &st) {
  Encoder &E = *this;
  if (std::string why = vectorUnsupportedReason(op); !why.empty())
    return E.unsupported(op, why);
  if (isa<ub::PoisonOp>(op))
    return encodePoison(E, op);
  if (std::optional<VectorAccessOp> acc = asVectorAccess(op))
    return encodeAccess(E, st, op, *acc);
  if (isa<vector::BroadcastOp, vector::ExtractOp, vector::InsertOp>(op))
    return encodeLanes(E, op);
  if (auto r = dyn_cast<vector::ReductionOp>(op))
    return encodeReduction(E, r);
  if (auto t = dyn_cast<vector::TransposeOp>(op))
    return encodeTranspose(E, t);
  if (std::optional<std::vector<LaneSource>> sources = laneSources(op))
    return encodeMoveLanes(E, op, *sources);
  if (isa<vector::ToElementsOp, vector::StepOp, vector::CreateMaskOp,
          vector::ConstantMaskOp>(op))
    return encodeMakeLanes(E, st, op);
  if (auto r = dyn_cast<vector::MultiDimReductionOp>(op))
    return encodeMultiReduction(E, r);
  if (auto c = dyn_cast<vector::ContractionOp>(op))
    return encodeContract(E, c);
  // [op.vector.print]: output only; no buffer, no ownership.
  if (isa<vector::PrintOp>(op))
    return true;
  return notEncoded(op);
}
