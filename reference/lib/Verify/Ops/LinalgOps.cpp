//===- LinalgOps.cpp - Memory effects of linalg structured ops ------------===//
//
// docs/verifier-design.md [verify.encoding.linalg]: a LinalgOp on memrefs is
// encoded by its memory effects, not element by element. Every memref it
// reads or writes is a use ([op.linalg.uses]); the iteration domain is the
// shapes-to-loops map of the operand sizes, with the undefined behaviour of
// [op.linalg.domain] and the out-of-bounds accesses of [safety.oob] as stop
// conditions; the contents of every output buffer become unconstrained
// (whatever the body computes). SAFE therefore holds for every result the
// body could produce; a counterexample that depends on them is replayed by
// dealloc-run, which runs the loop nest ([verify.replay]). A body that loads
// from a memref it captures is also encoded point by point, for the stops of
// its loads ([verify.encoding.linalg.loads]).
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"
#include "dealloc/Support/IterationSpace.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/ViewArith.h"
#include "llvm/ADT/DenseSet.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

namespace {
/// `constant + sum_d coeffs[d] * d` over the map's dimensions.
struct Linear {
  int64_t constant = 0;
  SmallVector<int64_t, 4> coeffs;
  bool isConstant() const {
    return llvm::all_of(coeffs, [](int64_t c) { return c == 0; });
  }
};
} // namespace

/// The linear form of `e`, or nothing for other expressions (floordiv,
/// mod, products of dimensions, symbols) and on 64-bit overflow.
static std::optional<Linear> linearize(AffineExpr e, unsigned numDims) {
  Linear r;
  r.coeffs.assign(numDims, 0);
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    r.constant = c.getValue();
    return r;
  }
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    r.coeffs[d.getPosition()] = 1;
    return r;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return std::nullopt;
  auto l = linearize(bin.getLHS(), numDims);
  auto rr = linearize(bin.getRHS(), numDims);
  if (!l || !rr)
    return std::nullopt;
  bool overflow = false;
  if (e.getKind() == AffineExprKind::Add) {
    overflow |= __builtin_add_overflow(l->constant, rr->constant, &r.constant);
    for (unsigned d = 0; d < numDims; ++d)
      overflow |=
          __builtin_add_overflow(l->coeffs[d], rr->coeffs[d], &r.coeffs[d]);
  } else if (e.getKind() == AffineExprKind::Mul) {
    if (!l->isConstant() && !rr->isConstant())
      return std::nullopt;
    const Linear &var = l->isConstant() ? *rr : *l;
    int64_t k = l->isConstant() ? l->constant : rr->constant;
    overflow |= __builtin_mul_overflow(var.constant, k, &r.constant);
    for (unsigned d = 0; d < numDims; ++d)
      overflow |= __builtin_mul_overflow(var.coeffs[d], k, &r.coeffs[d]);
  } else {
    return std::nullopt;
  }
  if (overflow)
    return std::nullopt;
  return r;
}

/// `lin` at the point `dims`.
static Expr evalLinear(smt::Context &c, const Linear &lin,
                       ArrayRef<Expr> dims) {
  Expr r = c.bvVal(kIndexWidth, lin.constant);
  for (auto [d, k] : llvm::enumerate(lin.coeffs))
    if (k != 0)
      r = c.mkBin(BinOp::Add, r,
                  c.mkBin(BinOp::Mul, c.bvVal(kIndexWidth, k), dims[d]));
  return r;
}

namespace {
/// What the body of a linalg op does beyond arith and math on its
/// elements.
struct BodyFacts {
  /// A body op can divide by zero.
  bool divides = false;
  /// The body loads from a memref it captures
  /// ([verify.encoding.linalg.loads]).
  bool loads = false;
};
} // namespace

/// Why the body of `op` is not covered by the encoding, or empty.
static std::string bodyProblem(linalg::LinalgOp op, BodyFacts &facts) {
  for (Operation &inner : op->getRegion(0).front()) {
    if (isa<linalg::YieldOp, linalg::IndexOp>(inner))
      continue;
    StringRef name = inner.getName().getStringRef();
    // A load of a memref defined above the op (the body's block arguments
    // are elements): encoded point by point.
    if (isa<memref::LoadOp>(inner)) {
      facts.loads = true;
      continue;
    }
    if (isa<memref::StoreOp>(inner))
      return "body op 'memref.store' writes a captured memref: not encoded "
             "([verify.encoding.linalg.loads])";
    StringRef dialect = inner.getName().getDialectNamespace();
    if ((dialect != "arith" && dialect != "math") || !lookupOp(&inner) ||
        inner.getNumRegions() != 0)
      return "body op '" + name.str() + "' is not encoded";
    for (Value v : inner.getOperands())
      if (isa<BaseMemRefType>(v.getType()))
        return "body op '" + name.str() + "' uses a memref";
    facts.divides |=
        isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(inner);
  }
  return "";
}

/// The same preconditions as dealloc-run's [op.linalg.structured]: why
/// the op is not encoded ("" if it is); `facts`: what its body does.
static std::string linalgProblem(linalg::LinalgOp lop, BodyFacts &facts) {
  Operation *op = lop;
  if (!lop.hasPureBufferSemantics())
    return "linalg op on tensors (bufferize first)";
  if (op->getNumRegions() != 1 || !llvm::hasSingleElement(op->getRegion(0)))
    return "linalg op without a single-block body";
  if (!lop.getShapesToLoopsMap())
    return "indexing maps do not determine the iteration domain from the "
           "operand sizes";
  for (AffineMap map : lop.getIndexingMapsArray())
    if (map.getNumSymbols() != 0)
      return "indexing map with symbols";
  return bodyProblem(lop, facts);
}

/// [op.linalg.domain]: the loop sizes from the operand sizes.
static bool iterationDomain(Encoder &E, linalg::LinalgOp lop,
                            std::vector<Expr> &ranges) {
  Operation *op = lop;
  AffineMap shapesToLoops = lop.getShapesToLoopsMap();
  std::vector<Expr> flat;
  for (OpOperand &o : op->getOpOperands())
    if (isa<MemRefType>(o.get().getType())) {
      const View &v = E.getView(o.get());
      flat.insert(flat.end(), v.sizes.begin(), v.sizes.end());
    }
  if (shapesToLoops.getNumDims() != flat.size())
    return E.unsupported(op, "operand ranks do not match the indexing maps");
  for (AffineExpr e : shapesToLoops.getResults()) {
    auto lin = linearize(e, flat.size());
    if (!lin)
      return E.unsupported(op, "shapes-to-loops map is not linear");
    ranges.push_back(evalLinear(E.ctx, *lin, flat));
  }
  return true;
}

namespace {
/// [safety.defined]: `oob` holds exactly when some element the op touches
/// is out of bounds (undefined behaviour); `approx` over-approximates
/// (boxes of indices the op may not touch in full, domains that may
/// overflow), a stop of the encoding's incompleteness.
struct LinalgChecks {
  std::vector<Expr> ranges, mismatch, nonEmpty, oob, approx;
  /// Per loop, a domain beyond 2^31: bounds of compound map results are
  /// computed at the domain's corners, not trusted to be free of overflow.
  std::vector<Expr> huge;
};
} // namespace

/// The checks of operand `o`'s indices: its sizes against the domain, and
/// the box of indices its indexing map reaches.
static bool checkOperand(Encoder &E, linalg::LinalgOp lop, OpOperand &o,
                         LinalgChecks &c) {
  smt::Context &ctx = E.ctx;
  const View &v = E.getView(o.get());
  AffineMap map = lop.getMatchingIndexingMap(&o);
  // The box of indices the op touches, for the buffer's bounds.
  std::vector<Expr> boxLo, boxHi;
  // The op touches every index of the box iff each result is a distinct
  // loop dimension.
  llvm::SmallDenseSet<unsigned, 4> dims;
  bool fullBox = true;
  for (AffineExpr e : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    fullBox &= dim && dims.insert(dim.getPosition()).second;
  }
  const std::vector<Expr> &ranges = c.ranges;
  for (auto [k, e] : llvm::enumerate(map.getResults())) {
    Expr size = v.sizes[k];
    if (auto dim = dyn_cast<AffineDimExpr>(e)) {
      c.mismatch.push_back(ctx.mkNe(size, ranges[dim.getPosition()]));
      boxLo.push_back(ctx.bvVal(kIndexWidth, 0));
      boxHi.push_back(ctx.mkBin(BinOp::Sub, ranges[dim.getPosition()],
                                ctx.bvVal(kIndexWidth, 1)));
      continue;
    }
    auto lin = linearize(e, ranges.size());
    if (!lin)
      return E.unsupported(lop, "indexing map result is not linear");
    // Smallest and largest index over the domain (corners of the box).
    std::vector<Expr> lo(ranges.size()), hi(ranges.size());
    for (size_t d = 0; d < ranges.size(); ++d) {
      Expr last = ctx.mkBin(BinOp::Sub, ranges[d], ctx.bvVal(kIndexWidth, 1));
      Expr zero = ctx.bvVal(kIndexWidth, 0);
      lo[d] = lin->coeffs[d] >= 0 ? zero : last;
      hi[d] = lin->coeffs[d] >= 0 ? last : zero;
    }
    Expr minIdx = evalLinear(ctx, *lin, lo), maxIdx = evalLinear(ctx, *lin, hi);
    c.oob.push_back(ctx.mkCmp(Cmp::Slt, minIdx, ctx.bvVal(kIndexWidth, 0)));
    c.oob.push_back(ctx.mkCmp(Cmp::Sge, maxIdx, size));
    if (!lin->isConstant())
      c.approx.push_back(ctx.mkOr(c.huge));
    boxLo.push_back(minIdx);
    boxHi.push_back(maxIdx);
  }
  // Inside the view's sizes but outside its buffer's bytes (a view
  // reaching past the buffer's end), as dealloc-run's element accesses;
  // caller-provided buffers too: a reinterpret_cast of an argument may
  // reach past its extents (corpus/verification/out-of-buffer-linalg.mlir
  // @fill_past_argument).
  if (boxLo.size() == v.sizes.size())
    (fullBox ? c.oob : c.approx)
        .push_back(boxOutsideBuffer(
            E, v, boxLo, boxHi,
            elementBytes(
                cast<MemRefType>(o.get().getType()).getElementType())));
  return true;
}

static void linalgStops(Encoder &E, State &st, Location loc,
                        const LinalgChecks &c, bool divides) {
  smt::Context &ctx = E.ctx;
  E.heap.stop(st, ctx.mkOr(c.mismatch), loc, StopKind::LinalgDomain,
              "linalg operand sizes differ from the iteration domain "
              "(undefined behaviour, [op.linalg.domain])");
  Expr runs = ctx.mkAnd(c.nonEmpty);
  E.heap.stop(st, ctx.mkAnd(runs, ctx.mkOr(c.oob)), loc, StopKind::OutOfBounds,
              "out-of-bounds access by a linalg indexing map ([safety.oob])");
  E.heap.stop(st, ctx.mkAnd(runs, ctx.mkOr(c.approx)), loc,
              StopKind::NotEncoded,
              "possibly out-of-bounds access by a linalg indexing map: not "
              "decided exactly ([verify.encoding.linalg])");
  if (divides)
    E.heap.stop(st, runs, loc, StopKind::NotEncoded,
                "linalg body divides: division by zero on some element is "
                "not encoded ([verify.encoding.linalg])");
}

/// linalg.copy and linalg.fill are exact on small static shapes, like
/// memref.copy; false: the op is neither (or not on memrefs of one type).
static bool copyOrFill(Encoder &E, State &st, Operation *op) {
  if (auto copy = dyn_cast<linalg::CopyOp>(op)) {
    Value in = copy.getInputs()[0], out = copy.getOutputs()[0];
    if (isa<MemRefType>(in.getType()) && isa<MemRefType>(out.getType()) &&
        copy.getIndexingMapsArray()[0] == copy.getIndexingMapsArray()[1]) {
      View src = E.getView(in), dst = E.getView(out);
      copyContents(
          E, st, src, dst,
          elementBytes(cast<MemRefType>(in.getType()).getElementType()));
      return true;
    }
  }
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    Value val = fill.getInputs()[0], out = fill.getOutputs()[0];
    auto mt = dyn_cast<MemRefType>(out.getType());
    if (mt && scalarWidth(val.getType()) &&
        val.getType() == mt.getElementType()) {
      View dst = E.getView(out);
      fillContents(E, st, dst, E.ctx.mkZExt(E.getBV(val), 64),
                   elementBytes(val.getType()), E.get(val).init);
      return true;
    }
  }
  return false;
}

/// Whether the body reads operand `o`'s element: its block argument has a
/// use. Where the body's arguments do not match the operands one to one,
/// every operand counts as read.
static bool bodyReads(Operation *op, OpOperand &o) {
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != op->getNumOperands())
    return true;
  return !body.getArgument(o.getOperandNumber()).use_empty();
}

/// Outputs: whatever the body yields. It yields initialized values when
/// every element and scalar it reads (its operands' elements that its block
/// arguments pass in, and the values it uses from above) is initialized and
/// it makes no poison ([op.uninit.flow]); otherwise initializedness is
/// unconstrained too. An output the body does not read (linalg.map's or a
/// fill-like generic's `outs`) need not be initialized before.
static void havocOutputs(Encoder &E, State &st, linalg::LinalgOp lop) {
  Operation *op = lop;
  bool writesInit = true;
  auto scalarInit = [&](Value v) {
    return E.get(v).init.isNull() || E.get(v).init.isTrue();
  };
  for (OpOperand &o : op->getOpOperands()) {
    Value v = o.get();
    if (isa<MemRefType>(v.getType()))
      writesInit &=
          !bodyReads(op, o) || E.heap.allInitialized(st, E.getView(v));
    else
      writesInit &= scalarInit(v);
  }
  llvm::SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegion(0), above);
  for (Value v : above)
    writesInit &= isa<MemRefType>(v.getType()) || scalarInit(v);
  for (Operation &inner : op->getRegion(0).front())
    writesInit &= !isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp,
                       arith::FPToSIOp, arith::FPToUIOp>(inner);
  for (Value v : lop.getDpsInits())
    if (isa<MemRefType>(v.getType()))
      E.heap.havoc(st, E.getView(v), writesInit);
}

/// Whether `v` may view a buffer among `slots`.
static bool mayView(const View &v, const llvm::DenseSet<unsigned> &slots) {
  return llvm::any_of(v.cands, [&](unsigned s) { return slots.contains(s); });
}

/// A value of type `t` about which nothing is known, its initializedness
/// included.
static SymValue anyValue(Encoder &E, Type t) {
  SymValue r = fromBV(E, t, E.ctx.freshBV("linalg_value", scalarWidth(t)));
  r.init = E.ctx.freshBool("linalg_value_init");
  return r;
}

/// [verify.encoding.linalg.loads]: the body at `point`, on the state before
/// the op, for the stops of its loads. A value is exact where no output can
/// have changed it before this point (an input element or a loaded element
/// of a buffer no output may view), else any value: so every run of the
/// body is a model, and a model without a stop here is a run that does not
/// stop (the path after the op keeps every defined run).
static bool encodeBodyAt(Encoder &E, State &st, linalg::LinalgOp lop,
                         ArrayRef<int64_t> point,
                         const llvm::DenseSet<unsigned> &written) {
  smt::Context &c = E.ctx;
  Block &body = lop->getRegion(0).front();
  for (auto [arg, o] :
       llvm::zip(body.getArguments(), lop.getOpOperandsMatchingBBargs())) {
    Value v = o->get();
    auto mt = dyn_cast<MemRefType>(v.getType());
    if (!mt) {
      E.bind(arg, E.get(v));
      continue;
    }
    const View &view = E.getView(v);
    if (lop.isDpsInit(o) || mayView(view, written) ||
        !scalarWidth(mt.getElementType())) {
      E.bind(arg, anyValue(E, arg.getType()));
      continue;
    }
    std::vector<Expr> indices;
    for (int64_t i : lop.getMatchingIndexingMap(o).compose(point))
      indices.push_back(c.bvVal(kIndexWidth, i));
    // Outside the view or its buffer: the op's out-of-bounds stop holds.
    SymbolicArith d(E.heap);
    Expr outside;
    Expr lin = view::linearIndex(d, view, indices, outside);
    E.bind(arg, loadElement(E, st, view, lin, mt.getElementType()));
  }
  for (Operation &inner : body.without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      E.bind(index, SymValue::bv(c.bvVal(kIndexWidth, point[index.getDim()])));
      continue;
    }
    if (!E.encodeOp(&inner, st))
      return false;
    if (auto load = dyn_cast<memref::LoadOp>(inner);
        load && mayView(E.getView(load.getMemRef()), written))
      E.bind(load.getResult(), anyValue(E, load.getType()));
  }
  return true;
}

/// [verify.encoding.linalg.loads]: a body that loads from a captured memref
/// is encoded at every point of a static domain of at most
/// SolverPolicy::linalgBodyPoints points, in dealloc-run's order
/// ([op.linalg.order]), for the stops of its loads ([heap.use],
/// [safety.oob]).
static bool encodeBodyLoads(Encoder &E, State &st, linalg::LinalgOp lop) {
  SmallVector<int64_t, 4> ranges = lop.getStaticLoopRanges();
  int64_t points = 1;
  for (int64_t r : ranges) {
    if (ShapedType::isDynamic(r) ||
        (r > 0 && points > SolverPolicy::linalgBodyPoints / r))
      return E.unsupported(
          lop, "body loads from a memref and the iteration domain is not "
               "static with at most " +
                   std::to_string(SolverPolicy::linalgBodyPoints) +
                   " points ([verify.encoding.linalg.loads])");
    points *= r;
  }
  if (points == 0)
    return true;
  llvm::DenseSet<unsigned> written;
  for (Value v : lop.getDpsInits())
    if (isa<MemRefType>(v.getType()))
      written.insert_range(E.getView(v).cands);
  return forEachPoint(ranges, [&](ArrayRef<int64_t> point) {
    return encodeBodyAt(E, st, lop, point, written);
  });
}

bool Encoder::encodeLinalg(Operation *op, State &st) {
  auto lop = dyn_cast<linalg::LinalgOp>(op);
  if (!lop)
    return notEncoded(op);
  BodyFacts facts;
  std::string problem = linalgProblem(lop, facts);
  if (!problem.empty())
    return unsupported(op, problem);
  // [op.linalg.uses]: every memref the op reads or writes, by its memory
  // effects, views a live buffer: checked by encodeOpImpl, as for every op.
  LinalgChecks checks;
  if (!iterationDomain(*this, lop, checks.ranges))
    return false;
  for (const Expr &r : checks.ranges)
    checks.nonEmpty.push_back(
        ctx.mkCmp(Cmp::Sgt, r, ctx.bvVal(kIndexWidth, 0)));
  for (const Expr &r : checks.ranges)
    checks.huge.push_back(
        ctx.mkCmp(Cmp::Sgt, r, ctx.bvVal(kIndexWidth, int64_t(1) << 31)));
  for (OpOperand &o : op->getOpOperands())
    if (isa<MemRefType>(o.get().getType()) &&
        !checkOperand(*this, lop, o, checks))
      return false;
  linalgStops(*this, st, op->getLoc(), checks, facts.divides);
  if (facts.loads && !encodeBodyLoads(*this, st, lop))
    return false;
  if (!copyOrFill(*this, st, op))
    havocOutputs(*this, st, lop);
  return true;
}
