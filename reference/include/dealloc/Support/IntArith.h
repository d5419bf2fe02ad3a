//===- IntArith.h - Integer and index arithmetic, once ----------*- C++ -*-===//
//
// spec/operations.md [op.arith.ops], [op.arith.ub] and spec/index-dialect.md
// [op.index.ops], [op.index.ub]: the integer binary ops of arith and index
// (their kind is a column of OpTable.def), written once over a domain of
// integers of a width: dealloc-run (Semantics/ArithOps.cpp) instantiates it
// with APInts (Concrete below), dealloc-verify (Verify/Ops/ArithOps.cpp)
// with bit-vector terms (Verify/Encoder/SymbolicArith.h), as ViewArith.h does
// for the view ops.
//
// The result carries its conditions: division or remainder by zero and
// MIN / -1 of a signed division are undefined behaviour (each tool stops
// there: dealloc-run the run, dealloc-verify a stop guarded by the
// condition); a shift by the width or more yields poison (the
// uninitialized value, [op.uninit.flow]). Where a condition holds, `value`
// is some integer of the width (the domain's operations are total).
//
// A domain D provides `Int` and `Bool`, `lit(w, v)` (v's low w bits),
// `minSigned(w)`, `width(a)`, the wrapping `add`, `sub`, `mul`, the bitwise
// `bitAnd`, `bitOr`, `bitXor`, the shifts `shl`, `lshr`, `ashr`, the
// truncating `sdiv`, `udiv`, `srem`, `urem`, the comparisons `eq`, `ne`,
// `slt`, `sgt`, `ult`, `ugt`, `uge`, Booleans `both`, `either`, `negate`,
// `differ`, and `select`.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_INTARITH_H
#define DEALLOC_SUPPORT_INTARITH_H

#include "llvm/ADT/APInt.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdint>
#include <optional>

namespace dealloc {

/// An integer binary op of arith or index (OpTable.def's rows name theirs).
enum class IntOp {
  Add,
  Sub,
  Mul,
  And,
  Or,
  Xor,
  MaxS,
  MaxU,
  MinS,
  MinU,
  Shl,
  ShrS,
  ShrU,
  DivS,
  DivU,
  RemS,
  RemU,
  CeilDivS,
  CeilDivU,
  FloorDivS,
};

/// A division or remainder: by zero it is undefined behaviour.
inline bool isDivision(IntOp k) {
  return k == IntOp::DivS || k == IntOp::DivU || k == IntOp::RemS ||
         k == IntOp::RemU || k == IntOp::CeilDivS || k == IntOp::CeilDivU ||
         k == IntOp::FloorDivS;
}

/// A signed division or remainder: MIN / -1 is undefined behaviour.
inline bool isSignedDivision(IntOp k) {
  return k == IntOp::DivS || k == IntOp::RemS || k == IntOp::CeilDivS ||
         k == IntOp::FloorDivS;
}

inline bool isShift(IntOp k) {
  return k == IntOp::Shl || k == IntOp::ShrS || k == IntOp::ShrU;
}

namespace ints {

/// Concrete integers (dealloc-run): APInts of the operands' width, with
/// total division (by zero: 0) and shifts (by the width or more: 0), whose
/// results are never used where the conditions hold.
struct Concrete {
  using Int = llvm::APInt;
  using Bool = bool;
  static Int lit(unsigned w, int64_t v) {
    return Int(w, uint64_t(v), /*isSigned=*/true, /*implicitTrunc=*/true);
  }
  static Int minSigned(unsigned w) { return Int::getSignedMinValue(w); }
  static unsigned width(const Int &a) { return a.getBitWidth(); }
  static Int add(const Int &a, const Int &b) { return a + b; }
  static Int sub(const Int &a, const Int &b) { return a - b; }
  static Int mul(const Int &a, const Int &b) { return a * b; }
  static Int bitAnd(const Int &a, const Int &b) { return a & b; }
  static Int bitOr(const Int &a, const Int &b) { return a | b; }
  static Int bitXor(const Int &a, const Int &b) { return a ^ b; }
  static Int shl(const Int &a, const Int &b) {
    return b.uge(a.getBitWidth()) ? Int(a.getBitWidth(), 0)
                                  : a.shl(unsigned(b.getZExtValue()));
  }
  static Int lshr(const Int &a, const Int &b) {
    return b.uge(a.getBitWidth()) ? Int(a.getBitWidth(), 0)
                                  : a.lshr(unsigned(b.getZExtValue()));
  }
  static Int ashr(const Int &a, const Int &b) {
    return b.uge(a.getBitWidth()) ? Int(a.getBitWidth(), 0)
                                  : a.ashr(unsigned(b.getZExtValue()));
  }
  static Int sdiv(const Int &a, const Int &b) {
    return b.isZero() ? b : a.sdiv(b);
  }
  static Int udiv(const Int &a, const Int &b) {
    return b.isZero() ? b : a.udiv(b);
  }
  static Int srem(const Int &a, const Int &b) {
    return b.isZero() ? b : a.srem(b);
  }
  static Int urem(const Int &a, const Int &b) {
    return b.isZero() ? b : a.urem(b);
  }
  static Bool eq(const Int &a, const Int &b) { return a == b; }
  static Bool ne(const Int &a, const Int &b) { return a != b; }
  static Bool slt(const Int &a, const Int &b) { return a.slt(b); }
  static Bool sgt(const Int &a, const Int &b) { return a.sgt(b); }
  static Bool ult(const Int &a, const Int &b) { return a.ult(b); }
  static Bool ugt(const Int &a, const Int &b) { return a.ugt(b); }
  static Bool uge(const Int &a, const Int &b) { return a.uge(b); }
  static Bool both(Bool a, Bool b) { return a && b; }
  static Bool either(Bool a, Bool b) { return a || b; }
  static Bool negate(Bool a) { return !a; }
  static Bool differ(Bool a, Bool b) { return a != b; }
  static Int select(Bool c, const Int &a, const Int &b) { return c ? a : b; }
};

/// The result of an integer binary op and the conditions under which it is
/// not that value. A condition that cannot hold for the op is absent.
template <typename D> struct Result {
  typename D::Int value;
  /// [op.arith.ub]: the divisor is zero.
  std::optional<typename D::Bool> divByZero;
  /// [op.arith.ub]: MIN / -1 of a signed division.
  std::optional<typename D::Bool> overflow;
  /// A shift by the width or more: the uninitialized value.
  std::optional<typename D::Bool> poison;
};

/// floordivsi, ceildivsi, ceildivui: the truncating quotient, corrected by
/// one where the remainder is not zero and the exact quotient is negative
/// (floor) / positive (ceil).
template <typename D>
typename D::Int roundedQuotient(D &d, IntOp k, const typename D::Int &a,
                                const typename D::Int &b) {
  unsigned w = d.width(a);
  if (k == IntOp::CeilDivU) {
    auto q = d.udiv(a, b);
    auto rem = d.urem(a, b);
    return d.select(d.eq(rem, d.lit(w, 0)), q, d.add(q, d.lit(w, 1)));
  }
  auto q = d.sdiv(a, b);
  auto rem = d.srem(a, b);
  auto zero = d.lit(w, 0);
  auto negative = d.differ(d.slt(rem, zero), d.slt(b, zero));
  auto inexact = d.ne(rem, zero);
  if (k == IntOp::FloorDivS)
    return d.select(d.both(inexact, negative), d.sub(q, d.lit(w, 1)), q);
  return d.select(d.both(inexact, d.negate(negative)), d.add(q, d.lit(w, 1)),
                  q);
}

/// The value of `a k b` (its conditions aside).
template <typename D>
typename D::Int value(D &d, IntOp k, const typename D::Int &a,
                      const typename D::Int &b) {
  switch (k) {
  case IntOp::Add:
    return d.add(a, b);
  case IntOp::Sub:
    return d.sub(a, b);
  case IntOp::Mul:
    return d.mul(a, b);
  case IntOp::And:
    return d.bitAnd(a, b);
  case IntOp::Or:
    return d.bitOr(a, b);
  case IntOp::Xor:
    return d.bitXor(a, b);
  case IntOp::MaxS:
    return d.select(d.sgt(a, b), a, b);
  case IntOp::MinS:
    return d.select(d.slt(a, b), a, b);
  case IntOp::MaxU:
    return d.select(d.ugt(a, b), a, b);
  case IntOp::MinU:
    return d.select(d.ult(a, b), a, b);
  case IntOp::Shl:
    return d.shl(a, b);
  case IntOp::ShrU:
    return d.lshr(a, b);
  case IntOp::ShrS:
    return d.ashr(a, b);
  case IntOp::DivS:
    return d.sdiv(a, b);
  case IntOp::DivU:
    return d.udiv(a, b);
  case IntOp::RemS:
    return d.srem(a, b);
  case IntOp::RemU:
    return d.urem(a, b);
  case IntOp::CeilDivS:
  case IntOp::CeilDivU:
  case IntOp::FloorDivS:
    return roundedQuotient(d, k, a, b);
  }
  llvm_unreachable("unknown integer op");
}

/// `a k b` with its conditions ([op.arith.ops], [op.arith.ub]).
template <typename D>
Result<D> binary(D &d, IntOp k, const typename D::Int &a,
                 const typename D::Int &b) {
  unsigned w = d.width(a);
  Result<D> r{value(d, k, a, b), std::nullopt, std::nullopt, std::nullopt};
  if (isDivision(k))
    r.divByZero = d.eq(b, d.lit(w, 0));
  if (isSignedDivision(k))
    r.overflow = d.both(d.eq(a, d.minSigned(w)), d.eq(b, d.lit(w, -1)));
  if (isShift(k))
    r.poison = d.uge(b, d.lit(w, w));
  return r;
}

} // namespace ints
} // namespace dealloc

#endif // DEALLOC_SUPPORT_INTARITH_H
