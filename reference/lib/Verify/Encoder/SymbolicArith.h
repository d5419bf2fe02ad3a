//===- SymbolicArith.h - Index bit-vectors as a ViewArith domain -*- C++
//-*-===//
//
// Internal to DeallocVerify: the domain in which the encoder instantiates
// the view arithmetic of dealloc/Support/ViewArith.h (dealloc-run
// instantiates it with view::Concrete): 64-bit bit-vector terms, wrapping
// as Concrete does; Booleans are terms too.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_SYMBOLICARITH_H
#define DEALLOC_LIB_VERIFY_SYMBOLICARITH_H

#include "dealloc/Support/IntArith.h"
#include "dealloc/Support/ViewArith.h"
#include "dealloc/Verify/SymbolicHeap.h"

namespace dealloc::verify {

struct SymbolicArith {
  using Int = Expr;
  using Bool = Expr;
  using Cmp = smt::Context::Cmp;
  smt::Context &c;
  /// For pick (merges as the heap merges values at joins).
  SymbolicHeap &heap;
  explicit SymbolicArith(SymbolicHeap &h) : c(h.context()), heap(h) {}

  Int lit(int64_t v) const { return c.bvVal(kIndexWidth, v); }
  static Int add(Int a, Int b) { return a + b; }
  static Int sub(Int a, Int b) { return a - b; }
  static Int mul(Int a, Int b) { return a * b; }
  Bool eq(Int a, Int b) const { return c.mkEq(a, b); }
  Bool ne(Int a, Int b) const { return c.mkNe(a, b); }
  Bool slt(Int a, Int b) const { return c.mkCmp(Cmp::Slt, a, b); }
  Bool sge(Int a, Int b) const { return c.mkCmp(Cmp::Sge, a, b); }
  Bool uge(Int a, Int b) const { return c.mkCmp(Cmp::Uge, a, b); }
  Bool both(Bool a, Bool b) const { return c.mkAnd(a, b); }
  Bool either(Bool a, Bool b) const { return c.mkOr(a, b); }
  Bool anyOf(llvm::ArrayRef<Bool> xs) const {
    return c.mkOr(std::vector<Expr>(xs.begin(), xs.end()));
  }
  Int select(Bool cond, Int a, Int b) const { return c.mkIte(cond, a, b); }
  /// xs[i] as a merge over the values i may have (0..size-1).
  Int pick(llvm::ArrayRef<Int> xs, Int i) const {
    std::vector<Expr> guards, vals;
    for (size_t k = 0; k < xs.size(); ++k) {
      guards.push_back(eq(i, lit(int64_t(k))));
      vals.push_back(xs[k]);
    }
    return heap.mergeExprs(guards, vals);
  }
};

/// Bit-vectors of any width as a domain of Support/IntArith.h (dealloc-run
/// instantiates it with ints::Concrete): the integer binary ops of arith and
/// index.
struct SymbolicInts {
  using Int = Expr;
  using Bool = Expr;
  using BinOp = smt::Context::BinOp;
  using Cmp = smt::Context::Cmp;
  smt::Context &c;

  Int lit(unsigned w, int64_t v) const { return c.bvVal(w, v); }
  Int minSigned(unsigned w) const {
    return w == 1 ? c.bvVal(1, 1)
                  : c.mkConcat(c.bvVal(1, 1), c.bvVal(w - 1, 0));
  }
  static unsigned width(const Int &a) { return a.bvWidth(); }
  Int add(Int a, Int b) const { return c.mkBin(BinOp::Add, a, b); }
  Int sub(Int a, Int b) const { return c.mkBin(BinOp::Sub, a, b); }
  Int mul(Int a, Int b) const { return c.mkBin(BinOp::Mul, a, b); }
  Int bitAnd(Int a, Int b) const { return c.mkBin(BinOp::And, a, b); }
  Int bitOr(Int a, Int b) const { return c.mkBin(BinOp::Or, a, b); }
  Int bitXor(Int a, Int b) const { return c.mkBin(BinOp::Xor, a, b); }
  Int shl(Int a, Int b) const { return c.mkBin(BinOp::Shl, a, b); }
  Int lshr(Int a, Int b) const { return c.mkBin(BinOp::LShr, a, b); }
  Int ashr(Int a, Int b) const { return c.mkBin(BinOp::AShr, a, b); }
  Int sdiv(Int a, Int b) const { return c.mkBin(BinOp::SDiv, a, b); }
  Int udiv(Int a, Int b) const { return c.mkBin(BinOp::UDiv, a, b); }
  Int srem(Int a, Int b) const { return c.mkBin(BinOp::SRem, a, b); }
  Int urem(Int a, Int b) const { return c.mkBin(BinOp::URem, a, b); }
  Bool eq(Int a, Int b) const { return c.mkEq(a, b); }
  Bool ne(Int a, Int b) const { return c.mkNe(a, b); }
  Bool slt(Int a, Int b) const { return c.mkCmp(Cmp::Slt, a, b); }
  Bool sgt(Int a, Int b) const { return c.mkCmp(Cmp::Sgt, a, b); }
  Bool ult(Int a, Int b) const { return c.mkCmp(Cmp::Ult, a, b); }
  Bool ugt(Int a, Int b) const { return c.mkCmp(Cmp::Ugt, a, b); }
  Bool uge(Int a, Int b) const { return c.mkCmp(Cmp::Uge, a, b); }
  Bool both(Bool a, Bool b) const { return c.mkAnd(a, b); }
  Bool either(Bool a, Bool b) const { return c.mkOr(a, b); }
  Bool negate(Bool a) const { return c.mkNot(a); }
  Bool differ(Bool a, Bool b) const { return c.mkNe(a, b); }
  Int select(Bool cond, Int a, Int b) const { return c.mkIte(cond, a, b); }
};

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_SYMBOLICARITH_H
