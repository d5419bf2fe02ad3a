//===- IntOps.h - index.cmp as arith.cmpi -----------------------*- C++ -*-===//
//
// spec/index-dialect.md [op.index.ops]: index.cmp is arith.cmpi on index,
// in dealloc-run (ArithOps.cpp) and dealloc-verify (Verify/Ops/ArithOps.cpp).
// The integer binary ops of both dialects are rows of Support/OpTable.def,
// their arithmetic Support/IntArith.h.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_INTOPS_H
#define DEALLOC_SEMANTICS_INTOPS_H
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"

namespace dealloc {

/// index.cmp's predicate as arith.cmpi's (the same ten comparisons).
inline mlir::arith::CmpIPredicate
cmpPredicateOf(mlir::index::IndexCmpPredicate p) {
  using P = mlir::index::IndexCmpPredicate;
  using Q = mlir::arith::CmpIPredicate;
  switch (p) {
  case P::EQ:
    return Q::eq;
  case P::NE:
    return Q::ne;
  case P::SLT:
    return Q::slt;
  case P::SLE:
    return Q::sle;
  case P::SGT:
    return Q::sgt;
  case P::SGE:
    return Q::sge;
  case P::ULT:
    return Q::ult;
  case P::ULE:
    return Q::ule;
  case P::UGT:
    return Q::ugt;
  case P::UGE:
    return Q::uge;
  }
  llvm_unreachable("unknown index.cmp predicate");
}

} // namespace dealloc
#endif // DEALLOC_SEMANTICS_INTOPS_H
