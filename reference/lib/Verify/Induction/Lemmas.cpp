//===- Lemmas.cpp - Lemma candidates at joins -----------------------------===//
//
// docs/verifier-proofs.md [verify.lemmas]: at joins, region entries and after
// structured ops and calls, candidate facts (every live heap buffer is
// viewed by a live memref value; merged i1 flags that are constant) are
// recorded for Verify/Check/SafetyCheck.cpp to prove Houdini-style.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"

#include "dealloc/Support/SolverPolicy.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <limits>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

std::vector<Value> Encoder::liveValues(Block *b, Operation *after,
                                       bool includeResults) {
  std::vector<Value> out = liveness.liveAt(b, after, includeResults);
  llvm::erase_if(out, [&](Value v) { return !valueEnv.lookup(v); });
  return out;
}

const std::shared_ptr<const ValueRefs> &Encoder::outerRefs(size_t i) {
  ProofHints::LiveAfterOp &l = proofHints.liveOuter()[i];
  if (!l.refs) {
    auto refs = std::make_shared<ValueRefs>(*liveAfter(l.op));
    for (auto &[v, version] : *refs)
      if (version > l.clock)
        version = std::numeric_limits<unsigned>::max();
    l.refs = std::move(refs);
  }
  return l.refs;
}

std::shared_ptr<const ValueRefs> Encoder::liveAfter(Operation *op) {
  auto refs = std::make_shared<ValueRefs>();
  for (Value v : liveValues(op->getBlock(), op, false))
    if (valueEnv.lookup(v)->kind == SymValue::Kind::MemRef)
      refs->push_back({v, valueEnv.version(v)});
  return refs;
}

const View *Encoder::viewOf(const std::pair<mlir::Value, unsigned> &ref) const {
  const SymValue *s = valueEnv.lookup(ref.first);
  if (!s || s->kind != SymValue::Kind::MemRef ||
      valueEnv.version(ref.first) != ref.second)
    return nullptr;
  return &s->view;
}

std::vector<const View *> dealloc::verify::liveViews(Encoder &E, Block *b,
                                                     Operation *after,
                                                     bool includeResults) {
  std::vector<const View *> out;
  for (Value v : E.liveValues(b, after, includeResults)) {
    const SymValue &s = *E.env().lookup(v);
    if (s.kind == SymValue::Kind::MemRef)
      out.push_back(&s.view);
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

void dealloc::verify::reachabilityLemma(Encoder &E, const State &st, Block *b,
                                        Operation *after, Location loc) {
  SymbolicHeap &heap = E.heap;
  if (st.path.isFalse())
    return;
  // [verify.lemmas]: a live heap buffer that no live memref value views can
  // never be freed; where the program is leak-free, every live heap buffer
  // is viewed by a live value. Candidates are per slot; what views a slot
  // is recorded here and built by buildLemmas.
  if (E.hints().lemmaEntries() > SolverPolicy::lemmaEntries)
    return;
  auto pending = std::make_shared<Lemma::Pending>();
  auto flags = std::make_shared<Lemma::Pending>();
  for (Value v : E.liveValues(b, after)) {
    const SymValue &sv = *E.env().lookup(v);
    if (sv.kind == SymValue::Kind::MemRef)
      pending->values.push_back({v, E.env().version(v)});
    else if (sv.kind == SymValue::Kind::Bool && !sv.e.isTrue() &&
             !sv.e.isFalse() && isMergedFlag(v, E.boundary().entryOp))
      flags->flags.push_back(sv.e);
  }
  for (size_t i = 0; i < E.hints().liveOuter().size(); ++i)
    pending->outer.push_back(E.outerRefs(i));
  Lemma lemma{{}, loc};
  for (unsigned s = 0; s < st.alloc.size() && s < heap.numSlots(); ++s) {
    if (heap.slot(s).kind != SlotKind::Heap)
      continue;
    Expr a = heap.allocOf(st, s), f = heap.freedOf(st, s);
    if (a.isFalse() || f.isTrue())
      continue;
    // `reach` is set by buildLemmas; none of the parts is a literal that
    // would fold the conjunction to false.
    lemma.unreached.push_back({a, f, Expr()});
    pending->slots.push_back(s);
  }
  E.hints().addLemmaEntries(pending->values.size() + pending->slots.size() +
                            flags->flags.size());
  lemma.path = st.path;
  lemma.pending = std::move(pending);
  // Flags that are constant on the path (ownership indicators that are
  // always true, say) first: the reachability lemmas often need them.
  if (!flags->flags.empty()) {
    Lemma constant{{}, loc};
    constant.path = st.path;
    constant.pending = std::move(flags);
    heap.addLemma(std::move(constant));
  }
  if (!lemma.unreached.empty())
    heap.addLemma(std::move(lemma));
}

void dealloc::verify::buildLemmas(Encoder &E) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  std::vector<std::vector<Expr>> reach;
  heap.buildLemmas([&](Lemma &lemma, const Lemma::Pending &p) {
    for (const Expr &c : p.flags) {
      lemma.cands.push_back(ctx.mkAnd(lemma.path, c));
      lemma.cands.push_back(ctx.mkAnd(lemma.path, ctx.mkNot(c)));
    }
    if (p.slots.empty())
      return;
    reach.assign(heap.numSlots(), {});
    auto addView = [&](const View &v) {
      for (size_t k = 0; k < v.cands.size(); ++k)
        if (v.cands[k] < reach.size())
          reach[v.cands[k]].push_back(v.pts[k]);
    };
    for (const auto &ref : p.values)
      if (const View *v = E.viewOf(ref))
        addView(*v);
    for (const auto &outer : p.outer)
      for (const auto &ref : *outer)
        if (const View *v = E.viewOf(ref))
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
      rs.erase(
          std::unique(rs.begin(), rs.end(),
                      [](const Expr &x, const Expr &y) { return x.same(y); }),
          rs.end());
      Expr r = ctx.mkOr(rs);
      if (!r.isTrue())
        kept.push_back({u.alloc, u.freed, r});
    }
    lemma.unreached = std::move(kept);
  });
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
