//===- DeallocHelper.cpp - bufferization.dealloc through loops
//-------------===//
//
// [own.pipeline.helper] in spec/ownership.md: a `bufferization.dealloc` with
// more memref operands than a threshold is lowered to a call of a private
// helper function that evaluates the same clauses as the inline lowering
// (LowerDeallocations.cpp) with loops over arrays, so the IR is linear in the
// operand count instead of quadratic:
//
//   %r = bufferization.dealloc (%m0, ..., %m{n-1}) if (%c0, ...) retain (%x)
//   =>  %P = memref.alloc() : memref<nxindex>   // pointers of the operands
//       %C = memref.alloc() : memref<nxi1>      // their conditions
//       %Q = memref.alloc() : memref<1xindex>   // pointers of the retained
//       %F = memref.alloc() : memref<nxi1>      // free decisions
//       %R = memref.alloc() : memref<1xi1>      // results
//       memref.store ... (pointers as in the inline lowering)
//       call @reference_dealloc_helper(%P, %C, %Q, %F, %R)
//       %f0 = memref.load %F[0]   scf.if %f0 { memref.dealloc %m0 }  ...
//       %r = memref.load %R[0]
//       memref.dealloc %P, %C, %Q, %F, %R
//
// The helper computes every decision and result before the caller frees
// anything ([dealloc.eval.atomic]). Unlike upstream's `dealloc_helper` it
// lets an earlier alias block a free only if that alias's condition is true
// ([dev.dealloc.alias.first-condition]), and the caller passes the pointers
// of the buffers the operands view ([dev.dealloc.lower.view-pointer]).
//
//===----------------------------------------------------------------------===//
#include "LowerDeallocations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {

using LoopBody = function_ref<Value(OpBuilder &, Location, Value)>;

/// `for l in [0, bound): acc = acc or body(l)`, from `false`; the value of
/// `acc` at the end.
Value anyOf(OpBuilder &b, Location loc, Value bound, LoopBody body) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value no = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  auto loop = scf::ForOp::create(
      b, loc, zero, bound, one, ValueRange{no},
      [&](OpBuilder &nb, Location loc, Value l, ValueRange acc) {
        Value any = arith::OrIOp::create(nb, loc, acc[0], body(nb, loc, l));
        scf::YieldOp::create(nb, loc, any);
      });
  return loop.getResult(0);
}

/// `for i in [0, bound): body(i)`.
void forEach(OpBuilder &b, Location loc, Value bound,
             function_ref<void(OpBuilder &, Location, Value)> body) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(b, loc, zero, bound, one, ValueRange{},
                     [&](OpBuilder &nb, Location loc, Value i, ValueRange) {
                       body(nb, loc, i);
                       scf::YieldOp::create(nb, loc);
                     });
}

} // namespace

/// The helper's body, with `n` operands and `k` retained values:
///
///   for j < k:  R[j] = or_{l < n} (C[l] and P[l] == Q[j]) [dealloc.results]
///   for i < n:  F[i] = C[i]
///                  and not or_{l < i} (C[l] and P[l] == P[i])
///                  [dealloc.free.once] and not or_{j < k} (Q[j] == P[i])
///                  [dealloc.retain]
///
/// so each buffer is freed iff some operand viewing it has a true condition
/// and no retained value views it, by the first such operand
/// ([dealloc.free.condition]): the inline lowering's formula, term for term.
func::FuncOp dealloc::createDeallocHelper(Operation *symbolTableOp,
                                          Location loc) {
  OpBuilder b(symbolTableOp->getContext());
  auto dynamic = [&](Type element) {
    return MemRefType::get({ShapedType::kDynamic}, element);
  };
  Type ptrs = dynamic(b.getIndexType()), bools = dynamic(b.getI1Type());
  auto type = b.getFunctionType({ptrs, bools, ptrs, bools, bools}, {});
  auto helper = func::FuncOp::create(b, loc, "reference_dealloc_helper", type);
  helper.setPrivate();
  SymbolTable(symbolTableOp).insert(helper);

  Block *body = helper.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value p = body->getArgument(0), c = body->getArgument(1),
        q = body->getArgument(2), f = body->getArgument(3),
        r = body->getArgument(4);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value n = memref::DimOp::create(b, loc, p, zero);
  Value k = memref::DimOp::create(b, loc, q, zero);
  // C[l] and P[l] == ptr: operand l is owned and views the buffer at `ptr`.
  auto ownedAlias = [&](Value ptr) {
    return [&, ptr](OpBuilder &nb, Location loc, Value l) -> Value {
      Value pl = memref::LoadOp::create(nb, loc, p, l);
      Value cl = memref::LoadOp::create(nb, loc, c, l);
      Value same =
          arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq, pl, ptr);
      return arith::AndIOp::create(nb, loc, cl, same);
    };
  };

  // [dealloc.results]
  forEach(b, loc, k, [&](OpBuilder &nb, Location loc, Value j) {
    Value qj = memref::LoadOp::create(nb, loc, q, j);
    Value owned = anyOf(nb, loc, n, ownedAlias(qj));
    memref::StoreOp::create(nb, loc, owned, r, j);
  });

  // [dealloc.free.condition], [dealloc.free.once], [dealloc.retain]
  forEach(b, loc, n, [&](OpBuilder &nb, Location loc, Value i) {
    Value pi = memref::LoadOp::create(nb, loc, p, i);
    Value ci = memref::LoadOp::create(nb, loc, c, i);
    Value freedEarlier = anyOf(nb, loc, i, ownedAlias(pi));
    Value retained =
        anyOf(nb, loc, k, [&](OpBuilder &lb, Location loc, Value j) -> Value {
          Value qj = memref::LoadOp::create(lb, loc, q, j);
          return arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq, qj,
                                       pi);
        });
    Value blocked = arith::OrIOp::create(nb, loc, freedEarlier, retained);
    Value yes = arith::ConstantOp::create(nb, loc, nb.getBoolAttr(true));
    Value free = arith::AndIOp::create(
        nb, loc, ci, arith::XOrIOp::create(nb, loc, blocked, yes));
    memref::StoreOp::create(nb, loc, free, f, i);
  });
  func::ReturnOp::create(b, loc);
  return helper;
}

/// The caller's side: fill the arrays, call, free, read the results, free the
/// arrays. All of it is linear in the operand count.
void dealloc::lowerDeallocThroughHelper(bufferization::DeallocOp op,
                                        func::FuncOp helper) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  BufferPointers pointers(b, loc);
  size_t n = op.getMemrefs().size(), k = op.getRetained().size();
  auto array = [&](Type element, size_t size) -> Value {
    return memref::AllocOp::create(
        b, loc, MemRefType::get({static_cast<int64_t>(size)}, element));
  };
  auto at = [&](size_t i) -> Value {
    return arith::ConstantIndexOp::create(b, loc, i);
  };
  // Every pointer is computed before the call, so before the first free.
  Value p = array(b.getIndexType(), n), c = array(b.getI1Type(), n),
        q = array(b.getIndexType(), k), f = array(b.getI1Type(), n),
        r = array(b.getI1Type(), k);
  for (auto [i, memref] : llvm::enumerate(op.getMemrefs())) {
    memref::StoreOp::create(b, loc, pointers.get(memref), p, at(i));
    memref::StoreOp::create(b, loc, op.getConditions()[i], c, at(i));
  }
  for (auto [j, retained] : llvm::enumerate(op.getRetained()))
    memref::StoreOp::create(b, loc, pointers.get(retained), q, at(j));

  SmallVector<Value> arrays = {p, c, q, f, r}, arguments;
  for (auto [array, type] : llvm::zip(arrays, helper.getArgumentTypes()))
    arguments.push_back(memref::CastOp::create(b, loc, type, array));
  func::CallOp::create(b, loc, helper, arguments);

  for (auto [i, memref] : llvm::enumerate(op.getMemrefs())) {
    Value free = memref::LoadOp::create(b, loc, f, at(i));
    scf::IfOp::create(b, loc, free, [&](OpBuilder &nb, Location loc) {
      memref::DeallocOp::create(nb, loc, memref);
      scf::YieldOp::create(nb, loc);
    });
  }
  SmallVector<Value> results;
  for (size_t j = 0; j < k; ++j)
    results.push_back(memref::LoadOp::create(b, loc, r, at(j)));
  for (Value array : arrays)
    memref::DeallocOp::create(b, loc, array);
  op->replaceAllUsesWith(results);
  op->erase();
}
