//===- ValueEnv.h - The symbolic value of each SSA value --------*- C++ -*-===//
//
// Internal to DeallocVerify. docs/verifier-design.md [verify.encoding]: the
// encoder's value environment. Every SSA value the encoding defined maps to
// its symbolic value and the version of the binding that gave it (a value
// encoded again, e.g. in a callee inlined at a second call, gets a new
// version: Lemma::Pending). A use the encoding never defined gets a
// placeholder that is sound only where the use is unreachable; such uses
// are recorded (Encoder::checkUnboundUses decides them). Also the views
// behind aligned-address terms ([verify.encoding.addr]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_VALUEENV_H
#define DEALLOC_LIB_VERIFY_VALUEENV_H

#include "dealloc/Verify/SymbolicHeap.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include <deque>
#include <string>
#include <vector>

namespace dealloc::verify {

class ValueEnv {
public:
  /// A use of an SSA value the encoding never defined.
  struct UnboundUse {
    Expr guard;
    mlir::Location loc;
    std::string what;
  };

  /// Binds `v` to `s` as a new version.
  void bind(mlir::Value v, SymValue s) {
    values[v] = std::move(s);
    versions[v] = ++clock_;
  }
  /// The symbolic value of `v`, or null if the encoding did not define it.
  const SymValue *lookup(mlir::Value v) const {
    auto it = values.find(v);
    return it == values.end() ? nullptr : &it->second;
  }
  /// `v`'s entry, made empty if missing, to change in place without a new
  /// version (its initializedness).
  SymValue &entry(mlir::Value v) { return values[v]; }
  /// Marks `v`'s value, changed in place, as a new version.
  void renamed(mlir::Value v) { versions[v] = ++clock_; }
  /// The version of `v`'s binding (0: never bound).
  unsigned version(mlir::Value v) const { return versions.lookup(v); }
  /// The last version given so far.
  unsigned clock() const { return clock_; }

  /// Records a use of an unbound value and returns `placeholder` for it
  /// (kept here: references to it stay valid).
  const SymValue &placeholderFor(UnboundUse use, SymValue placeholder) {
    unbound.push_back(std::move(use));
    placeholders.push_back(std::move(placeholder));
    return placeholders.back();
  }
  const std::vector<UnboundUse> &unboundUses() const { return unbound; }
  /// Forgets the unbound uses recorded after the first `n` (an encoding
  /// that is undone, Verify/Induction/LoopInduction.cpp).
  void dropUnboundUses(size_t n) {
    unbound.erase(unbound.begin() + n, unbound.end());
  }

  /// The op being encoded and its guard on entry, for unbound uses.
  mlir::Operation *currentOp() const { return current; }
  Expr useGuard() const { return guard; }
  void setCurrent(mlir::Operation *op, Expr g) {
    current = op;
    guard = g;
  }

  /// Aligned-address terms of views ([verify.encoding.addr]), by term id:
  /// without address reuse and byte shifts, two such addresses are equal
  /// iff the views view the same buffer, which `arith.cmpi eq/ne` then
  /// encodes on identity flags instead of 64-bit address terms.
  llvm::DenseMap<unsigned, View> &addressViews() { return addrViews; }

private:
  llvm::DenseMap<mlir::Value, SymValue> values;
  llvm::DenseMap<mlir::Value, unsigned> versions;
  unsigned clock_ = 0;
  std::vector<UnboundUse> unbound;
  std::deque<SymValue> placeholders;
  mlir::Operation *current = nullptr;
  Expr guard;
  llvm::DenseMap<unsigned, View> addrViews;
};

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_VALUEENV_H
