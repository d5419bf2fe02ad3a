//===- SupportScan.cpp - The static scan for unsupported ops --------------===//
//
// spec/operations.md, [op.unsupported]: before running, the function and
// every function it can call are scanned; the first op (in walk order) that
// has no semantics, or whose operand/result types are not modelled, makes
// the verdict UNSUPPORTED naming the op and its location.
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/VectorAccess.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace dealloc {

static std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream(s) << t;
  return s;
}

static UnsupportedOp make(Operation *op, std::string reason) {
  return {op->getName().getStringRef().str(), printLoc(op->getLoc()),
          std::move(reason)};
}

static std::optional<UnsupportedOp>
scanOp(Operation *op, const ModuleIndex &index,
       SmallVectorImpl<func::FuncOp> &work) {
  // [op.unsupported]: the ops of OpTable.def; [op.linalg.structured]: every
  // linalg structured op on memrefs.
  const OpInfo *info = lookupOp(op);
  if (!info)
    return make(op, "op not modelled");
  if (info->id == OpId::LinalgStructured) {
    std::string why = linalgUnsupportedReason(op);
    if (!why.empty())
      return make(op, why);
  }
  for (Type t : op->getOperandTypes())
    if (!operandTypeModelled(op, t))
      return make(op, "operand type " + typeText(t) + " not modelled" +
                          typeNote(t));
  for (Type t : op->getResultTypes())
    if (!resultTypeModelled(op, t))
      return make(op,
                  "result type " + typeText(t) + " not modelled" + typeNote(t));
  for (Region &r : op->getRegions())
    for (Block &b : r)
      for (BlockArgument a : b.getArguments())
        if (!valueTypeModelled(a.getType()))
          return make(op, "block argument type " + typeText(a.getType()) +
                              " not modelled" + typeNote(a.getType()));
  // [op.vector.transfer], [op.vector.lanes]: masks, other permutation maps,
  // dynamic positions.
  if (std::string why = vectorUnsupportedReason(op); !why.empty())
    return make(op, why);
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee =
        dyn_cast_or_null<func::FuncOp>(index.lookup(call.getCallee()));
    if (!callee)
      return make(op, "callee not found");
    work.push_back(callee);
  }
  if (auto gg = dyn_cast<memref::GetGlobalOp>(op)) {
    auto g = dyn_cast_or_null<memref::GlobalOp>(index.lookup(gg.getName()));
    if (!g)
      return make(op, "global not found");
    Attribute init = g.getInitialValueAttr();
    if (init && !isa<UnitAttr>(init) && !isa<DenseElementsAttr>(init))
      return make(op, "initial value of @" + gg.getName().str() +
                          " is not a dense attribute");
  }
  return std::nullopt;
}

std::optional<UnsupportedOp> findUnsupported(ModuleOp module, func::FuncOp fn,
                                             ModuleIndex *index) {
  std::optional<ModuleIndex> own;
  if (!index)
    index = &own.emplace(module);
  // [input.vector], [input.unranked]: vectors the lane model holds and
  // unranked memrefs of modelled elements have an input model.
  for (Type t : fn.getFunctionType().getInputs())
    if (!typeModelled(t) && !isModelledVector(t) && !isModelledUnranked(t))
      return make(fn, "argument type " + typeText(t) + " has no input model" +
                          typeNote(t));
  // Breadth-first from `fn`, callees in call order: deterministic. A
  // function known supported is not scanned again: all it can call is
  // supported too, so skipping it changes neither the answer nor the order
  // in which the others are scanned.
  SmallVector<func::FuncOp, 8> work{fn};
  llvm::DenseSet<Operation *> seen;
  for (size_t next = 0; next < work.size(); ++next) {
    func::FuncOp f = work[next];
    if (index->supported.contains(f) || !seen.insert(f).second)
      continue;
    // [view.unranked]: a function with a body may return an unranked
    // descriptor (made in it, its rank known there).
    for (Type t : f.getFunctionType().getResults())
      if (!valueTypeModelled(t) &&
          !(!f.isDeclaration() && isModelledUnranked(t)))
        return make(f, "result type " + typeText(t) + " not modelled");
    // [view.unranked]: any function may take unranked memrefs: their
    // descriptors, rank included, are the callers' (the checked function's
    // its inputs', [input.unranked]).
    for (Type t : f.getFunctionType().getInputs())
      if (!valueTypeModelled(t) && !isModelledUnranked(t))
        return make(f, "argument type " + typeText(t) + " not modelled");
    if (f.isDeclaration())
      continue;
    std::optional<UnsupportedOp> found;
    SmallVector<func::FuncOp, 4> callees;
    f.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if ((found = scanOp(op, *index, callees)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (found)
      return found;
    work.append(callees.begin(), callees.end());
  }
  index->supported.insert(seen.begin(), seen.end());
  return std::nullopt;
}

} // namespace dealloc
