//===- ViewArith.h - The view ops' descriptor arithmetic, once --*- C++ -*-===//
//
// spec/buffers.md [view.descriptor], [view.same_buffer] and the view ops of
// spec/operations.md, written once over a domain of integers: dealloc-run
// (Semantics/MemRefOps.cpp, Memory.cpp) instantiates it with concrete
// 64-bit integers (Concrete below), dealloc-verify
// (Verify/Ops/MemRefOpsViews.cpp, Verify/Ops/MemRefOps.cpp) with bit-vector
// terms (Verify/Encoder/SymbolicArith.h), as a reference interpreter's numeric
// functors are applied to values or terms.
//
// A descriptor type Desc has members `offset`, `sizes` and `strides` over
// the domain's integers (MemRefDesc, View); a new view starts as a copy of
// its source (the same buffer and aligned address, [view.same_buffer]).
// Where an op has undefined behaviour these functions return the condition
// (a D::Bool); each tool turns it into its own stop: dealloc-run stops the
// run where it holds, dealloc-verify records a stop guarded by it.
//
// A domain D provides `Int` and `Bool`, integer literals `lit`, wrapping
// 64-bit `add`, `sub`, `mul`, the comparisons `eq`, `ne`, `slt`, `sge`,
// `uge`, `both`, `either`, `anyOf` (a disjunction), `select`, and `pick(xs,
// i)` (element i of xs, for an i within range).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_VIEWARITH_H
#define DEALLOC_SUPPORT_VIEWARITH_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace dealloc::view {

/// Concrete integers (dealloc-run): 64-bit two's complement that wraps, as
/// the LLVM lowering's index arithmetic and dealloc-verify's bit-vectors do
/// (computed unsigned, so the wrap is defined C++).
struct Concrete {
  using Int = int64_t;
  using Bool = bool;
  static Int lit(int64_t v) { return v; }
  static Int add(Int a, Int b) { return Int(uint64_t(a) + uint64_t(b)); }
  static Int sub(Int a, Int b) { return Int(uint64_t(a) - uint64_t(b)); }
  static Int mul(Int a, Int b) { return Int(uint64_t(a) * uint64_t(b)); }
  static Bool eq(Int a, Int b) { return a == b; }
  static Bool ne(Int a, Int b) { return a != b; }
  static Bool slt(Int a, Int b) { return a < b; }
  static Bool sge(Int a, Int b) { return a >= b; }
  static Bool uge(Int a, Int b) { return uint64_t(a) >= uint64_t(b); }
  static Bool both(Bool a, Bool b) { return a && b; }
  static Bool either(Bool a, Bool b) { return a || b; }
  static Bool anyOf(llvm::ArrayRef<Bool> xs) {
    return llvm::is_contained(xs, true);
  }
  static Int select(Bool c, Int a, Int b) { return c ? a : b; }
  static Int pick(llvm::ArrayRef<Int> xs, Int i) { return xs[i]; }
};

template <typename D> using Ints = llvm::SmallVector<typename D::Int, 4>;

/// [view.same_buffer]: a view of `src`'s buffer at its aligned address and
/// offset, with no dimensions yet.
template <typename Desc> Desc sameBuffer(const Desc &src) {
  Desc r = src;
  r.sizes.clear();
  r.strides.clear();
  return r;
}

/// The sizes of type `t`: its static sizes, `dyn` for its dynamic ones in
/// order.
template <typename D>
Ints<D> shapeOf(D &d, mlir::MemRefType t, llvm::ArrayRef<typename D::Int> dyn) {
  Ints<D> sizes;
  unsigned k = 0;
  for (int64_t s : t.getShape())
    sizes.push_back(mlir::ShapedType::isDynamic(s) ? dyn[k++] : d.lit(s));
  return sizes;
}

/// Row-major contiguous strides of `sizes`: the product of the inner sizes,
/// zero included, as the LLVM lowering of memref.alloc computes them.
template <typename D>
Ints<D> rowMajor(D &d, llvm::ArrayRef<typename D::Int> sizes) {
  Ints<D> strides(sizes.size(), d.lit(1));
  typename D::Int stride = d.lit(1);
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = stride;
    stride = d.mul(stride, sizes[i]);
  }
  return strides;
}

/// [view.descriptor]: a strided layout of `t` fixes the static strides and
/// offset of `r` (whose strides are row-major until then); a dynamic offset
/// is 0.
template <typename D, typename Desc>
void stridedLayout(D &d, mlir::MemRefType t, Desc &r) {
  llvm::SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (t.getLayout().isIdentity() ||
      mlir::failed(t.getStridesAndOffset(strides, offset)))
    return;
  for (auto [k, s] : llvm::enumerate(strides))
    if (!mlir::ShapedType::isDynamic(s))
      r.strides[k] = d.lit(s);
  r.offset = d.lit(mlir::ShapedType::isDynamic(offset) ? 0 : offset);
}

/// [view.descriptor]: the descriptor of a buffer of type `t` with dynamic
/// sizes `dyn` (the buffer and address fields are the caller's).
template <typename D, typename Desc>
void layout(D &d, mlir::MemRefType t, llvm::ArrayRef<typename D::Int> dyn,
            Desc &r) {
  Ints<D> sizes = shapeOf(d, t, dyn);
  Ints<D> strides = rowMajor<D>(d, sizes);
  r.offset = d.lit(0);
  r.sizes.assign(sizes.begin(), sizes.end());
  r.strides.assign(strides.begin(), strides.end());
  stridedLayout(d, t, r);
}

/// memref.subview: offsets move the offset along the source's strides,
/// steps scale them; dropped unit dimensions leave the result.
template <typename D, typename Desc>
Desc subview(D &d, const Desc &src, llvm::ArrayRef<typename D::Int> offsets,
             llvm::ArrayRef<typename D::Int> sizes,
             llvm::ArrayRef<typename D::Int> steps,
             const llvm::SmallBitVector &dropped) {
  Desc r = sameBuffer(src);
  for (size_t k = 0; k < offsets.size(); ++k) {
    r.offset = d.add(r.offset, d.mul(offsets[k], src.strides[k]));
    if (dropped.test(k))
      continue;
    r.sizes.push_back(sizes[k]);
    r.strides.push_back(d.mul(steps[k], src.strides[k]));
  }
  return r;
}

/// memref.reinterpret_cast: the operands are the new offset, sizes and
/// strides.
template <typename D, typename Desc>
Desc reinterpretCast(D &, const Desc &src, typename D::Int offset,
                     llvm::ArrayRef<typename D::Int> sizes,
                     llvm::ArrayRef<typename D::Int> strides) {
  Desc r = sameBuffer(src);
  r.offset = offset;
  r.sizes.assign(sizes.begin(), sizes.end());
  r.strides.assign(strides.begin(), strides.end());
  return r;
}

/// memref.expand_shape: each source dimension splits into its group,
/// row-major within the group from the source's stride. A rank-0 source
/// has no groups: its unit dimensions get stride 1.
template <typename D, typename Desc>
Desc expandShape(D &d, const Desc &src, llvm::ArrayRef<typename D::Int> shape,
                 llvm::ArrayRef<llvm::SmallVector<int64_t, 2>> groups) {
  Desc r = sameBuffer(src);
  r.sizes.assign(shape.begin(), shape.end());
  r.strides.assign(shape.size(), d.lit(1));
  for (auto [srcDim, group] : llvm::enumerate(groups)) {
    typename D::Int stride = src.strides[srcDim];
    for (size_t j = group.size(); j-- > 0;) {
      r.strides[group[j]] = stride;
      stride = d.mul(stride, shape[group[j]]);
    }
  }
  return r;
}

/// memref.collapse_shape: a group's size is the product of its sizes, its
/// stride that of its innermost dimension whose size is not 1 (its first
/// dimension's if all are 1), as the LLVM lowering computes it.
template <typename D, typename Desc>
Desc collapseShape(D &d, const Desc &src,
                   llvm::ArrayRef<llvm::SmallVector<int64_t, 2>> groups) {
  Desc r = sameBuffer(src);
  typename D::Int one = d.lit(1);
  for (const auto &group : groups) {
    typename D::Int size = one, stride = one;
    for (auto [j, k] : llvm::enumerate(group)) {
      size = d.mul(size, src.sizes[k]);
      stride = j == 0
                   ? src.strides[k]
                   : d.select(d.ne(src.sizes[k], one), src.strides[k], stride);
    }
    r.sizes.push_back(size);
    r.strides.push_back(stride);
  }
  return r;
}

/// [view.transpose]: result dimension i is source dimension perm(i).
template <typename Desc> Desc transpose(const Desc &src, mlir::AffineMap perm) {
  Desc r = sameBuffer(src);
  for (mlir::AffineExpr e : perm.getResults()) {
    unsigned k = llvm::cast<mlir::AffineDimExpr>(e).getPosition();
    r.sizes.push_back(src.sizes[k]);
    r.strides.push_back(src.strides[k]);
  }
  return r;
}

/// [view.reshape]: the sizes read from the shape operand, row-major over
/// the source's offset.
template <typename D, typename Desc>
Desc reshape(D &d, const Desc &src, llvm::ArrayRef<typename D::Int> sizes) {
  Desc r = sameBuffer(src);
  Ints<D> strides = rowMajor<D>(d, sizes);
  r.sizes.assign(sizes.begin(), sizes.end());
  r.strides.assign(strides.begin(), strides.end());
  return r;
}

/// [view.reshape]: appends to `bad` where a size read is undefined
/// behaviour: negative, or other than the result type's static size
/// `expected`.
template <typename D>
void reshapeSizeBad(D &d, typename D::Int size, int64_t expected,
                    llvm::SmallVectorImpl<typename D::Bool> &bad) {
  bad.push_back(d.slt(size, d.lit(0)));
  if (!mlir::ShapedType::isDynamic(expected))
    bad.push_back(d.ne(size, d.lit(expected)));
}

/// [view.metadata]: the base buffer of memref.extract_strided_metadata, a
/// rank-0 view at offset 0 (the other results are `src`'s fields).
template <typename D, typename Desc> Desc metadataBase(D &d, const Desc &src) {
  Desc r = sameBuffer(src);
  r.offset = d.lit(0);
  return r;
}

/// memref.dim: undefined behaviour for an index outside 0..rank-1.
template <typename D, typename Desc>
typename D::Bool dimOutOfRange(D &d, const Desc &src, typename D::Int idx) {
  return d.uge(idx, d.lit(int64_t(src.sizes.size())));
}

/// memref.dim within range: the size of dimension `idx`.
template <typename D, typename Desc>
typename D::Int dimSize(D &d, const Desc &src, typename D::Int idx) {
  if (src.sizes.empty())
    return d.lit(0);
  return d.pick(src.sizes, idx);
}

/// [view.cast] One way a descriptor may not fit a cast's ranked type: where
/// `bad` holds, its `what` ("size", "offset", "stride") is `actual`, not
/// the type's (in dimension `dim`, -1 for the offset).
template <typename D> struct CastMismatch {
  typename D::Bool bad;
  const char *what;
  typename D::Int actual;
  int64_t dim;
};

/// [view.cast]: the rank of a descriptor is known to both tools: another
/// rank than `t`'s is undefined behaviour on every run.
template <typename Desc>
bool castRankDiffers(const Desc &v, mlir::MemRefType t) {
  return int64_t(v.sizes.size()) != t.getRank();
}

/// [view.cast] For a descriptor `v` of `t`'s rank: the static sizes, offset
/// and strides of `t` it may not have, in that order. The stride of a
/// dimension of size 1 addresses nothing and need not match.
template <typename D, typename Desc>
llvm::SmallVector<CastMismatch<D>, 4> castMismatches(D &d, const Desc &v,
                                                     mlir::MemRefType t) {
  llvm::SmallVector<CastMismatch<D>, 4> out;
  for (int64_t k = 0; k < t.getRank(); ++k)
    if (!t.isDynamicDim(k))
      out.push_back(
          {d.ne(v.sizes[k], d.lit(t.getDimSize(k))), "size", v.sizes[k], k});
  llvm::SmallVector<int64_t> strides;
  int64_t offset;
  if (mlir::failed(t.getStridesAndOffset(strides, offset)))
    return out;
  if (!mlir::ShapedType::isDynamic(offset))
    out.push_back({d.ne(v.offset, d.lit(offset)), "offset", v.offset, -1});
  for (int64_t k = 0; k < t.getRank(); ++k)
    if (!mlir::ShapedType::isDynamic(strides[k]))
      out.push_back({d.both(d.ne(v.strides[k], d.lit(strides[k])),
                            d.ne(v.sizes[k], d.lit(1))),
                     "stride", v.strides[k], k});
  return out;
}

/// [safety.oob]: the linear element index of `indices` in `v` (offset plus
/// index times stride, wrapping); `outside` is whether some index leaves
/// its dimension's 0..size-1.
template <typename D, typename Desc>
typename D::Int linearIndex(D &d, const Desc &v,
                            llvm::ArrayRef<typename D::Int> indices,
                            typename D::Bool &outside) {
  typename D::Int lin = v.offset;
  llvm::SmallVector<typename D::Bool, 4> oob;
  for (auto [k, i] : llvm::enumerate(indices)) {
    oob.push_back(d.either(d.slt(i, d.lit(0)), d.sge(i, v.sizes[k])));
    lin = d.add(lin, d.mul(i, v.strides[k]));
  }
  outside = d.anyOf(oob);
  return lin;
}

} // namespace dealloc::view

#endif // DEALLOC_SUPPORT_VIEWARITH_H
