//===- MemRefOps.cpp - memref ops (spec/operations.md, [op.memref.*]) -----===//
//
// Allocation ops create buffers ([buffer.kind]); view ops produce new
// descriptors of the same buffer ([view.same_buffer]); memref.view advances
// the aligned address ([view.view.shift]); accesses go through
// Machine::elementOffset (bounds) after the generic [heap.use] check.
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Support/AccessOps.h"
#include "dealloc/Support/ViewArith.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cmath>

using namespace mlir;

namespace dealloc {

bool resolveMixed(Machine &m, Frame &f, Operation *op,
                  ArrayRef<OpFoldResult> values,
                  SmallVectorImpl<int64_t> &out) {
  for (OpFoldResult v : values) {
    if (auto attr = dyn_cast<Attribute>(v)) {
      out.push_back(cast<IntegerAttr>(attr).getInt());
      continue;
    }
    int64_t x;
    if (!m.decideInt(f, cast<Value>(v), op, x))
      return false;
    out.push_back(x);
  }
  return true;
}

static bool resolveValues(Machine &m, Frame &f, Operation *op,
                          ValueRange values, SmallVectorImpl<int64_t> &out) {
  for (Value v : values) {
    int64_t x;
    if (!m.decideInt(f, v, op, x))
      return false;
    out.push_back(x);
  }
  return true;
}

static RtValue indexValue(int64_t v) { return RtValue::makeInt(64, v); }

static std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream(s) << t;
  return s;
}

/// [view.cast] Why descriptor `d` does not fit ranked type `t` (empty if it
/// does): another rank, or the first static size, offset or stride of `t`
/// that `d` does not have (view::castMismatches).
static std::string castMismatch(const MemRefDesc &d, MemRefType t) {
  if (view::castRankDiffers(d, t))
    return "the source has rank " + std::to_string(d.sizes.size());
  view::Concrete c;
  for (const view::CastMismatch<view::Concrete> &m :
       view::castMismatches(c, d, t))
    if (m.bad)
      return std::string(m.what) + " " + std::to_string(m.actual) +
             (m.dim < 0 ? "" : " in dimension " + std::to_string(m.dim));
  return "";
}

/// Initial contents of a global from its dense initializer.
static void initGlobal(Machine &m, unsigned id, memref::GlobalOp g,
                       const MemRefDesc &d) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(g.getInitialValueAttr());
  if (!dense)
    return; // uninitialized ([op.memref.get_global])
  Type elem = g.getType().getElementType();
  unsigned eb = elementBytes(elem);
  int64_t n = g.getType().getNumElements();
  for (int64_t k = 0; k < n && !m.memoryExhausted(); ++k) {
    int64_t flat = dense.isSplat() ? 0 : k;
    RtValue v;
    if (isModelledComplex(elem)) {
      auto parts = dense.getValues<std::complex<APFloat>>()[flat];
      v = RtValue::makeComplex(parts.real().convertToDouble(),
                               parts.imag().convertToDouble());
    } else if (isa<FloatType>(elem))
      v = RtValue::makeFloat(
          dense.getValues<APFloat>()[flat].convertToDouble());
    else
      v = RtValue::makeInt(dense.getValues<APInt>()[flat]);
    m.storeScalar(id, d.aligned - m.buffer(id).base + k * eb, elem, v);
  }
}

/// [op.memref.atomic_rmw]: `old <kind> value` as the arith op of the same
/// name computes it ([op.arith.ops]); an uninitialized operand gives the
/// uninitialized value ([op.uninit.flow]), except for `assign`.
RtValue combineValues(arith::AtomicRMWKind kind, Type elem, const RtValue &old,
                      const RtValue &val) {
  using K = arith::AtomicRMWKind;
  if (kind == K::assign)
    return val;
  if (old.isUninit() || val.isUninit())
    return RtValue::uninit();
  if (isa<FloatType>(elem)) {
    double a = old.f, b = val.f;
    bool nan = std::isnan(a) || std::isnan(b);
    double r;
    switch (kind) {
    case K::addf:
      r = a + b;
      break;
    case K::mulf:
      r = a * b;
      break;
    case K::maximumf:
      r = nan ? NAN : std::max(a, b);
      break;
    case K::minimumf:
      r = nan ? NAN : std::min(a, b);
      break;
    case K::maxnumf:
      r = std::fmax(a, b);
      break;
    case K::minnumf:
      r = std::fmin(a, b);
      break;
    default:
      return RtValue::uninit(); // the op's verifier rejects these
    }
    return RtValue::makeFloat(roundToFloatType(elem, r));
  }
  const APInt &a = old.i, &b = val.i;
  switch (kind) {
  case K::addi:
    return RtValue::makeInt(a + b);
  case K::muli:
    return RtValue::makeInt(a * b);
  case K::andi:
    return RtValue::makeInt(a & b);
  case K::ori:
    return RtValue::makeInt(a | b);
  case K::xori:
    return RtValue::makeInt(a ^ b);
  case K::maxs:
    return RtValue::makeInt(a.sge(b) ? a : b);
  case K::maxu:
    return RtValue::makeInt(a.uge(b) ? a : b);
  case K::mins:
    return RtValue::makeInt(a.sle(b) ? a : b);
  case K::minu:
    return RtValue::makeInt(a.ule(b) ? a : b);
  default:
    return RtValue::uninit(); // the op's verifier rejects these
  }
}

/// [op.memref.alloc], [op.memref.alloca]
static bool execAlloc(Machine &m, Frame &f, Operation *op) {
  bool stack = isa<memref::AllocaOp>(op);
  auto type = cast<MemRefType>(op->getResult(0).getType());
  ValueRange dynOps = stack ? cast<memref::AllocaOp>(op).getDynamicSizes()
                            : cast<memref::AllocOp>(op).getDynamicSizes();
  std::optional<uint64_t> align =
      stack ? cast<memref::AllocaOp>(op).getAlignment()
            : cast<memref::AllocOp>(op).getAlignment();
  SmallVector<int64_t, 4> dyn;
  if (!resolveValues(m, f, op, dynOps, dyn))
    return false;
  RtValue r;
  if (!m.allocate(stack ? BufferKind::Stack : BufferKind::Heap, type, dyn,
                  align.value_or(64), op->getName().getStringRef(),
                  op->getLoc(), r))
    return false;
  if (stack)
    f.stackBuffers.push_back(r.m.buffer);
  m.bind(f, op->getResult(0), r);
  return true;
}

static const MemRefDesc &desc(Machine &m, Frame &f, Value v) {
  return m.lookup(f, v).m;
}

/// [op.memref.dealloc]
static bool execDealloc(Machine &m, Frame &f, memref::DeallocOp d) {
  Operation *op = d;
  return m.freeBuffer(desc(m, f, d.getMemref()).buffer, op, "");
}

/// [op.memref.realloc]: a new heap buffer, contents copied, the old freed.
static bool execRealloc(Machine &m, Frame &f, memref::ReallocOp re) {
  Operation *op = re;
  MemRefDesc src = desc(m, f, re.getSource());
  if (!m.checkFreeable(src.buffer, op, ""))
    return false;
  SmallVector<int64_t, 1> dyn;
  if (Value s = re.getDynamicResultSize()) {
    int64_t x;
    if (!m.decideInt(f, s, op, x))
      return false;
    dyn.push_back(x);
  }
  RtValue r;
  if (!m.allocate(BufferKind::Heap, re.getType(), dyn,
                  re.getAlignment().value_or(64), "memref.realloc",
                  op->getLoc(), r))
    return false;
  const Buffer &old = m.buffer(src.buffer);
  int64_t srcOff =
      src.aligned +
      src.offset * elementBytes(re.getSource().getType().getElementType()) -
      old.base;
  int64_t n = std::min(old.sizeBytes - srcOff, m.buffer(r.m.buffer).sizeBytes);
  if (srcOff >= 0 && n > 0)
    m.copyBytes(r.m.buffer, 0, src.buffer, srcOff, n);
  m.releaseBuffer(src.buffer, op, "free");
  m.bind(f, re, r);
  return true;
}

/// [op.memref.get_global]: one global buffer per symbol and run.
static bool execGetGlobal(Machine &m, Frame &f, memref::GetGlobalOp gg) {
  Operation *op = gg;
  auto g = m.lookup<memref::GlobalOp>(gg.getName());
  if (!g)
    return m.unsupported(op, "global not found");
  if (std::optional<unsigned> id = m.globalBuffer(gg.getName())) {
    const Buffer &b = m.buffer(*id);
    m.bind(f, gg,
           RtValue::makeMemRef(m.layoutFor(gg.getType(), {}, b.id, b.base)));
    return true;
  }
  RtValue r;
  if (!m.allocate(BufferKind::Global, gg.getType(), {},
                  g.getAlignment().value_or(64), ("@" + gg.getName()).str(),
                  g.getLoc(), r))
    return false;
  m.setGlobalBuffer(gg.getName(), r.m.buffer);
  initGlobal(m, r.m.buffer, g, r.m);
  m.bind(f, gg, r);
  return true;
}

/// Views ([view.same_buffer]).
static bool execCast(Machine &m, Frame &f, memref::CastOp cast_) {
  RtValue v = m.lookup(f, cast_.getSource());
  if (auto t = dyn_cast<MemRefType>(cast_.getType()))
    if (std::string why = castMismatch(v.m, t); !why.empty())
      return m.unknown(StopKind::CastAssertion,
                       "memref.cast to " + typeText(t) + ": " + why +
                           " (undefined behaviour, [view.cast])",
                       cast_.getLoc());
  m.bind(f, cast_, v);
  return true;
}

static bool execAssumeAlignment(Machine &m, Frame &f,
                                memref::AssumeAlignmentOp aa) {
  m.bind(f, aa.getResult(), m.lookup(f, aa.getMemref()));
  return true;
}

static bool execMemorySpaceCast(Machine &m, Frame &f,
                                memref::MemorySpaceCastOp sc) {
  m.bind(f, sc.getResult(), m.lookup(f, sc.getSource()));
  return true;
}

static bool execSubView(Machine &m, Frame &f, memref::SubViewOp sv) {
  Operation *op = sv;
  SmallVector<int64_t, 4> offs, sizes, steps;
  if (!resolveMixed(m, f, op, sv.getMixedOffsets(), offs) ||
      !resolveMixed(m, f, op, sv.getMixedSizes(), sizes) ||
      !resolveMixed(m, f, op, sv.getMixedStrides(), steps))
    return false;
  view::Concrete c;
  m.bind(f, sv,
         RtValue::makeMemRef(view::subview(c, desc(m, f, sv.getSource()), offs,
                                           sizes, steps, sv.getDroppedDims())));
  return true;
}

static bool execReinterpretCast(Machine &m, Frame &f,
                                memref::ReinterpretCastOp rc) {
  Operation *op = rc;
  SmallVector<int64_t, 4> offs, sizes, strides;
  if (!resolveMixed(m, f, op, rc.getMixedOffsets(), offs) ||
      !resolveMixed(m, f, op, rc.getMixedSizes(), sizes) ||
      !resolveMixed(m, f, op, rc.getMixedStrides(), strides))
    return false;
  view::Concrete c;
  m.bind(f, rc,
         RtValue::makeMemRef(view::reinterpretCast(
             c, desc(m, f, rc.getSource()), offs.front(), sizes, strides)));
  return true;
}

static bool execExpandShape(Machine &m, Frame &f, memref::ExpandShapeOp ex) {
  Operation *op = ex;
  SmallVector<int64_t, 4> shape;
  if (!resolveMixed(m, f, op, ex.getMixedOutputShape(), shape))
    return false;
  view::Concrete c;
  m.bind(f, ex,
         RtValue::makeMemRef(view::expandShape(
             c, desc(m, f, ex.getSrc()), shape, ex.getReassociationIndices())));
  return true;
}

static bool execCollapseShape(Machine &m, Frame &f,
                              memref::CollapseShapeOp co) {
  view::Concrete c;
  m.bind(f, co,
         RtValue::makeMemRef(view::collapseShape(
             c, desc(m, f, co.getSrc()), co.getReassociationIndices())));
  return true;
}

/// [view.reshape]: the sizes are read from the shape operand (its
/// [heap.use] by the op's memory effects); the result is row-major over the
/// source's offset.
static bool execReshape(Machine &m, Frame &f, memref::ReshapeOp rs) {
  Operation *op = rs;
  MemRefDesc shape = desc(m, f, rs.getShape());
  auto shapeType = cast<MemRefType>(rs.getShape().getType());
  view::Concrete c;
  SmallVector<int64_t, 4> sizes;
  int64_t n = shape.sizes.empty() ? 0 : shape.sizes[0];
  for (int64_t k = 0; k < n; ++k) {
    int64_t off;
    if (!m.elementOffset(shape, shapeType, {k}, op, off))
      return false;
    RtValue v = m.loadScalar(shape.buffer, off, shapeType.getElementType());
    if (v.kind != RtValue::Int)
      return m.unknown(StopKind::UninitControl,
                       "uninitialized value decides control flow "
                       "([op.uninit.control])",
                       op->getLoc());
    int64_t size = v.i.getSExtValue();
    SmallVector<bool, 2> bad;
    view::reshapeSizeBad(c, size, rs.getType().getDimSize(k), bad);
    if (c.anyOf(bad))
      return m.unknown(StopKind::ReshapeSize,
                       "memref.reshape to size " + std::to_string(size) +
                           " in dimension " + std::to_string(k) +
                           " (undefined behaviour)",
                       op->getLoc());
    sizes.push_back(size);
  }
  m.bind(
      f, rs,
      RtValue::makeMemRef(view::reshape(c, desc(m, f, rs.getSource()), sizes)));
  return true;
}

/// [view.transpose]
static bool execTranspose(Machine &m, Frame &f, memref::TransposeOp tr) {
  m.bind(f, tr,
         RtValue::makeMemRef(
             view::transpose(desc(m, f, tr.getIn()), tr.getPermutation())));
  return true;
}

/// [view.view.shift]
static bool execView(Machine &m, Frame &f, memref::ViewOp vw) {
  Operation *op = vw;
  MemRefDesc src = desc(m, f, vw.getSource());
  int64_t shift;
  SmallVector<int64_t, 4> dyn;
  if (!m.decideInt(f, vw.getByteShift(), op, shift) ||
      !resolveValues(m, f, op, vw.getSizes(), dyn))
    return false;
  m.bind(f, vw,
         RtValue::makeMemRef(
             m.layoutFor(vw.getType(), dyn, src.buffer, src.aligned + shift)));
  return true;
}

/// [view.metadata]
static bool execExtractStridedMetadata(Machine &m, Frame &f,
                                       memref::ExtractStridedMetadataOp md) {
  view::Concrete c;
  MemRefDesc src = desc(m, f, md.getSource());
  m.bind(f, md.getBaseBuffer(),
         RtValue::makeMemRef(view::metadataBase(c, src)));
  m.bind(f, md.getOffset(), indexValue(src.offset));
  for (auto [v, s] : llvm::zip(md.getSizes(), src.sizes))
    m.bind(f, v, indexValue(s));
  for (auto [v, s] : llvm::zip(md.getStrides(), src.strides))
    m.bind(f, v, indexValue(s));
  return true;
}

/// [addr.aligned_pointer]
static bool
execExtractAlignedPointerAsIndex(Machine &m, Frame &f,
                                 memref::ExtractAlignedPointerAsIndexOp ep) {
  m.bind(f, ep, indexValue(desc(m, f, ep.getSource()).aligned));
  return true;
}

static bool execDim(Machine &m, Frame &f, memref::DimOp dim) {
  Operation *op = dim;
  view::Concrete c;
  MemRefDesc src = desc(m, f, dim.getSource());
  int64_t k;
  if (!m.decideInt(f, dim.getIndex(), op, k))
    return false;
  if (view::dimOutOfRange(c, src, k))
    return m.unknown(StopKind::DimIndex,
                     "memref.dim index out of range (undefined behaviour)",
                     op->getLoc());
  m.bind(f, dim, indexValue(view::dimSize(c, src, k)));
  return true;
}

static bool execRank(Machine &m, Frame &f, memref::RankOp rank) {
  m.bind(f, rank, indexValue(desc(m, f, rank.getMemref()).sizes.size()));
  return true;
}

/// [op.memref.access], [op.affine.access], [op.memref.atomic_rmw]: the
/// indices are computed and bounds-checked (elementOffset), then the
/// element is loaded, stored, or read and replaced (atomics: the op's
/// result is the value read; generic_atomic_rmw's body computes the new
/// one from it).
bool execElementAccess(Machine &m, Frame &f, Operation *op,
                       const ElementAccessOp &acc) {
  using A = ElementAccessOp;
  SmallVector<int64_t, 4> idx;
  int64_t off;
  MemRefDesc d = desc(m, f, acc.memref);
  auto type = cast<MemRefType>(acc.memref.getType());
  Type elem = type.getElementType();
  if (!(acc.map ? affineValues(m, f, op, acc.map, acc.operands, idx)
                : resolveValues(m, f, op, acc.operands, idx)) ||
      !m.elementOffset(d, type, idx, op, off))
    return false;
  if (acc.kind == A::Store) {
    m.storeScalar(d.buffer, off, elem, m.lookup(f, acc.value));
    return true;
  }
  RtValue old = m.loadScalar(d.buffer, off, elem), updated;
  if (acc.kind == A::AtomicRMW) {
    auto rmw = cast<memref::AtomicRMWOp>(op);
    updated = combineValues(rmw.getKind(), elem, old, m.lookup(f, acc.value));
  } else if (acc.kind == A::GenericAtomicRMW) {
    RegionExit exit;
    if (!m.execRegion(cast<memref::GenericAtomicRMWOp>(op).getAtomicBody(),
                      {old}, f, exit))
      return false;
    updated = exit.values.front();
  }
  if (acc.kind != A::Load)
    m.storeScalar(d.buffer, off, elem, updated);
  m.bind(f, op->getResult(0), old);
  return true;
}

static bool execCopy(Machine &m, Frame &f, memref::CopyOp cp) {
  Operation *op = cp;
  return m.copyView(desc(m, f, cp.getSource()),
                    cast<MemRefType>(cp.getSource().getType()),
                    desc(m, f, cp.getTarget()),
                    cast<MemRefType>(cp.getTarget().getType()), op);
}

bool Machine::execMemRef(Operation *op, Frame &f) {
  if (isa<memref::AllocOp, memref::AllocaOp>(op))
    return execAlloc(*this, f, op);
  if (std::optional<ElementAccessOp> acc = asElementAccess(op))
    return execElementAccess(*this, f, op, *acc);
  // [op.memref.prefetch]: a hint; its declared write was [heap.use] above.
  if (isa<memref::PrefetchOp>(op))
    return true;
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](memref::DeallocOp x) { return execDealloc(*this, f, x); })
      .Case([&](memref::ReallocOp x) { return execRealloc(*this, f, x); })
      .Case([&](memref::GetGlobalOp x) { return execGetGlobal(*this, f, x); })
      .Case([&](memref::CastOp x) { return execCast(*this, f, x); })
      .Case([&](memref::AssumeAlignmentOp x) {
        return execAssumeAlignment(*this, f, x);
      })
      .Case([&](memref::MemorySpaceCastOp x) {
        return execMemorySpaceCast(*this, f, x);
      })
      .Case([&](memref::SubViewOp x) { return execSubView(*this, f, x); })
      .Case([&](memref::ReinterpretCastOp x) {
        return execReinterpretCast(*this, f, x);
      })
      .Case(
          [&](memref::ExpandShapeOp x) { return execExpandShape(*this, f, x); })
      .Case([&](memref::CollapseShapeOp x) {
        return execCollapseShape(*this, f, x);
      })
      .Case([&](memref::ReshapeOp x) { return execReshape(*this, f, x); })
      .Case([&](memref::TransposeOp x) { return execTranspose(*this, f, x); })
      .Case([&](memref::ViewOp x) { return execView(*this, f, x); })
      .Case([&](memref::ExtractStridedMetadataOp x) {
        return execExtractStridedMetadata(*this, f, x);
      })
      .Case([&](memref::ExtractAlignedPointerAsIndexOp x) {
        return execExtractAlignedPointerAsIndex(*this, f, x);
      })
      .Case([&](memref::DimOp x) { return execDim(*this, f, x); })
      .Case([&](memref::RankOp x) { return execRank(*this, f, x); })
      .Case([&](memref::CopyOp x) { return execCopy(*this, f, x); })
      .Default([&](Operation *) { return notRun(op); });
}

} // namespace dealloc
