//===- Lemmas.cpp - Lemma candidates at joins -----------------------------===//
//
// spec/verification.md [verify.lemmas]: at joins, region entries and after
// structured ops and calls, candidate facts (every live heap buffer is
// viewed by a live memref value; merged i1 flags that are constant) are
// recorded for SafetyCheck.cpp to prove Houdini-style.
//
//===----------------------------------------------------------------------===//
#include "Encoder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

std::vector<Value> Encoder::liveValues(Block *b, Operation *after,
                                      bool includeResults) {
  Operation *fn = b->getParentOp();
  while (fn && !isa<func::FuncOp>(fn))
    fn = fn->getParentOp();
  std::unique_ptr<Liveness> &L = liveness[fn];
  if (!L) {
    L = std::make_unique<Liveness>(fn);
    // A deterministic order of values (Liveness's sets are by pointer).
    fn->walk<WalkOrder::PreOrder>([&](Block *blk) {
      for (BlockArgument a : blk->getArguments())
        valueOrder.try_emplace(a, valueOrder.size());
      for (Operation &op : *blk)
        for (Value r : op.getResults())
          valueOrder.try_emplace(r, valueOrder.size());
    });
  }
  std::vector<Value> out;
  llvm::SmallPtrSet<Value, 16> seen;
  auto add = [&](Value v) {
    if (!(isa<MemRefType>(v.getType()) || v.getType().isInteger(1)) ||
        !seen.insert(v).second)
      return;
    if (after && L->isDeadAfter(v, after))
      return;
    if (values.count(v))
      out.push_back(v);
  };
  for (Value v : L->getLiveIn(b))
    add(v);
  for (BlockArgument a : b->getArguments())
    if (after || !a.use_empty())
      add(a);
  if (after)
    for (Operation &op : *b) {
      if (&op == after && !includeResults)
        break;
      for (Value r : op.getResults())
        add(r);
      if (&op == after)
        break;
    }
  llvm::sort(out, [&](Value x, Value y) {
    return valueOrder.lookup(x) < valueOrder.lookup(y);
  });
  return out;
}

std::vector<View> Encoder::liveViews(Block *b, Operation *after,
                                     bool includeResults) {
  std::vector<View> out;
  for (Value v : liveValues(b, after, includeResults)) {
    const SymValue &s = values.find(v)->second;
    if (s.kind == SymValue::Kind::MemRef)
      out.push_back(s.view);
  }
  return out;
}

/// An i1 value merged from several definitions: a block argument of a
/// non-entry block or a result of a region op or call (where ownership
/// indicators travel), as opposed to an input or a local computation.
static bool isMergedFlag(Value v, Operation *entry) {
  if (auto a = dyn_cast<BlockArgument>(v))
    return a.getOwner()->getParentOp() != entry ||
           !a.getOwner()->isEntryBlock();
  Operation *def = v.getDefiningOp();
  return def->getNumRegions() > 0 || isa<func::CallOp>(def);
}

void Encoder::reachabilityLemma(const State &st, Block *b, Operation *after,
                                Location loc) {
  if (st.path.isFalse())
    return;
  // [verify.lemmas]: a live heap buffer that no live memref value views can
  // never be freed; where the program is leak-free, every live heap buffer
  // is viewed by a live value. Candidates are per slot; the order of the
  // terms follows their creation (deterministic), not the views'.
  std::vector<std::vector<Expr>> reach(heap.slots.size());
  auto addView = [&](const View &v) {
    for (size_t k = 0; k < v.cands.size(); ++k)
      reach[v.cands[k]].push_back(v.pts[k]);
  };
  std::vector<Expr> flags;
  for (Value v : liveValues(b, after)) {
    const SymValue &sv = values.find(v)->second;
    if (sv.kind == SymValue::Kind::MemRef)
      addView(sv.view);
    else if (sv.kind == SymValue::Kind::Bool && !sv.e.isTrue() &&
             !sv.e.isFalse() && isMergedFlag(v, entryOp))
      flags.push_back(sv.e);
  }
  for (const std::vector<View> &outer : liveOuter)
    for (const View &v : outer)
      addView(v);
  Lemma lemma{{}, loc};
  for (unsigned s = 0; s < st.alloc.size() && s < heap.slots.size(); ++s) {
    if (heap.slots[s].kind != SlotKind::Heap)
      continue;
    Expr a = heap.allocOf(st, s), f = heap.freedOf(st, s);
    if (a.isFalse() || f.isTrue())
      continue;
    std::vector<Expr> &rs = reach[s];
    std::sort(rs.begin(), rs.end(), [](const Expr &x, const Expr &y) {
      return x.termId() < y.termId();
    });
    rs.erase(std::unique(rs.begin(), rs.end(),
                         [](const Expr &x, const Expr &y) { return x.same(y); }),
             rs.end());
    Expr r = ctx.mkOr(rs);
    if (r.isTrue())
      continue;
    // Built by Lemma::candidates; none of the parts is a literal that
    // would fold the conjunction to false.
    lemma.unreached.push_back({a, f, r});
  }
  lemma.path = st.path;
  // Flags that are constant on the path (ownership indicators that are
  // always true, say) first: the reachability lemmas often need them.
  Lemma constant{{}, loc};
  for (const Expr &c : flags) {
    constant.cands.push_back(ctx.mkAnd(st.path, c));
    constant.cands.push_back(ctx.mkAnd(st.path, ctx.mkNot(c)));
  }
  if (!constant.cands.empty())
    heap.lemmas.push_back(std::move(constant));
  if (!lemma.unreached.empty())
    heap.lemmas.push_back(std::move(lemma));
}

std::vector<Expr> Lemma::candidates(smt::Context &ctx) const {
  std::vector<Expr> out = cands;
  for (const Unreached &u : unreached)
    out.push_back(
        ctx.mkAnd({path, u.alloc, ctx.mkNot(u.freed), ctx.mkNot(u.reach)}));
  return out;
}

void Lemma::parts(std::vector<Expr> &out) const {
  out.insert(out.end(), cands.begin(), cands.end());
  if (unreached.empty())
    return;
  out.push_back(path);
  for (const Unreached &u : unreached)
    out.insert(out.end(), {u.alloc, u.freed, u.reach});
}
