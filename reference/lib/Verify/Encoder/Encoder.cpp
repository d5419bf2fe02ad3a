//===- Encoder.cpp - The encoder's value environment and failures ---------===//
//
// docs/verifier-design.md [verify.encoding]: SSA values map to symbolic
// values; a use the encoding never defined gets a placeholder that is sound
// only where the use is unreachable (checkUnboundUses).
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"
#include "Ops/VectorValues.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

ModuleFacts::ModuleFacts(ModuleOp module) : index(module) {
  // [verify.encoding.contents]: reinterpreting views need byte contents.
  module.walk([&](memref::ViewOp) {
    byteContents = true;
    return WalkResult::interrupt();
  });
}

Encoder::Encoder(smt::Context &ctx, ModuleOp module, const VerifyOptions &opts,
                 SiteNumbering *sites, ModuleFacts *shared)
    : ctx(ctx), heap(ctx, opts.reuseAddresses), module(module), opts(opts),
      siteNumbering(sites),
      ownFacts(shared ? nullptr : std::make_unique<ModuleFacts>(module)),
      moduleFacts(shared ? *shared : *ownFacts) {
  heap.setByteContents(moduleFacts.byteContents);
}

bool Encoder::fail(Verdict v, const std::string &reason, Location loc) {
  if (!failed)
    failed = EncodingFailure{v, reason, loc};
  return false;
}

bool Encoder::unsupported(Operation *op, const std::string &why) {
  return fail(Verdict::Unsupported,
              "'" + op->getName().getStringRef().str() + "': " + why,
              op->getLoc());
}

const SymValue &Encoder::get(Value v) {
  if (const SymValue *s = valueEnv.lookup(v))
    return *s;
  // A value the encoding never defined. Skipped code is unreachable, so its
  // values are never needed where a run can be; if one is used anyway, the
  // placeholder is only sound where the use is unreachable, which
  // checkUnboundUses() decides ([verify.encoding]).
  std::string what;
  llvm::raw_string_ostream os(what);
  os << "'"
     << (valueEnv.currentOp() ? valueEnv.currentOp()->getName().getStringRef()
                              : StringRef("?"))
     << "' uses ";
  if (auto arg = dyn_cast<BlockArgument>(v))
    os << "block argument #" << arg.getArgNumber();
  else
    os << "result #" << cast<OpResult>(v).getResultNumber() << " of '"
       << v.getDefiningOp()->getName().getStringRef() << "'";
  os << ", which the encoding did not define";
  Operation *op = valueEnv.currentOp();
  Expr guard = valueEnv.useGuard();
  ValueEnv::UnboundUse use{guard.isNull() ? ctx.boolVal(true) : guard,
                           op ? op->getLoc() : v.getLoc(), what};
  // Not entered into the environment: references into it stay valid, and
  // every later use is recorded too.
  return valueEnv.placeholderFor(std::move(use), dummyValue(v.getType()));
}

bool Encoder::checkUnboundUses() {
  if (failed)
    return false;
  std::unique_ptr<smt::Solver> S;
  for (const ValueEnv::UnboundUse &u : valueEnv.unboundUses()) {
    if (u.guard.isFalse())
      continue;
    if (!S) {
      S = std::make_unique<smt::Solver>(ctx);
      for (const Expr &c : heap.constraintsToAssert())
        S->add(c);
    }
    if (S->check({u.guard}, opts.timeoutMs) != smt::Result::Unsat)
      return fail(Verdict::Unknown,
                  u.what + " where a run may reach it: the encoding is "
                           "incomplete there ([verify.encoding])",
                  u.loc);
  }
  return true;
}
Expr Encoder::getBool(Value v) {
  const SymValue &s = get(v);
  return s.kind == SymValue::Kind::Bool ? s.e : ctx.bvToBool(s.e);
}
Expr Encoder::getBV(Value v) {
  const SymValue &s = get(v);
  return s.kind == SymValue::Kind::Bool ? ctx.boolToBV(s.e, 1) : s.e;
}
const View &Encoder::getView(Value v) { return get(v).view; }

SymValue Encoder::dummyValue(Type t) {
  if (auto mt = dyn_cast<MemRefType>(t)) {
    View v;
    v.addr = ctx.bvVal(kIndexWidth, 0);
    v.offset = ctx.bvVal(kIndexWidth, 0);
    v.sizes.assign(mt.getRank(), ctx.bvVal(kIndexWidth, 0));
    v.strides.assign(mt.getRank(), ctx.bvVal(kIndexWidth, 1));
    return SymValue::memref(v);
  }
  if (scalarWidth(t))
    return zeroOf(*this, t);
  // [op.vector.values]: lanes and their initializedness bits (any value).
  // A lazy vector's handle without lanes: an op that asks for them is
  // UNKNOWN (Ops/LazyVectors.cpp).
  if (isLazyVector(t))
    return SymValue::bv(ctx.freshBV("unbound_vector", 64));
  if (auto vt = dyn_cast<VectorType>(t); vt && scalarWidth(vt.getElementType()))
    return SymValue::bv(
        ctx.freshBV("unbound_vector", (scalarWidth(vt.getElementType()) + 1) *
                                          vt.getNumElements()));
  return SymValue::bv(ctx.bvVal(1, 0));
}
