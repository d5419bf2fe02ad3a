//===- SymbolicArith.h - Index bit-vectors as a ViewArith domain -*- C++ -*-===//
//
// Internal to DeallocVerify: the domain in which the encoder instantiates
// the view arithmetic of dealloc/Support/ViewArith.h (dealloc-run
// instantiates it with view::Concrete): 64-bit bit-vector terms, wrapping
// as Concrete does; Booleans are terms too.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_SYMBOLICARITH_H
#define DEALLOC_LIB_VERIFY_SYMBOLICARITH_H

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
  explicit SymbolicArith(SymbolicHeap &h) : c(h.ctx), heap(h) {}

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

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_SYMBOLICARITH_H
