//===- IntOps.h - Integer ops shared by arith and index ---------*- C++ -*-===//
//
// spec/operations.md [op.arith.ops], [op.arith.ub], spec/index-dialect.md: the
// integer binary ops of the arith and index dialects, named once, so that
// dealloc-run (ArithOps.cpp) and dealloc-verify (ArithEncoder.cpp) give an
// index op exactly the semantics of its arith counterpart on `index`.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_INTOPS_H
#define DEALLOC_SEMANTICS_INTOPS_H
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include <optional>

namespace dealloc {

/// An integer binary op of arith or index.
enum class IntOp {
  Add, Sub, Mul, And, Or, Xor, MaxS, MaxU, MinS, MinU, Shl, ShrS, ShrU,
  DivS, DivU, RemS, RemU, CeilDivS, CeilDivU, FloorDivS,
};

/// The integer binary op `op` is (arith.addi and index.add: Add, ...).
inline std::optional<IntOp> intOpOf(mlir::Operation *op) {
  namespace a = mlir::arith;
  namespace i = mlir::index;
  using R = std::optional<IntOp>;
  return llvm::TypeSwitch<mlir::Operation *, R>(op)
      .Case<a::AddIOp, i::AddOp>([](auto) { return IntOp::Add; })
      .Case<a::SubIOp, i::SubOp>([](auto) { return IntOp::Sub; })
      .Case<a::MulIOp, i::MulOp>([](auto) { return IntOp::Mul; })
      .Case<a::AndIOp, i::AndOp>([](auto) { return IntOp::And; })
      .Case<a::OrIOp, i::OrOp>([](auto) { return IntOp::Or; })
      .Case<a::XOrIOp, i::XOrOp>([](auto) { return IntOp::Xor; })
      .Case<a::MaxSIOp, i::MaxSOp>([](auto) { return IntOp::MaxS; })
      .Case<a::MaxUIOp, i::MaxUOp>([](auto) { return IntOp::MaxU; })
      .Case<a::MinSIOp, i::MinSOp>([](auto) { return IntOp::MinS; })
      .Case<a::MinUIOp, i::MinUOp>([](auto) { return IntOp::MinU; })
      .Case<a::ShLIOp, i::ShlOp>([](auto) { return IntOp::Shl; })
      .Case<a::ShRSIOp, i::ShrSOp>([](auto) { return IntOp::ShrS; })
      .Case<a::ShRUIOp, i::ShrUOp>([](auto) { return IntOp::ShrU; })
      .Case<a::DivSIOp, i::DivSOp>([](auto) { return IntOp::DivS; })
      .Case<a::DivUIOp, i::DivUOp>([](auto) { return IntOp::DivU; })
      .Case<a::RemSIOp, i::RemSOp>([](auto) { return IntOp::RemS; })
      .Case<a::RemUIOp, i::RemUOp>([](auto) { return IntOp::RemU; })
      .Case<a::CeilDivSIOp, i::CeilDivSOp>([](auto) { return IntOp::CeilDivS; })
      .Case<a::CeilDivUIOp, i::CeilDivUOp>([](auto) { return IntOp::CeilDivU; })
      .Case<a::FloorDivSIOp, i::FloorDivSOp>(
          [](auto) { return IntOp::FloorDivS; })
      .Default([](mlir::Operation *) { return std::nullopt; });
}

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

/// index.cmp's predicate as arith.cmpi's (the same ten comparisons).
inline mlir::arith::CmpIPredicate cmpPredicateOf(mlir::index::IndexCmpPredicate p) {
  using P = mlir::index::IndexCmpPredicate;
  using Q = mlir::arith::CmpIPredicate;
  switch (p) {
  case P::EQ: return Q::eq;
  case P::NE: return Q::ne;
  case P::SLT: return Q::slt;
  case P::SLE: return Q::sle;
  case P::SGT: return Q::sgt;
  case P::SGE: return Q::sge;
  case P::ULT: return Q::ult;
  case P::ULE: return Q::ule;
  case P::UGT: return Q::ugt;
  case P::UGE: return Q::uge;
  }
  llvm_unreachable("unknown index.cmp predicate");
}

} // namespace dealloc
#endif // DEALLOC_SEMANTICS_INTOPS_H
