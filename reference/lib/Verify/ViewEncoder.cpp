//===- ViewEncoder.cpp - Symbolic semantics of the memref view ops --------===//
//
// spec/operations.md [view.*] in SMT terms (spec/verification.md
// [verify.encoding]): the ops that make a new descriptor of a buffer
// (subview, reinterpret_cast, expand/collapse_shape, transpose, view,
// casts) or read one (extract_strided_metadata, extract_aligned_pointer,
// rank, dim). memref.reshape reads its sizes from memory
// (MemRefEncoder.cpp).
//
//===----------------------------------------------------------------------===//
#include "ViewEncoder.h"
#include "Encoder.h"
#include "Initialized.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

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
/// type's static sizes, offset and strides (the stride of a dimension of
/// size 1 addresses nothing and need not match); where it does not, the run
/// stops, as in dealloc-run.
static void stopOnCastMismatch(Encoder &E, State &st, const View &v,
                               MemRefType t, Location loc) {
  smt::Context &c = E.ctx;
  auto num = [&](int64_t x) { return c.bvVal(kIndexWidth, x); };
  std::vector<Expr> bad;
  for (int64_t k = 0; k < t.getRank(); ++k)
    if (!t.isDynamicDim(k))
      bad.push_back(c.mkNe(v.sizes[k], num(t.getDimSize(k))));
  SmallVector<int64_t> strides;
  int64_t offset;
  if (succeeded(t.getStridesAndOffset(strides, offset))) {
    if (!ShapedType::isDynamic(offset))
      bad.push_back(c.mkNe(v.offset, num(offset)));
    for (int64_t k = 0; k < t.getRank(); ++k)
      if (!ShapedType::isDynamic(strides[k]))
        bad.push_back(c.mkAnd(c.mkNe(v.strides[k], num(strides[k])),
                              c.mkNe(v.sizes[k], num(1))));
  }
  if (!bad.empty())
    E.heap.stop(st, c.mkOr(bad), loc, StopKind::CastAssertion,
                "memref.cast to a type the descriptor does not fit "
                "(undefined behaviour)");
}

static bool encodeCast(Encoder &E, State &st, memref::CastOp c) {
  Location loc = c.getLoc();
  const View &v = E.getView(c.getSource());
  auto t = dyn_cast<MemRefType>(c.getType());
  if (t && int64_t(v.sizes.size()) != t.getRank()) {
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
  Location loc = sv.getLoc();
  Operation *op = sv;
  requireInitialized(E, st, op->getOperands(), loc);
  View v = E.getView(sv.getSource());
  std::vector<Expr> offs = mixed(E, sv.getMixedOffsets());
  std::vector<Expr> szs = mixed(E, sv.getMixedSizes());
  std::vector<Expr> strs = mixed(E, sv.getMixedStrides());
  llvm::SmallBitVector dropped = sv.getDroppedDims();
  View r = v;
  r.sizes.clear();
  r.strides.clear();
  for (size_t k = 0; k < offs.size(); ++k) {
    r.offset = r.offset + offs[k] * v.strides[k];
    if (dropped.test(k))
      continue;
    r.sizes.push_back(szs[k]);
    r.strides.push_back(strs[k] * v.strides[k]);
  }
  E.bind(sv, SymValue::memref(r));
  return true;
}

static bool encodeReinterpretCast(Encoder &E, State &st,
                                  memref::ReinterpretCastOp rc) {
  Location loc = rc.getLoc();
  Operation *op = rc;
  requireInitialized(E, st, op->getOperands(), loc);
  View r = E.getView(rc.getSource());
  r.offset = mixed(E, rc.getMixedOffsets())[0];
  r.sizes = mixed(E, rc.getMixedSizes());
  r.strides = mixed(E, rc.getMixedStrides());
  E.bind(rc, SymValue::memref(r));
  return true;
}

static bool encodeExpandShape(Encoder &E, State &st, memref::ExpandShapeOp ex) {
  Location loc = ex.getLoc();
  Operation *op = ex;
  requireInitialized(E, st, op->getOperands(), loc);
  View v = E.getView(ex.getSrc());
  View r = v;
  std::vector<Expr> out = mixed(E, ex.getMixedOutputShape());
  r.sizes = out;
  // A rank-0 source has no groups: its unit dimensions get stride 1, as
  // in dealloc-run.
  r.strides.assign(out.size(), E.ctx.bvVal(kIndexWidth, 1));
  for (auto [d, group] : llvm::enumerate(ex.getReassociationIndices())) {
    Expr stride = v.strides[d];
    for (size_t k = group.size(); k-- > 0;) {
      r.strides[group[k]] = stride;
      stride = E.ctx.mkBin(BinOp::Mul, stride, out[group[k]]);
    }
  }
  E.bind(ex, SymValue::memref(r));
  return true;
}

static bool encodeCollapseShape(Encoder &E, State &st,
                                memref::CollapseShapeOp co) {
  View v = E.getView(co.getSrc());
  View r = v;
  r.sizes.clear();
  r.strides.clear();
  // As dealloc-run: a group's stride is that of its innermost dimension
  // whose size is not 1 (its first dimension's if all are 1), which is
  // what the LLVM lowering computes for a group with unit dimensions.
  Expr one = E.ctx.bvVal(kIndexWidth, 1);
  for (auto group : co.getReassociationIndices()) {
    Expr size = one, stride = one;
    for (auto [j, k] : llvm::enumerate(group)) {
      size = E.ctx.mkBin(BinOp::Mul, size, v.sizes[k]);
      stride = j == 0 ? v.strides[k]
                      : E.ctx.mkIte(E.ctx.mkNe(v.sizes[k], one), v.strides[k],
                                    stride);
    }
    r.sizes.push_back(size);
    r.strides.push_back(stride);
  }
  E.bind(co, SymValue::memref(r));
  return true;
}

/// [view.transpose]: result dimension i is source dimension perm(i).
static bool encodeTranspose(Encoder &E, State &st, memref::TransposeOp tr) {
  View v = E.getView(tr.getIn());
  View r = v;
  r.sizes.clear();
  r.strides.clear();
  for (AffineExpr e : tr.getPermutation().getResults()) {
    unsigned k = cast<AffineDimExpr>(e).getPosition();
    r.sizes.push_back(v.sizes[k]);
    r.strides.push_back(v.strides[k]);
  }
  E.bind(tr, SymValue::memref(r));
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
  View r = freshView(E, v.cands[0], vw.getType(), E.shapeOf(vw.getType(), dyn));
  r.cands = v.cands;
  r.pts = v.pts;
  Expr shift = E.getBV(vw.getByteShift());
  r.addr = E.ctx.mkBin(BinOp::Add, v.addr, shift);
  // [view.view.shift]: the aligned address moves by the shift; contents
  // are bytes in modules with memref.view ([verify.encoding.contents]).
  r.byteShift = v.byteShift.isNull()
                    ? shift
                    : E.ctx.mkBin(BinOp::Add, v.byteShift, shift);
  r.retyped = true;
  E.bind(vw, SymValue::memref(r));
  return true;
}

static bool encodeExtractStridedMetadata(Encoder &E, State &st,
                                         memref::ExtractStridedMetadataOp md) {
  View v = E.getView(md.getSource());
  View base = v;
  base.offset = E.ctx.bvVal(kIndexWidth, 0);
  base.sizes.clear();
  base.strides.clear();
  E.bind(md.getBaseBuffer(), SymValue::memref(base));
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
  E.heap.addressesUsed = true;
  const View &v = E.getView(p.getSource());
  if (!E.heap.reuseAddresses && v.byteShift.isNull() && !v.cands.empty())
    E.env().addressViews().try_emplace(v.addr.termId(), v);
  E.bind(p, SymValue::bv(v.addr));
  return true;
}

static bool encodeRank(Encoder &E, State &st, memref::RankOp r) {
  E.bind(r, SymValue::bv(E.ctx.bvVal(
                kIndexWidth, (int64_t)E.getView(r.getMemref()).sizes.size())));
  return true;
}

static bool encodeDim(Encoder &E, State &st, memref::DimOp d) {
  Location loc = d.getLoc();
  Operation *op = d;
  const View &v = E.getView(d.getSource());
  Expr idx = E.getBV(d.getIndex());
  requireInitialized(E, st, op->getOperands(), loc);
  // An index outside 0..rank-1 is undefined behaviour, a stop as in
  // dealloc-run ([verify.verdict]; memref-dim.mlir).
  E.heap.stop(st,
              E.ctx.mkCmp(Cmp::Uge, idx,
                          E.ctx.bvVal(kIndexWidth, (int64_t)v.sizes.size())),
              loc, StopKind::DimIndex,
              "memref.dim index out of range (undefined behaviour)");
  if (v.sizes.empty()) {
    E.bind(d, SymValue::bv(E.ctx.bvVal(kIndexWidth, 0)));
    return true;
  }
  std::vector<Expr> guards, vals;
  for (size_t k = 0; k < v.sizes.size(); ++k) {
    guards.push_back(E.ctx.mkEq(idx, E.ctx.bvVal(kIndexWidth, k)));
    vals.push_back(v.sizes[k]);
  }
  E.bind(d, SymValue::bv(E.heap.mergeExprs(guards, vals)));
  return true;
}

bool dealloc::verify::encodeViewOp(Encoder &E, State &st, Operation *op,
                                   bool &handled) {
  handled = true;
  return llvm::TypeSwitch<Operation *, bool>(op)
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
      .Default([&](Operation *) {
        handled = false;
        return true;
      });
}
