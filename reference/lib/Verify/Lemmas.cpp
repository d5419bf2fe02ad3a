//===- Lemmas.cpp - Lemma candidates at joins -----------------------------===//
//
// spec/verification.md [verify.lemmas]: at joins, region entries and after
// structured ops and calls, candidate facts (every live heap buffer is
// viewed by a live memref value; merged i1 flags that are constant) are
// recorded for SafetyCheck.cpp to prove Houdini-style.
//
//===----------------------------------------------------------------------===//
#include "Encoder.h"

#include "dealloc/Support/SolverPolicy.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// The memref and i1 values liveness is asked about.
static bool tracked(Value v) {
  return isa<MemRefType>(v.getType()) || v.getType().isInteger(1);
}

const Encoder::BlockUses &Encoder::usesIn(Block *b,
                                          const LivenessBlockInfo *info) {
  std::unique_ptr<BlockUses> &u = blockUses[b];
  if (u)
    return *u;
  u = std::make_unique<BlockUses>();
  // Positions from 1; 0 stands for "before the first op" (the block's
  // arguments).
  for (BlockArgument a : b->getArguments())
    if (tracked(a))
      u->defined.push_back({0, 0, a});
  unsigned i = 0;
  for (Operation &op : *b) {
    u->position[&op] = ++i;
    for (Value r : op.getResults())
      if (tracked(r))
        u->defined.push_back({i, 0, r});
    // Uses in the op and in the regions it holds are the op's.
    op.walk([&](Operation *user) {
      for (Value v : user->getOperands())
        if (tracked(v)) {
          unsigned &last = u->lastUse[v];
          last = std::max(last, i);
        }
    });
  }
  for (BlockUses::Def &d : u->defined)
    d.end = info && info->isLiveOut(d.v) ? UINT_MAX : u->lastUse.lookup(d.v);
  return *u;
}

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
  const LivenessBlockInfo *info = L->getLiveness(b);
  const BlockUses &u = usesIn(b, info);
  unsigned at = after ? u.position.lookup(after) : 0;
  // As Liveness::isDeadAfter: a value is dead after `after` unless it is
  // live out of the block or used by a later op of it.
  auto deadAfter = [&](Value v) {
    return after && !(info && info->isLiveOut(v)) && u.lastUse.lookup(v) <= at;
  };
  std::vector<Value> out;
  llvm::SmallPtrSet<Value, 16> seen;
  auto add = [&](Value v) {
    if (!tracked(v) || !seen.insert(v).second || deadAfter(v))
      return;
    if (values.count(v))
      out.push_back(v);
  };
  for (Value v : L->getLiveIn(b))
    add(v);
  for (const BlockUses::Def &d : u.defined) {
    if (d.at > at || (d.at == at && after && !includeResults))
      break;
    if ((after && d.end <= at) || (!after && d.v.use_empty()))
      continue;
    if (values.count(d.v))
      out.push_back(d.v);
  }
  llvm::sort(out, [&](Value x, Value y) {
    return valueOrder.lookup(x) < valueOrder.lookup(y);
  });
  return out;
}

std::shared_ptr<const ValueRefs> Encoder::liveAfter(Operation *op) {
  auto refs = std::make_shared<ValueRefs>();
  for (Value v : liveValues(op->getBlock(), op, false))
    if (values.find(v)->second.kind == SymValue::Kind::MemRef)
      refs->push_back({v, versions.lookup(v)});
  return refs;
}

const View *
Encoder::viewOf(const std::pair<mlir::Value, unsigned> &ref) const {
  auto it = values.find(ref.first);
  if (it == values.end() || it->second.kind != SymValue::Kind::MemRef ||
      versions.lookup(ref.first) != ref.second)
    return nullptr;
  return &it->second.view;
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
  // is viewed by a live value. Candidates are per slot; what views a slot
  // is recorded here and built by buildLemmas.
  if (lemmaEntries > SolverPolicy::lemmaEntries)
    return;
  auto pending = std::make_shared<Lemma::Pending>();
  auto flags = std::make_shared<Lemma::Pending>();
  for (Value v : liveValues(b, after)) {
    const SymValue &sv = values.find(v)->second;
    if (sv.kind == SymValue::Kind::MemRef)
      pending->values.push_back({v, versions.lookup(v)});
    else if (sv.kind == SymValue::Kind::Bool && !sv.e.isTrue() &&
             !sv.e.isFalse() && isMergedFlag(v, entryOp))
      flags->flags.push_back(sv.e);
  }
  for (size_t i = 0; i < liveOuter.size(); ++i)
    pending->outer.push_back(outerRefs(i));
  Lemma lemma{{}, loc};
  for (unsigned s = 0; s < st.alloc.size() && s < heap.slots.size(); ++s) {
    if (heap.slots[s].kind != SlotKind::Heap)
      continue;
    Expr a = heap.allocOf(st, s), f = heap.freedOf(st, s);
    if (a.isFalse() || f.isTrue())
      continue;
    // `reach` is set by buildLemmas; none of the parts is a literal that
    // would fold the conjunction to false.
    lemma.unreached.push_back({a, f, Expr()});
    pending->slots.push_back(s);
  }
  lemmaEntries += pending->values.size() + pending->slots.size() +
                  flags->flags.size();
  lemma.path = st.path;
  lemma.pending = std::move(pending);
  // Flags that are constant on the path (ownership indicators that are
  // always true, say) first: the reachability lemmas often need them.
  if (!flags->flags.empty()) {
    Lemma constant{{}, loc};
    constant.path = st.path;
    constant.pending = std::move(flags);
    heap.lemmas.push_back(std::move(constant));
  }
  if (!lemma.unreached.empty())
    heap.lemmas.push_back(std::move(lemma));
}

void Encoder::buildLemmas() {
  std::vector<std::vector<Expr>> reach;
  for (Lemma &lemma : heap.lemmas) {
    if (!lemma.pending)
      continue;
    std::shared_ptr<Lemma::Pending> held = std::move(lemma.pending);
    const Lemma::Pending &p = *held;
    for (const Expr &c : p.flags) {
      lemma.cands.push_back(ctx.mkAnd(lemma.path, c));
      lemma.cands.push_back(ctx.mkAnd(lemma.path, ctx.mkNot(c)));
    }
    if (p.slots.empty())
      continue;
    reach.assign(heap.slots.size(), {});
    auto addView = [&](const View &v) {
      for (size_t k = 0; k < v.cands.size(); ++k)
        if (v.cands[k] < reach.size())
          reach[v.cands[k]].push_back(v.pts[k]);
    };
    for (const auto &ref : p.values)
      if (const View *v = viewOf(ref))
        addView(*v);
    for (const auto &outer : p.outer)
      for (const auto &ref : *outer)
        if (const View *v = viewOf(ref))
          addView(*v);
    // The order of the terms is Z3's numbering (deterministic for one run
    // of the tool; a reused context renumbers), not the views'. A slot
    // that is viewed for sure has no candidate.
    std::vector<Lemma::Unreached> kept;
    for (auto [u, s] : llvm::zip(lemma.unreached, p.slots)) {
      std::vector<Expr> &rs = reach[s];
      std::sort(rs.begin(), rs.end(), [](const Expr &x, const Expr &y) {
        return x.termId() < y.termId();
      });
      rs.erase(std::unique(rs.begin(), rs.end(),
                           [](const Expr &x, const Expr &y) {
                             return x.same(y);
                           }),
               rs.end());
      Expr r = ctx.mkOr(rs);
      if (!r.isTrue())
        kept.push_back({u.alloc, u.freed, r});
    }
    lemma.unreached = std::move(kept);
  }
}

std::vector<Expr> Lemma::candidates(smt::Context &ctx) const {
  assert(!pending && "reachability candidates not built (buildLemmas)");
  std::vector<Expr> out = cands;
  for (const Unreached &u : unreached)
    out.push_back(
        ctx.mkAnd({path, u.alloc, ctx.mkNot(u.freed), ctx.mkNot(u.reach)}));
  return out;
}

void Lemma::parts(std::vector<Expr> &out) const {
  out.insert(out.end(), cands.begin(), cands.end());
  if (pending)
    out.insert(out.end(), pending->flags.begin(), pending->flags.end());
  if (unreached.empty() && !pending)
    return;
  out.push_back(path);
  for (const Unreached &u : unreached) {
    out.insert(out.end(), {u.alloc, u.freed});
    if (!u.reach.isNull())
      out.push_back(u.reach);
  }
}
