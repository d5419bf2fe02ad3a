//===- VectorAccess.h - The vector dialect's lanes, once ---------*- C++
//-*-===//
//
// spec/vector.md [op.vector.values], [op.vector.transfer],
// [op.vector.load], [op.vector.lanes], [op.vector.reduction]: what both
// tools take from a vector op, written once. dealloc-run
// (Semantics/VectorOps.cpp) and dealloc-verify (Verify/Ops/VectorOps.cpp)
// hold a vector value as its lanes in row-major order; an access of memory
// (vector.transfer_read / transfer_write, vector.load / store,
// vector.maskedload / maskedstore) is one
// element access per lane, whose indices, bounds and undefined behaviour
// `laneAccess` computes over a ViewArith domain (view::Concrete for
// dealloc-run, SymbolicArith for dealloc-verify), as ViewArith.h does for
// the view ops.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_VECTORACCESS_H
#define DEALLOC_SUPPORT_VECTORACCESS_H

#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/ViewArith.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace dealloc {

/// The most lanes a modelled vector type has ([op.vector.values]).
constexpr int64_t kMaxVectorLanes = SolverPolicy::maxVectorLanes;

/// A vector op that reads or writes a memref, as one access per lane.
struct VectorAccessOp {
  /// Read: the lanes are the op's result; Write: `value`'s lanes are stored.
  enum Kind { Read, Write } kind;
  mlir::Value memref;
  mlir::ValueRange indices;
  mlir::VectorType type;
  /// Per vector dimension: the memref dimension it runs along, or -1 where
  /// the permutation map broadcasts (constant 0 result).
  llvm::SmallVector<int64_t, 4> dimOf;
  /// Per vector dimension: the op declares it in bounds (vector.load /
  /// store: every dimension, [op.vector.load]).
  llvm::SmallVector<bool, 4> inBounds;
  /// transfer_read: the value of lanes outside the memref (a scalar);
  /// maskedload: the vector whose lane k a masked-off lane k takes.
  mlir::Value padding;
  /// Write: the vector stored.
  mlir::Value value;
  /// transfer_read / transfer_write, maskedload / maskedstore: the i1
  /// vector whose false lanes are masked off (no mask: null). Only with a
  /// minor identity permutation map, so that mask lane k is vector lane k.
  mlir::Value mask;
};

/// Why a vector.contract is not modelled (element types that differ: the
/// op would extend them), or empty.
inline std::string contractUnsupportedReason(mlir::vector::ContractionOp c) {
  mlir::Type e = c.getLhsType().getElementType();
  if (c.getRhsType().getElementType() != e ||
      mlir::getElementTypeOrSelf(c.getAccType()) != e)
    return "a contraction of mixed element types is not modelled";
  return "";
}

/// Why the vector op `op` is not modelled (a mask with a permutation map
/// other than a minor identity, a permutation map that is not a projected
/// permutation with broadcasts, a dynamic or poison position), or empty.
/// Both tools refuse such an op as UNSUPPORTED.
inline std::string vectorUnsupportedReason(mlir::Operation *op) {
  using namespace mlir;
  if (auto xfer = dyn_cast<VectorTransferOpInterface>(op)) {
    AffineMap map = xfer.getPermutationMap();
    if (xfer.getMask() && !map.isMinorIdentity())
      return "a masked transfer with a permutation map other than a minor "
             "identity is not modelled";
    llvm::SmallBitVector seen(map.getNumDims());
    for (AffineExpr e : map.getResults()) {
      if (auto c = dyn_cast<AffineConstantExpr>(e); c && c.getValue() == 0)
        continue;
      auto d = dyn_cast<AffineDimExpr>(e);
      if (!d || seen.test(d.getPosition())) {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << "permutation map " << map << " is not modelled";
        return s;
      }
      seen.set(d.getPosition());
    }
    return "";
  }
  auto position = [](ArrayRef<int64_t> pos, bool dynamic) -> std::string {
    if (dynamic || llvm::is_contained(pos, ShapedType::kDynamic))
      return "a dynamic position is not modelled";
    if (llvm::is_contained(pos, vector::ExtractOp::kPoisonIndex))
      return "a poison position is not modelled";
    return "";
  };
  if (auto c = dyn_cast<vector::ContractionOp>(op))
    return contractUnsupportedReason(c);
  if (isa<ub::PoisonOp>(op) && !isa<VectorType>(op->getResult(0).getType()) &&
      !op->getResult(0).getType().isIntOrIndexOrFloat())
    return "a poison value of this type is not modelled";
  if (auto x = dyn_cast<vector::ExtractOp>(op))
    return position(x.getStaticPosition(), x.hasDynamicPosition());
  if (auto x = dyn_cast<vector::InsertOp>(op))
    return position(x.getStaticPosition(), !x.getDynamicPosition().empty());
  return "";
}

/// `op` as a vector access, if it is one (and modelled).
inline std::optional<VectorAccessOp> asVectorAccess(mlir::Operation *op) {
  using namespace mlir;
  using A = VectorAccessOp;
  auto minor = [](A &a) {
    int64_t rank = cast<MemRefType>(a.memref.getType()).getRank();
    int64_t r = a.type.getRank();
    for (int64_t j = 0; j < r; ++j) {
      a.dimOf.push_back(rank - r + j);
      a.inBounds.push_back(true);
    }
  };
  if (auto x = dyn_cast<vector::LoadOp>(op)) {
    A a{A::Read, x.getBase(), x.getIndices(), x.getVectorType(), {}, {},
        {},      {}};
    minor(a);
    return a;
  }
  if (auto x = dyn_cast<vector::StoreOp>(op)) {
    A a{A::Write, x.getBase(), x.getIndices(),     x.getVectorType(), {},
        {},       {},          x.getValueToStore()};
    minor(a);
    return a;
  }
  // [op.vector.maskedload]: vector.load / store with a mask of the
  // vector's shape (mask lane k is vector lane k) and, for the load, a
  // vector of pass-through lanes.
  if (auto x = dyn_cast<vector::MaskedLoadOp>(op)) {
    A a{A::Read,         x.getBase(), x.getIndices(), x.getVectorType(), {}, {},
        x.getPassThru(), {},          x.getMask()};
    minor(a);
    return a;
  }
  if (auto x = dyn_cast<vector::MaskedStoreOp>(op)) {
    A a{A::Write, x.getBase(), x.getIndices(),      x.getVectorType(), {},
        {},       {},          x.getValueToStore(), x.getMask()};
    minor(a);
    return a;
  }
  auto xfer = dyn_cast<VectorTransferOpInterface>(op);
  if (!xfer || !isa<MemRefType>(xfer.getBase().getType()) ||
      !vectorUnsupportedReason(op).empty())
    return std::nullopt;
  A a{isa<vector::TransferReadOp>(op) ? A::Read : A::Write,
      xfer.getBase(),
      xfer.getIndices(),
      xfer.getVectorType(),
      {},
      {},
      {},
      {},
      xfer.getMask()};
  for (auto [j, e] : llvm::enumerate(xfer.getPermutationMap().getResults())) {
    auto d = dyn_cast<AffineDimExpr>(e);
    a.dimOf.push_back(d ? int64_t(d.getPosition()) : -1);
    a.inBounds.push_back(xfer.isDimInBounds(j));
  }
  if (auto r = dyn_cast<vector::TransferReadOp>(op))
    a.padding = r.getPadding();
  else
    a.value = cast<vector::TransferWriteOp>(op).getValueToStore();
  return a;
}

/// Both tools' reason of the stop of an undefined lane access.
constexpr const char *kVectorOutOfBounds =
    "out-of-bounds access by a lane, outside the ownership model "
    "([safety.oob])";

/// The number of lanes of `t` (1 for a 0-d vector).
inline int64_t laneCount(mlir::VectorType t) { return t.getNumElements(); }

/// The coordinates of lane `k` of `shape` (row-major).
inline llvm::SmallVector<int64_t, 4> laneCoords(llvm::ArrayRef<int64_t> shape,
                                                int64_t k) {
  llvm::SmallVector<int64_t, 4> c(shape.size(), 0);
  for (size_t j = shape.size(); j-- > 0;) {
    c[j] = k % shape[j];
    k /= shape[j];
  }
  return c;
}

/// [op.vector.transfer], [op.vector.load]: one lane's element access
/// (`on`: the lane is not masked off, `off` its negation; a lane masked off
/// is skipped and never undefined, [op.vector.transfer.mask]). Its
/// memref indices are the op's plus the lane's coordinate along each
/// dimension the lane runs along; `lin` is the element's linear index in
/// the view. `skipped`: the lane is past the end of a dimension the op does
/// not declare in bounds (transfer_read reads the padding there,
/// transfer_write writes nothing). `undefined`: an index outside its
/// dimension that the op does not allow (every index of a dimension no
/// vector dimension runs along, or declared in bounds; a negative one
/// anywhere), which is undefined behaviour as memref.load's out-of-bounds
/// access is ([safety.oob]).
template <typename D> struct LaneAccess {
  view::Ints<D> indices;
  typename D::Int lin;
  typename D::Bool skipped;
  typename D::Bool undefined;
};

template <typename D, typename Desc>
LaneAccess<D> laneAccess(D &d, const Desc &v, const VectorAccessOp &acc,
                         llvm::ArrayRef<typename D::Int> base,
                         llvm::ArrayRef<int64_t> lane, typename D::Bool on,
                         typename D::Bool off) {
  view::Ints<D> idx(base.begin(), base.end());
  llvm::SmallVector<bool, 4> mayRunPast(idx.size(), false);
  for (auto [j, dim] : llvm::enumerate(acc.dimOf)) {
    if (dim < 0)
      continue;
    idx[dim] = d.add(idx[dim], d.lit(lane[j]));
    mayRunPast[dim] = !acc.inBounds[j];
  }
  llvm::SmallVector<typename D::Bool, 4> bad, past;
  for (size_t k = 0; k < idx.size(); ++k) {
    typename D::Bool neg = d.slt(idx[k], d.lit(0));
    typename D::Bool end = d.sge(idx[k], v.sizes[k]);
    if (mayRunPast[k]) {
      bad.push_back(neg);
      past.push_back(end);
    } else {
      bad.push_back(d.either(neg, end));
    }
  }
  typename D::Bool outside;
  LaneAccess<D> r;
  r.lin = view::linearIndex(d, v, idx, outside);
  r.indices = idx;
  r.skipped = d.either(off, d.anyOf(past));
  r.undefined = d.both(on, d.anyOf(bad));
  return r;
}

/// [op.vector.lanes] vector.broadcast: the source lane of result lane `k`
/// (a scalar source: 0). The source's dimensions are the result's trailing
/// ones; a source dimension of size 1 is stretched.
inline int64_t broadcastSourceLane(mlir::VectorType result, mlir::Type source,
                                   int64_t k) {
  auto st = llvm::dyn_cast<mlir::VectorType>(source);
  if (!st)
    return 0;
  llvm::SmallVector<int64_t, 4> c = laneCoords(result.getShape(), k);
  int64_t lead = result.getRank() - st.getRank(), s = 0;
  for (int64_t j = 0; j < st.getRank(); ++j)
    s = s * st.getDimSize(j) + (st.getDimSize(j) == 1 ? 0 : c[lead + j]);
  return s;
}

/// [op.vector.lanes] vector.extract / insert at static position `pos` of a
/// vector of type `t`: the first lane of the position and the number of
/// lanes there (1 for a scalar).
inline std::pair<int64_t, int64_t> positionLanes(mlir::VectorType t,
                                                 llvm::ArrayRef<int64_t> pos) {
  int64_t first = 0, count = 1;
  for (int64_t j = 0; j < t.getRank(); ++j) {
    first = first * t.getDimSize(j) + (j < (int64_t)pos.size() ? pos[j] : 0);
    if (j >= (int64_t)pos.size())
      count *= t.getDimSize(j);
  }
  return {first, count};
}

/// The row-major lane number of `coords` in `shape`.
inline int64_t laneNumber(llvm::ArrayRef<int64_t> shape,
                          llvm::ArrayRef<int64_t> coords) {
  int64_t k = 0;
  for (auto [s, c] : llvm::zip(shape, coords))
    k = k * s + c;
  return k;
}

/// [op.vector.lanes] vector.transpose: the source lane of result lane `k`
/// (result dimension j is source dimension perm[j]).
inline int64_t transposeSourceLane(mlir::vector::TransposeOp t, int64_t k) {
  llvm::SmallVector<int64_t, 4> r =
      laneCoords(t.getResultVectorType().getShape(), k);
  llvm::SmallVector<int64_t, 4> src(r.size(), 0);
  for (auto [j, p] : llvm::enumerate(t.getPermutation()))
    src[p] = r[j];
  return laneNumber(t.getSourceVectorType().getShape(), src);
}

/// [op.vector.reduction] vector.multi_reduction: the accumulator lane
/// (0 for a scalar one) that source lane `k` is combined into: its
/// coordinates in the dimensions not reduced.
inline int64_t multiReductionTarget(mlir::vector::MultiDimReductionOp r,
                                    int64_t k) {
  mlir::VectorType st = r.getSourceVectorType();
  llvm::SmallVector<int64_t, 4> c = laneCoords(st.getShape(), k), kept, shape;
  llvm::SmallVector<bool> reduced = r.getReductionMask();
  for (int64_t j = 0; j < st.getRank(); ++j)
    if (!reduced[j]) {
      kept.push_back(c[j]);
      shape.push_back(st.getDimSize(j));
    }
  return laneNumber(shape, kept);
}

/// [op.vector.contract]: one point of a vector.contract's iteration space:
/// the lanes of the lhs, rhs and accumulator (0 for a scalar one) it
/// combines.
struct ContractPoint {
  int64_t lhs, rhs, acc;
};

/// The points of `c`'s iteration space in row-major order of its
/// dimensions, each with the lanes its indexing maps select.
inline std::vector<ContractPoint>
contractPoints(mlir::vector::ContractionOp c) {
  llvm::SmallVector<mlir::AffineMap, 4> maps = c.getIndexingMapsArray();
  unsigned n = maps[0].getNumDims();
  llvm::SmallVector<int64_t, 4> sizes(n, 1);
  for (auto [map, t] :
       {std::pair{maps[0], c.getLhsType()}, std::pair{maps[1], c.getRhsType()}})
    for (auto [j, e] : llvm::enumerate(map.getResults()))
      sizes[llvm::cast<mlir::AffineDimExpr>(e).getPosition()] = t.getDimSize(j);
  auto accType = llvm::dyn_cast<mlir::VectorType>(c.getAccType());
  auto lane = [](mlir::AffineMap map, llvm::ArrayRef<int64_t> shape,
                 llvm::ArrayRef<int64_t> point) {
    llvm::SmallVector<int64_t, 4> coords;
    for (mlir::AffineExpr e : map.getResults())
      coords.push_back(point[llvm::cast<mlir::AffineDimExpr>(e).getPosition()]);
    return laneNumber(shape, coords);
  };
  std::vector<ContractPoint> out;
  int64_t total = 1;
  for (int64_t s : sizes)
    total *= s;
  for (int64_t k = 0; k < total; ++k) {
    llvm::SmallVector<int64_t, 4> p = laneCoords(sizes, k);
    out.push_back({lane(maps[0], c.getLhsType().getShape(), p),
                   lane(maps[1], c.getRhsType().getShape(), p),
                   accType ? lane(maps[2], accType.getShape(), p) : 0});
  }
  return out;
}

/// [op.vector.lanes] Where a result lane of an op that only moves lanes
/// comes from: lane `lane` of operand `operand`, or nowhere (operand -1, a
/// poison lane of vector.shuffle).
struct LaneSource {
  int operand;
  int64_t lane;
};

/// The sources of every result lane of vector.shape_cast, from_elements,
/// shuffle, extract_strided_slice or insert_strided_slice (row-major), or
/// nullopt if `op` is none of them.
inline std::optional<std::vector<LaneSource>> laneSources(mlir::Operation *op) {
  using namespace mlir;
  std::vector<LaneSource> out;
  auto attrInts = [](ArrayAttr a) {
    llvm::SmallVector<int64_t, 4> v;
    for (Attribute x : a)
      v.push_back(cast<IntegerAttr>(x).getInt());
    return v;
  };
  if (auto x = dyn_cast<vector::ShapeCastOp>(op)) {
    for (int64_t k = 0; k < x.getResultVectorType().getNumElements(); ++k)
      out.push_back({0, k});
    return out;
  }
  if (auto x = dyn_cast<vector::FromElementsOp>(op)) {
    for (int64_t k = 0; k < (int64_t)x.getElements().size(); ++k)
      out.push_back({int(k), 0});
    return out;
  }
  if (auto x = dyn_cast<vector::ShuffleOp>(op)) {
    // Along the leading dimension; a 0-d operand is one element.
    VectorType t1 = x.getV1VectorType();
    int64_t n1 = t1.getRank() ? t1.getDimSize(0) : 1;
    int64_t inner = t1.getRank() ? t1.getNumElements() / n1 : 1;
    for (int64_t m : x.getMask())
      for (int64_t i = 0; i < inner; ++i) {
        if (m == vector::ShuffleOp::kPoisonIndex)
          out.push_back({-1, 0});
        else
          out.push_back(m < n1 ? LaneSource{0, m * inner + i}
                               : LaneSource{1, (m - n1) * inner + i});
      }
    return out;
  }
  if (auto x = dyn_cast<vector::ExtractStridedSliceOp>(op)) {
    VectorType rt = x.getType(), st = x.getSourceVectorType();
    auto offs = attrInts(x.getOffsets()), steps = attrInts(x.getStrides());
    for (int64_t k = 0; k < rt.getNumElements(); ++k) {
      llvm::SmallVector<int64_t, 4> c = laneCoords(rt.getShape(), k);
      for (size_t j = 0; j < offs.size(); ++j)
        c[j] = offs[j] + c[j] * steps[j];
      out.push_back({0, laneNumber(st.getShape(), c)});
    }
    return out;
  }
  if (auto x = dyn_cast<vector::InsertStridedSliceOp>(op)) {
    VectorType dt = x.getDestVectorType(), st = x.getSourceVectorType();
    auto offs = attrInts(x.getOffsets()), steps = attrInts(x.getStrides());
    for (int64_t k = 0; k < dt.getNumElements(); ++k)
      out.push_back({1, k});
    int64_t lead = dt.getRank() - st.getRank();
    for (int64_t k = 0; k < st.getNumElements(); ++k) {
      llvm::SmallVector<int64_t, 4> c = laneCoords(st.getShape(), k), d;
      for (int64_t j = 0; j < lead; ++j)
        d.push_back(offs[j]);
      for (int64_t j = 0; j < st.getRank(); ++j)
        d.push_back(offs[lead + j] + c[j] * steps[j]);
      out[laneNumber(dt.getShape(), d)] = {0, k};
    }
    return out;
  }
  return std::nullopt;
}

/// [op.vector.lanes] vector.create_mask / constant_mask: lane (c...) is
/// set iff c[j] < bounds[j] in every dimension (signed: a negative bound
/// sets none).
template <typename D>
typename D::Bool maskLane(D &d, llvm::ArrayRef<typename D::Int> bounds,
                          llvm::ArrayRef<int64_t> coords) {
  typename D::Bool on = d.sge(d.lit(0), d.lit(0));
  for (auto [b, c] : llvm::zip(bounds, coords))
    on = d.both(on, d.slt(d.lit(c), b));
  return on;
}

/// [op.vector.reduction]: the kind of `vector.reduction` on lanes of type
/// `elem` as the memref.atomic_rmw kind that combines two values alike
/// ([op.memref.atomic_rmw]).
inline mlir::arith::AtomicRMWKind reductionKind(mlir::vector::CombiningKind k,
                                                mlir::Type elem) {
  using K = mlir::arith::AtomicRMWKind;
  using C = mlir::vector::CombiningKind;
  bool fl = llvm::isa<mlir::FloatType>(elem);
  switch (k) {
  case C::ADD:
    return fl ? K::addf : K::addi;
  case C::MUL:
    return fl ? K::mulf : K::muli;
  case C::MINUI:
    return K::minu;
  case C::MINSI:
    return K::mins;
  case C::MINNUMF:
    return K::minnumf;
  case C::MAXUI:
    return K::maxu;
  case C::MAXSI:
    return K::maxs;
  case C::MAXNUMF:
    return K::maxnumf;
  case C::AND:
    return K::andi;
  case C::OR:
    return K::ori;
  case C::XOR:
    return K::xori;
  case C::MINIMUMF:
    return K::minimumf;
  case C::MAXIMUMF:
    return K::maximumf;
  }
  return K::assign;
}

/// An arith or math op applied to vectors (or vector.fma): computed lane by
/// lane by the scalar semantics ([op.vector.elementwise]).
inline bool isElementwiseOnVectors(mlir::Operation *op) {
  if (llvm::isa<mlir::vector::FMAOp>(op))
    return true;
  llvm::StringRef dialect = op->getName().getDialectNamespace();
  if (dialect != "arith" && dialect != "math")
    return false;
  auto isVec = [](mlir::Type t) { return llvm::isa<mlir::VectorType>(t); };
  return llvm::any_of(op->getResultTypes(), isVec) ||
         llvm::any_of(op->getOperandTypes(), isVec);
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_VECTORACCESS_H
