//===- OpTable.h - The modelled ops, read from OpTable.def ------*- C++ -*-===//
//
// spec/operations.md [op.unsupported]: the ops dealloc-run and
// dealloc-verify model, each with its spec clause, its effects on buffers
// and (integer binary ops) its kind. Both dispatchers switch over OpId
// (OpTable.def names each row's family) and refuse an op that is not here;
// the support scan, the allocation sites of --equiv and the ops that free
// are read from here.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_OPTABLE_H
#define DEALLOC_SUPPORT_OPTABLE_H

#include "dealloc/Support/IntArith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

namespace dealloc {

/// What an op does to buffers (OpTable.def explains each).
namespace op_effect {
enum : unsigned {
  None = 0,
  Allocates = 1,
  Frees = 2,
  Views = 4,
  Reads = 8,
  Writes = 16,
};
} // namespace op_effect

enum class OpId : unsigned {
#define DEALLOC_OP(Id, Name, Clause, Effects, Family) Id,
#define DEALLOC_TERMINATOR(Id, Name, Clause) Id,
#include "dealloc/Support/OpTable.def"
};

struct OpInfo {
  OpId id;
  llvm::StringLiteral name;
  llvm::StringLiteral clause;
  unsigned effects;
  /// Ends a region; the region execution runs it, not the dispatchers.
  bool terminator;
  /// The integer binary op it is (arith.addi and index.add: Add, ...).
  std::optional<IntOp> intOp;
  bool has(unsigned effect) const { return (effects & effect) == effect; }
};

/// Every row of OpTable.def, in its order (indexed by OpId).
inline llvm::ArrayRef<OpInfo> modelledOps() {
  using namespace op_effect;
  static const OpInfo table[] = {
#define DEALLOC_OP(Id, Name, Clause, Effects, Family)                          \
  {OpId::Id, Name, Clause, Effects, false, std::nullopt},
#define DEALLOC_INT_OP(Id, Name, Clause, Kind)                                 \
  {OpId::Id, Name, Clause, None, false, IntOp::Kind},
#define DEALLOC_TERMINATOR(Id, Name, Clause)                                   \
  {OpId::Id, Name, Clause, None, true, std::nullopt},
#include "dealloc/Support/OpTable.def"
  };
  return table;
}

inline const OpInfo &opInfo(OpId id) {
  return modelledOps()[static_cast<unsigned>(id)];
}

/// The row of the op named `name` (structured linalg ops are matched by
/// their interface: use the overloads below for them).
inline const OpInfo *lookupOp(llvm::StringRef name) {
  static const llvm::StringMap<const OpInfo *> byName = [] {
    llvm::StringMap<const OpInfo *> m;
    for (const OpInfo &info : modelledOps())
      m.insert_or_assign(info.name, &info);
    return m;
  }();
  auto it = byName.find(name);
  return it == byName.end() ? nullptr : it->second;
}

/// The row of a registered op name, or null if the op is not modelled.
inline const OpInfo *lookupOp(mlir::OperationName name) {
  if (const OpInfo *info = lookupOp(name.getStringRef()))
    return info;
  if (name.hasInterface<mlir::linalg::LinalgOp>())
    return &opInfo(OpId::LinalgStructured);
  return nullptr;
}

inline const OpInfo *lookupOp(mlir::Operation *op) {
  return lookupOp(op->getName());
}

/// The integer binary op `op` is (OpTable.def's DEALLOC_INT_OP rows).
inline std::optional<IntOp> intOpOf(mlir::Operation *op) {
  const OpInfo *info = lookupOp(op);
  return info ? info->intOp : std::nullopt;
}

/// [equiv.sites]: the ops that create a buffer.
inline bool opAllocates(mlir::Operation *op) {
  const OpInfo *info = lookupOp(op);
  return info && info->has(op_effect::Allocates);
}

/// The ops that free an operand's buffer (and check its life themselves).
inline bool opFrees(mlir::Operation *op) {
  const OpInfo *info = lookupOp(op);
  return info && info->has(op_effect::Frees);
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_OPTABLE_H
