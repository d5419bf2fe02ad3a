//===- LowerDeallocations.cpp - bufferization.dealloc, literally ----------===//
//
// --reference-lower-deallocations: replaces each `bufferization.dealloc` by
// IR that computes the spec's definition (spec/bufferization-dealloc.md)
// clause by clause, with buffer identity compared through aligned pointers
// (memref.extract_aligned_pointer_as_index) of the values the operands are
// views or selects of, as far as the IR shows them (upstream compares the
// operands' own aligned pointers):
//
//   %r = bufferization.dealloc (%m0, %m1) if (%c0, %c1) retain (%x)
//   =>  %p0, %p1, %q = aligned pointers of %m0, %m1, %x
//       %r  = (%c0 and %p0 == %q) or (%c1 and %p1 == %q)    [dealloc.results]
//       free0 = %c0 and not (%p0 == %q)        [dealloc.free.condition],
//                                                [dealloc.retain]
//       free1 = %c1 and not (%c0 and %p0 == %p1) [dealloc.free.once]
//               and not (%p1 == %q)
// so each buffer is freed iff some operand viewing it has a true condition and
// no retained value views it, by the first operand with a true condition.
//       scf.if free0 { memref.dealloc %m0 }   scf.if free1 { memref.dealloc %m1
//       }
//
// The IR is quadratic in the operand count: a reference, not an optimization.
// All pointers and conditions are computed before the first free.
//
//===----------------------------------------------------------------------===//
#include "LowerDeallocations.h"
#include "dealloc/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace dealloc {
#define GEN_PASS_DEF_REFERENCELOWERDEALLOCATIONS
#include "dealloc/Ownership/Passes.h.inc"
} // namespace dealloc

Value dealloc::BufferPointers::get(Value m) {
  if (Value p = cache.lookup(m))
    return p;
  Value p;
  // Buffer identity, not the view's address: look through views (a
  // memref.view advances the aligned pointer, [dev.dealloc.lower.view-pointer])
  // and selects, where the IR shows the source.
  if (auto meta = m.getDefiningOp<memref::ExtractStridedMetadataOp>())
    p = get(meta.getSource());
  else if (auto view = m.getDefiningOp<ViewLikeOpInterface>();
           view && view->getNumResults() == 1)
    p = get(view.getViewSource());
  else if (auto select = m.getDefiningOp<arith::SelectOp>())
    p = arith::SelectOp::create(b, loc, select.getCondition(),
                                get(select.getTrueValue()),
                                get(select.getFalseValue()));
  else
    p = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, m);
  cache[m] = p;
  return p;
}

namespace {

/// Builds boolean IR with the trivial constant folds applied on the fly.
struct BoolBuilder {
  OpBuilder &b;
  Location loc;
  Value constant(bool v) {
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(v));
  }
  static std::optional<bool> known(Value v) {
    if (auto c = v.getDefiningOp<arith::ConstantOp>())
      if (auto attr = dyn_cast<BoolAttr>(c.getValue()))
        return attr.getValue();
    if (auto c = v.getDefiningOp<arith::ConstantOp>())
      if (auto attr = dyn_cast<IntegerAttr>(c.getValue()))
        return !attr.getValue().isZero();
    return std::nullopt;
  }
  Value andOf(Value x, Value y) {
    if (!x)
      return y;
    if (auto k = known(x))
      return *k ? y : x;
    if (auto k = known(y))
      return *k ? x : y;
    return arith::AndIOp::create(b, loc, x, y);
  }
  Value orOf(Value x, Value y) {
    if (!x)
      return y;
    if (auto k = known(x))
      return *k ? x : y;
    if (auto k = known(y))
      return *k ? y : x;
    return arith::OrIOp::create(b, loc, x, y);
  }
  Value notOf(Value x) {
    if (auto k = known(x))
      return constant(!*k);
    return arith::XOrIOp::create(b, loc, x, constant(true));
  }
  Value same(Value p, Value q) {
    if (p == q)
      return constant(true);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, p, q);
  }
};

void lowerDealloc(bufferization::DeallocOp op) {
  OpBuilder b(op);
  BoolBuilder bb{b, op.getLoc()};
  dealloc::BufferPointers pointers(b, op.getLoc());
  auto pointerOf = [&](Value m) { return pointers.get(m); };
  SmallVector<Value> p = llvm::map_to_vector(op.getMemrefs(), pointerOf);
  SmallVector<Value> q = llvm::map_to_vector(op.getRetained(), pointerOf);
  ValueRange c = op.getConditions();
  size_t n = p.size();

  // [dealloc.results] Result j: some operand viewing retained j's buffer has a
  // true condition.
  SmallVector<Value> results;
  for (Value qj : q) {
    Value any;
    for (size_t l = 0; l < n; ++l)
      any = bb.orOf(any, bb.andOf(c[l], bb.same(p[l], qj)));
    results.push_back(any ? any : bb.constant(false));
  }

  SmallVector<Value> frees;
  for (size_t i = 0; i < n; ++i) {
    // [dealloc.free.condition], [dealloc.free.once] The buffer is freed iff an
    // operand viewing it has a true condition, by the first such operand.
    // Operands with a false condition are never freed and never compared as
    // "first" ([dealloc.operands.dangling]).
    Value free = c[i];
    for (size_t l = 0; l < i; ++l)
      free = bb.andOf(free, bb.notOf(bb.andOf(c[l], bb.same(p[l], p[i]))));
    // [dealloc.retain] No retained operand views it.
    for (Value qj : q)
      free = bb.andOf(free, bb.notOf(bb.same(p[i], qj)));
    frees.push_back(free);
  }
  for (size_t i = 0; i < n; ++i) {
    if (auto k = BoolBuilder::known(frees[i]); k && !*k)
      continue;
    Value memref = op.getMemrefs()[i];
    scf::IfOp::create(b, op.getLoc(), frees[i],
                      [&](OpBuilder &nb, Location loc) {
                        memref::DeallocOp::create(nb, loc, memref);
                        scf::YieldOp::create(nb, loc);
                      });
  }
  op->replaceAllUsesWith(results);
  op->erase();
}

/// True if `v` views a buffer the IR shows: an allocation, reached through
/// views, base-buffer extractions and both sides of selects (what
/// BufferPointers looks through).
bool identityVisible(Value v) {
  if (auto meta = v.getDefiningOp<memref::ExtractStridedMetadataOp>())
    return identityVisible(meta.getSource());
  if (auto view = v.getDefiningOp<ViewLikeOpInterface>();
      view && view->getNumResults() == 1)
    return identityVisible(view.getViewSource());
  if (auto select = v.getDefiningOp<arith::SelectOp>())
    return identityVisible(select.getTrueValue()) &&
           identityVisible(select.getFalseValue());
  auto effects = v.getDefiningOp<MemoryEffectOpInterface>();
  return effects && effects.getEffectOnValue<MemoryEffects::Allocate>(v);
}

/// A memref.view whose byte shift is not the constant 0: its aligned pointer
/// is not its buffer's ([dev.dealloc.lower.view-pointer]).
memref::ViewOp findShiftedView(Operation *scope) {
  memref::ViewOp found;
  scope->walk([&](memref::ViewOp view) {
    if (!matchPattern(view.getByteShift(), m_Zero()))
      found = view;
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

/// [own.pipeline.hidden-view] The lowering compares aligned pointers; that is
/// buffer identity unless a shifted memref.view reaches a value whose source
/// the IR does not show (a block argument, a region or call result) in the
/// function that has the view. Such a dealloc is rejected rather than lowered
/// into a possible double free:
///
///   %r:2 = scf.if ... { scf.yield %a, (memref.view %a[%c8]) } ...
///   bufferization.dealloc (%base_r0, %base_r1) if (%o0, %o1)
///   =>  error: cannot lower 'bufferization.dealloc' ...
LogicalResult checkIdentityVisible(bufferization::DeallocOp op,
                                   memref::ViewOp shifted) {
  SmallVector<Value> compared(op.getMemrefs());
  llvm::append_range(compared, op.getRetained());
  if (!shifted || compared.size() < 2)
    return success();
  for (auto [i, v] : llvm::enumerate(compared)) {
    if (identityVisible(v))
      continue;
    InFlightDiagnostic diag =
        op.emitOpError()
        << "cannot be lowered with aligned-pointer alias checks: the buffer "
           "of "
        << (i < op.getMemrefs().size() ? "memref operand #" : "retained #")
        << (i < op.getMemrefs().size() ? i : i - op.getMemrefs().size())
        << " is not visible in the IR and a memref.view with a non-zero "
           "shift may reach it ([own.pipeline.hidden-view])";
    diag.attachNote(shifted.getLoc()) << "memref.view with a non-zero shift";
    return failure();
  }
  return success();
}

struct ReferenceLowerDeallocationsPass
    : dealloc::impl::ReferenceLowerDeallocationsBase<
          ReferenceLowerDeallocationsPass> {
  using Base::Base;

  /// [own.pipeline.helper] Deallocs with more than `helper-above` memref
  /// operands call a helper function (only possible when the pass runs on a
  /// symbol table, e.g. a module); the others are lowered inline.
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation()->walk(
        [&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    bool canCallHelper = getOperation()->hasTrait<OpTrait::SymbolTable>();
    // One helper per symbol table that holds a lowered dealloc: a call
    // resolves in its nearest symbol table, so a function of a nested
    // module calls that module's helper ([own.scope]).
    llvm::DenseMap<Operation *, func::FuncOp> helpers;
    llvm::DenseMap<Operation *, memref::ViewOp> shiftedIn;
    for (bufferization::DeallocOp op : deallocs) {
      Operation *scope = op->getParentOfType<FunctionOpInterface>();
      if (!scope)
        scope = getOperation();
      if (!shiftedIn.count(scope))
        shiftedIn[scope] = findShiftedView(scope);
      if (failed(checkIdentityVisible(op, shiftedIn[scope])))
        return signalPassFailure();
    }
    for (bufferization::DeallocOp op : deallocs) {
      if (canCallHelper && op.getMemrefs().size() > helperAbove) {
        Operation *table =
            SymbolTable::getNearestSymbolTable(op->getParentOp());
        func::FuncOp &helper = helpers[table];
        if (!helper)
          helper = dealloc::createDeallocHelper(table, table->getLoc());
        dealloc::lowerDeallocThroughHelper(op, helper);
      } else if (!helperOnly) {
        lowerDealloc(op);
      }
    }
  }
};

} // namespace
