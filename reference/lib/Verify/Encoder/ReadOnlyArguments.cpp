//===- ReadOnlyArguments.cpp - Arguments whose sharing cannot matter ------===//
//
// docs/verifier-design.md [verify.encoding.args.readonly]: a memref
// argument that a function only reads may share its buffer with another
// read-only argument or not: no run can tell, because neither is ever
// written, freed, compared or handed on. The entry encoding
// (Verify/Encoder/Abi.cpp) lets such an argument share only with the arguments
// that are not read-only, which keeps it linear in the number of
// arguments. Which uses read and nothing else is read from the op table
// (OpTable.def) and each op's MemoryEffectOpInterface.
//
//===----------------------------------------------------------------------===//
#include "Encoder/ReadOnlyArguments.h"

#include "dealloc/Support/OpTable.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace dealloc;

/// Every effect `op` has on `v` is a read, and there is at least one (an
/// op that names no effect on `v` is not known to only read it).
static bool onlyReadsValue(Operation *op, Value v) {
  auto mem = dyn_cast<MemoryEffectOpInterface>(op);
  if (!mem)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  mem.getEffectsOnValue(v, effects);
  return !effects.empty() &&
         llvm::all_of(effects, [](const MemoryEffects::EffectInstance &e) {
           return isa<MemoryEffects::Read>(e.getEffect());
         });
}

/// Whether the use of `v` by `op` reads contents or shape only; the memref
/// results that view `v` go to `views`, to be checked in turn.
static bool readOnlyUse(Operation *op, Value v, SmallVectorImpl<Value> &views) {
  const OpInfo *info = lookupOp(op);
  if (!info || info->terminator)
    return false;
  switch (info->id) {
  case OpId::MemRefDim:
  case OpId::MemRefRank:
    return true; // the descriptor's shape, which sharing does not change
  default:
    break;
  }
  using namespace op_effect;
  if (info->effects & (Frees | Writes | Allocates)) {
    // memref.copy's source, bufferization.clone's operand, a linalg
    // input: read, while the op writes or creates only other buffers.
    if (info->has(Views) || !onlyReadsValue(op, v))
      return false;
    return llvm::all_of(op->getResults(), [&](Value r) {
      return !isa<BaseMemRefType>(r.getType()) || info->has(Allocates);
    });
  }
  if (info->has(Views)) {
    for (Value r : op->getResults())
      if (isa<BaseMemRefType>(r.getType()))
        views.push_back(r);
    return true;
  }
  return info->has(Reads) && onlyReadsValue(op, v) &&
         llvm::none_of(op->getResultTypes(), llvm::IsaPred<BaseMemRefType>);
}

/// Whether every use of `arg`, and of every view made from it, is read-only.
static bool onlyRead(Value arg) {
  SmallVector<Value> work{arg};
  llvm::DenseSet<Value> seen{arg};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    SmallVector<Value> views;
    for (OpOperand &use : v.getUses())
      if (!readOnlyUse(use.getOwner(), v, views))
        return false;
    for (Value w : views)
      if (seen.insert(w).second)
        work.push_back(w);
  }
  return true;
}

llvm::BitVector dealloc::verify::readOnlyArguments(func::FuncOp fn,
                                                   func::FuncOp other) {
  llvm::BitVector out(fn.getNumArguments());
  if (fn.isDeclaration() ||
      (other && (other.isDeclaration() ||
                 other.getNumArguments() != fn.getNumArguments())))
    return out;
  for (BlockArgument a : fn.getArguments()) {
    unsigned i = a.getArgNumber();
    if (isa<BaseMemRefType>(a.getType()) && onlyRead(a) &&
        (!other || onlyRead(other.getArgument(i))))
      out.set(i);
  }
  return out;
}
