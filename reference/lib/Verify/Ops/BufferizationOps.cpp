//===- BufferizationOps.cpp - bufferization.dealloc and .clone ------------===//
//
// spec/bufferization-dealloc.md in SMT terms, mirroring
// Semantics/BufferizationOps.cpp: the free conditions, retained results and
// invalid frees of bufferization.dealloc, and clone as a fresh heap buffer
// with a copy of the contents.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Encoder/Initialized.h"
#include "Encoder/SymbolicArith.h"
#include "Ops/ControlOpsParallel.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/VectorAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using BinOp = smt::Context::BinOp;
using Cmp = smt::Context::Cmp;

bool Encoder::encodeBufferization(Operation *op, State &st) {
  Location loc = op->getLoc();
  if (auto c = dyn_cast<bufferization::CloneOp>(op)) {
    View src = getView(c.getInput());
    // [view.unranked]: an unranked clone has its source's rank.
    MemRefType t = rankedTypeFor(c.getType(), src.sizes.size());
    std::vector<Expr> dyn;
    for (auto [k, s] : llvm::enumerate(t.getShape()))
      if (ShapedType::isDynamic(s))
        dyn.push_back(src.sizes[k]);
    View dst =
        allocate(*this, st, SlotKind::Heap, t, dyn, op, "bufferization.clone");
    copyContents(*this, st, src, dst, elementBytes(t.getElementType()));
    bind(c, SymValue::memref(dst));
    return true;
  }
  if (auto d = dyn_cast<bufferization::DeallocOp>(op)) {
    // spec/README.md, [dealloc.*]: each distinct buffer among the memrefs is
    // freed once iff the disjunction of the conditions of the operands
    // viewing it holds and no retained operand views it; result i is the
    // disjunction of the conditions of the operands viewing retained i's
    // buffer.
    // [op.uninit.control]: dealloc-run decides every condition first.
    requireInitialized(*this, st, d.getConditions(), loc);
    std::vector<View> ms;
    std::vector<Expr> cs;
    for (Value m : d.getMemrefs())
      ms.push_back(getView(m));
    for (Value c : d.getConditions())
      cs.push_back(getBool(c));
    std::vector<View> rs;
    for (Value r : d.getRetained())
      rs.push_back(getView(r));
    std::vector<SymValue> outs;
    for (const View &r : rs) {
      std::vector<Expr> any;
      for (size_t j = 0; j < ms.size(); ++j)
        any.push_back(ctx.mkAnd(heap.sameBuffer(ms[j], r), cs[j]));
      outs.push_back(SymValue::boolean(ctx.mkOr(any)));
    }
    for (size_t i = 0; i < ms.size(); ++i) {
      std::vector<Expr> conj;
      for (size_t j = 0; j < i; ++j) // i is the first operand of its buffer
        conj.push_back(ctx.mkNot(heap.sameBuffer(ms[j], ms[i])));
      std::vector<Expr> any;
      for (size_t j = 0; j < ms.size(); ++j)
        any.push_back(ctx.mkAnd(heap.sameBuffer(ms[j], ms[i]), cs[j]));
      conj.push_back(ctx.mkOr(any));
      for (const View &r : rs)
        conj.push_back(ctx.mkNot(heap.sameBuffer(r, ms[i])));
      heap.free(st, ms[i], ctx.mkAnd(conj), loc, calls.borrowed);
    }
    for (auto [k, r] : llvm::enumerate(d.getUpdatedConditions()))
      bind(r, outs[k]);
    return true;
  }
  return notEncoded(op);
}

/// Wider integers and floats than dealloc-run models are left to the arith
/// encoder, which names them.
