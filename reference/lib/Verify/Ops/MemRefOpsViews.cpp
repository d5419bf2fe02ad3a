//===- MemRefOpsViews.cpp - Symbolic semantics of the memref view ops -----===//
//
// spec/operations.md [view.*] in SMT terms (docs/verifier-design.md
// [verify.encoding]): the ops that make a new descriptor of a buffer
// (subview, reinterpret_cast, expand/collapse_shape, transpose, view,
// casts) or read one (extract_strided_metadata, extract_aligned_pointer,
// rank, dim). memref.reshape reads its sizes from memory
// (Verify/Ops/MemRefOps.cpp).
//
//===----------------------------------------------------------------------===//
#include "Ops/MemRefOpsViews.h"
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// Folds a mixed static/dynamic list into index expressions.
static std::vector<Expr> mixed(Encoder &E, ArrayRef<OpFoldResult> xs) {
  std::vector<Expr> r;
  for (OpFoldResult x : xs) {
    if (auto a = dyn_cast<Attribute>(x))
      r.push_back(E.ctx.bvVal(kIndexWidth, cast<IntegerAttr>(a).getInt()));
    else
      r.push_back(E.getBV(cast<Value>(x)));
  }
  return r;
}

/// [view.cast]: a cast to a ranked type asserts that the descriptor has the
/// type's static sizes, offset and strides; where it does not, the run
/// stops, as in dealloc-run.
static void stopOnCastMismatch(Encoder &E, State &st, const View &v,
                               MemRefType t, Location loc) {
  SymbolicArith d(E.heap);
  std::vector<Expr> bad;
  for (const view::CastMismatch<SymbolicArith> &m :
       view::castMismatches(d, v, t))
    bad.push_back(m.bad);
  if (!bad.empty())
    E.heap.stop(st, E.ctx.mkOr(bad), loc, StopKind::CastAssertion,
                "memref.cast to a type the descriptor does not fit "
                "(undefined behaviour)");
}

static bool encodeCast(Encoder &E, State &st, memref::CastOp c) {
  Location loc = c.getLoc();
  const View &v = E.getView(c.getSource());
  auto t = dyn_cast<MemRefType>(c.getType());
  if (t && view::castRankDiffers(v, t)) {
    // [view.cast]: from an unranked value of another rank, every run that
    // gets here stops; the result is never used.
    E.heap.stop(st, E.ctx.boolVal(true), loc, StopKind::CastAssertion,
                "memref.cast to another rank (undefined behaviour)");
    E.bind(c, E.dummyValue(t));
    return true;
  }
  if (t)
    stopOnCastMismatch(E, st, v, t, loc);
  E.bind(c, SymValue::memref(v));
  return true;
}

static bool encodeAssumeAlignment(Encoder &E, State &st,
                                  memref::AssumeAlignmentOp a) {
  E.bind(a.getResult(), SymValue::memref(E.getView(a.getMemref())));
  return true;
}

static bool encodeMemorySpaceCast(Encoder &E, State &st,
                                  memref::MemorySpaceCastOp c) {
  E.bind(c.getResult(), SymValue::memref(E.getView(c.getSource())));
  return true;
}

static bool encodeSubView(Encoder &E, State &st, memref::SubViewOp sv) {
  requireInitialized(E, st, sv->getOperands(), sv.getLoc());
  SymbolicArith d(E.heap);
  View src = E.getView(sv.getSource());
  std::vector<Expr> offsets = mixed(E, sv.getMixedOffsets());
  std::vector<Expr> sizes = mixed(E, sv.getMixedSizes());
  std::vector<Expr> steps = mixed(E, sv.getMixedStrides());
  E.bind(sv, SymValue::memref(view::subview(d, src, offsets, sizes, steps,
                                            sv.getDroppedDims())));
  return true;
}

static bool encodeReinterpretCast(Encoder &E, State &st,
                                  memref::ReinterpretCastOp rc) {
  requireInitialized(E, st, rc->getOperands(), rc.getLoc());
  SymbolicArith d(E.heap);
  View src = E.getView(rc.getSource());
  Expr offset = mixed(E, rc.getMixedOffsets())[0];
  std::vector<Expr> sizes = mixed(E, rc.getMixedSizes());
  std::vector<Expr> strides = mixed(E, rc.getMixedStrides());
  E.bind(rc, SymValue::memref(
                 view::reinterpretCast(d, src, offset, sizes, strides)));
  return true;
}

static bool encodeExpandShape(Encoder &E, State &st, memref::ExpandShapeOp ex) {
  requireInitialized(E, st, ex->getOperands(), ex.getLoc());
  SymbolicArith d(E.heap);
  View src = E.getView(ex.getSrc());
  std::vector<Expr> shape = mixed(E, ex.getMixedOutputShape());
  E.bind(ex, SymValue::memref(view::expandShape(d, src, shape,
                                                ex.getReassociationIndices())));
  return true;
}

static bool encodeCollapseShape(Encoder &E, State &st,
                                memref::CollapseShapeOp co) {
  SymbolicArith d(E.heap);
  E.bind(co, SymValue::memref(view::collapseShape(
                 d, E.getView(co.getSrc()), co.getReassociationIndices())));
  return true;
}

/// [view.transpose]
static bool encodeTranspose(Encoder &E, State &st, memref::TransposeOp tr) {
  E.bind(tr, SymValue::memref(
                 view::transpose(E.getView(tr.getIn()), tr.getPermutation())));
  return true;
}

static bool encodeView(Encoder &E, State &st, memref::ViewOp vw) {
  Location loc = vw.getLoc();
  Operation *op = vw;
  requireInitialized(E, st, op->getOperands(), loc);
  View v = E.getView(vw.getSource());
  if (v.cands.empty())
    return E.unsupported(op, "view of a value without a buffer");
  std::vector<Expr> dyn;
  for (Value s : vw.getSizes())
    dyn.push_back(E.getBV(s));
  View r =
      freshView(E, v.cands[0], vw.getType(), shapeOf(E, vw.getType(), dyn));
  r.cands = v.cands;
  r.pts = v.pts;
  r.id = v.id;
  Expr shift = E.getBV(vw.getByteShift());
  r.addr = v.addr + shift;
  // [view.view.shift]: the aligned address moves by the shift; contents
  // are bytes in modules with memref.view ([verify.encoding.contents]).
  r.byteShift = v.byteShift.isNull() ? shift : v.byteShift + shift;
  r.retyped = true;
  E.bind(vw, SymValue::memref(r));
  return true;
}

/// [view.metadata]
static bool encodeExtractStridedMetadata(Encoder &E, State &st,
                                         memref::ExtractStridedMetadataOp md) {
  SymbolicArith d(E.heap);
  View v = E.getView(md.getSource());
  E.bind(md.getBaseBuffer(), SymValue::memref(view::metadataBase(d, v)));
  E.bind(md.getOffset(), SymValue::bv(v.offset));
  for (auto [k, s] : llvm::enumerate(md.getSizes()))
    E.bind(s, SymValue::bv(v.sizes[k]));
  for (auto [k, s] : llvm::enumerate(md.getStrides()))
    E.bind(s, SymValue::bv(v.strides[k]));
  return true;
}

static bool
encodeExtractAlignedPointerAsIndex(Encoder &E, State &st,
                                   memref::ExtractAlignedPointerAsIndexOp p) {
  E.heap.observeAddresses();
  const View &v = E.getView(p.getSource());
  if (!E.heap.reusesAddresses() && v.byteShift.isNull() && !v.cands.empty())
    E.env().addressViews().try_emplace(v.addr.termId(), v);
  E.bind(p, SymValue::bv(v.addr));
  return true;
}

static bool encodeRank(Encoder &E, State &st, memref::RankOp r) {
  E.bind(r, SymValue::bv(E.ctx.bvVal(
                kIndexWidth, (int64_t)E.getView(r.getMemref()).sizes.size())));
  return true;
}

static bool encodeDim(Encoder &E, State &st, memref::DimOp dim) {
  Location loc = dim.getLoc();
  SymbolicArith d(E.heap);
  const View &v = E.getView(dim.getSource());
  Expr idx = E.getBV(dim.getIndex());
  requireInitialized(E, st, dim->getOperands(), loc);
  // An index outside 0..rank-1 is undefined behaviour, a stop as in
  // dealloc-run ([verify.verdict]; memref-dim.mlir).
  E.heap.stop(st, view::dimOutOfRange(d, v, idx), loc, StopKind::DimIndex,
              "memref.dim index out of range (undefined behaviour)");
  E.bind(dim, SymValue::bv(view::dimSize(d, v, idx)));
  return true;
}

std::optional<bool> dealloc::verify::encodeViewOp(Encoder &E, State &st,
                                                  Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<bool>>(op)
      .Case([&](memref::CastOp x) { return encodeCast(E, st, x); })
      .Case([&](memref::AssumeAlignmentOp x) {
        return encodeAssumeAlignment(E, st, x);
      })
      .Case([&](memref::MemorySpaceCastOp x) {
        return encodeMemorySpaceCast(E, st, x);
      })
      .Case([&](memref::SubViewOp x) { return encodeSubView(E, st, x); })
      .Case([&](memref::ReinterpretCastOp x) {
        return encodeReinterpretCast(E, st, x);
      })
      .Case(
          [&](memref::ExpandShapeOp x) { return encodeExpandShape(E, st, x); })
      .Case([&](memref::CollapseShapeOp x) {
        return encodeCollapseShape(E, st, x);
      })
      .Case([&](memref::TransposeOp x) { return encodeTranspose(E, st, x); })
      .Case([&](memref::ViewOp x) { return encodeView(E, st, x); })
      .Case([&](memref::ExtractStridedMetadataOp x) {
        return encodeExtractStridedMetadata(E, st, x);
      })
      .Case([&](memref::ExtractAlignedPointerAsIndexOp x) {
        return encodeExtractAlignedPointerAsIndex(E, st, x);
      })
      .Case([&](memref::RankOp x) { return encodeRank(E, st, x); })
      .Case([&](memref::DimOp x) { return encodeDim(E, st, x); })
      .Default([&](Operation *) { return std::nullopt; });
}
