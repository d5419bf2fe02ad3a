//===- Dispatch.cpp - Op dispatch by the op table -------------------------===//
//
// One case per op, mirroring dealloc-run (spec/operations.md) in SMT terms
// (docs/verifier-design.md [verify.encoding]). This file dispatches by the
// family each row of Support/OpTable.def names (its header lists the
// families' files in Ops/), as Semantics/Interpreter.cpp's Machine::dispatch
// does. An op not in the table is UNSUPPORTED naming the op and its
// location.
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

static bool wideScalar(Type t) {
  return isa<IntegerType, FloatType>(t) && scalarWidth(t) == 0;
}

static std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream(s) << t;
  return s;
}

bool Encoder::encodeOp(Operation *op, State &st) {
  // [verify.timeout]: the function's budget also bounds its encoding.
  if (smt::Budget::spent())
    return fail(Verdict::Unknown, timeoutReason(opts, true), op->getLoc());
  // As dealloc-run's support scan: an op with a type the semantics does not
  // model is UNSUPPORTED, even where the encoding would not look at it.
  for (Type t : op->getOperandTypes())
    if (!operandTypeModelled(op, t) && !wideScalar(t))
      return unsupported(op, "operand type " + typeText(t) + " not modelled" +
                                 typeNote(t));
  for (Type t : op->getResultTypes())
    if (!resultTypeModelled(op, t) && !wideScalar(t))
      return unsupported(op, "result type " + typeText(t) + " not modelled" +
                                 typeNote(t));
  for (Region &r : op->getRegions())
    for (Block &b : r)
      for (BlockArgument a : b.getArguments())
        if (!valueTypeModelled(a.getType()) && !wideScalar(a.getType()))
          return unsupported(op, "block argument type " +
                                     typeText(a.getType()) + " not modelled" +
                                     typeNote(a.getType()));
  if (std::string why = vectorUnsupportedReason(op); !why.empty())
    return unsupported(op, why);
  // Uses of undefined values are attributed to this op under its guard on
  // entry (which includes every run that reaches any of its uses).
  Operation *outerOp = valueEnv.currentOp();
  Expr outerGuard = valueEnv.useGuard();
  valueEnv.setCurrent(op, st.guard);
  bool loop = isa<LoopLikeOpInterface>(op);
  proofHints.enterLoops(loop);
  bool ok = encodeOpImpl(op, st);
  proofHints.leaveLoops(loop);
  valueEnv.setCurrent(outerOp, outerGuard);
  return ok;
}

bool dealloc::verify::encoderDispatches(Operation *op) {
  const OpInfo *info = lookupOp(op);
  return info && !info->terminator;
}

/// [heap.use], as dealloc-run checks it (Machine::execOpHere): each memref
/// operand an op reads or writes by its memory effects must view a live
/// buffer, checked before the op does anything else. Ops that free their
/// operands check them themselves; a result the op defines is fresh.
static void useByEffects(Encoder &E, State &st, Operation *op) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface || opFrees(op))
    return;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  iface.getEffects(effects);
  SmallVector<Value, 4> used;
  for (auto &e : effects) {
    bool read = isa<MemoryEffects::Read>(e.getEffect());
    if (!read && !isa<MemoryEffects::Write>(e.getEffect()))
      continue;
    Value v = e.getValue();
    if (!v || !isa<BaseMemRefType>(v.getType()) ||
        !llvm::is_contained(op->getOperands(), v) ||
        llvm::is_contained(used, v))
      continue;
    used.push_back(v);
    E.heap.use(st, E.getView(v), op->getLoc(), read ? "read" : "write");
  }
}

bool Encoder::encodeOpImpl(Operation *op, State &st) {
  // [op.unsupported]: only the ops of OpTable.def (terminators are encoded
  // by encodeRegion).
  if (!encoderDispatches(op))
    return unsupported(op, "op not modelled");
  useByEffects(*this, st, op);
  // [op.vector.elementwise]: arith and math on vectors, lane by lane, each
  // lane by dispatch (Verify/Ops/VectorOps.cpp).
  bool ok = isElementwiseOnVectors(op) ? encodeOnVectors(*this, st, op)
                                       : dispatch(op, st);
  return ok && !failed;
}

bool Encoder::dispatch(Operation *op, State &st) {
  // The family each row of OpTable.def names (Machine::dispatch has the
  // same shape); terminators are encoded by encodeRegion.
  switch (lookupOp(op)->id) {
#define DEALLOC_OP(Id, Name, Clause, Effects, Family)                          \
  case OpId::Id:                                                               \
    return encode##Family(op, st);
#define DEALLOC_TERMINATOR(Id, Name, Clause)                                   \
  case OpId::Id:                                                               \
    break;
#include "dealloc/Support/OpTable.def"
  }
  return notEncoded(op);
}

bool Encoder::notEncoded(Operation *op) {
  // OpTable.def names the family, the family does not encode the op: a bug
  // the op table's unit test finds (unittests/Verify/OpTableTest.cpp).
  return unsupported(op, "internal error: in the op table, but "
                         "dealloc-verify does not encode it");
}
