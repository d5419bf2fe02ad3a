//===- SlotFusion.cpp - One slot for the buffer a merged value views ------===//
//
// docs/verifier-design.md [verify.encoding.fusion]. At a join, a merged memref
// value views one of the buffers its incoming values view. In a chain of
// joins that candidate set grows by one per join, and so does every check of
// every op on the value: a chain of N diamonds had N^2/2 conditions. Where
// no other value can still view those buffers, the encoding instead renames
// the buffer the merged value views to one new slot - exactly, not as an
// abstraction: the renamed buffers are unreachable under their old names.
//
//   ^bb1(%b: memref<4xf32>):      // %b views slot 3 (from ^bb0) or slot 7
//     ...                         //   (the fresh buffer of the other edge)
//
// becomes: %b views slot 9 only; slot 9 is allocated/freed/holds what slot
// 3 resp. 7 does on the path in question; slots 3 and 7 count as never
// allocated where %b denotes them, and keep their state where it does not
// (a buffer left behind there is still reported as a leak at the return).
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

bool SymbolicHeap::fuse(State &st, View &v, const std::vector<unsigned> &group,
                        Location loc) {
  std::vector<Expr> sel;
  for (unsigned c : group)
    sel.push_back(denotes(v, c));
  // Contents: all or none of the slots have them (created with the slot).
  std::vector<const Contents *> cs;
  for (unsigned c : group)
    if (c < st.mem.size() &&
        (!st.mem[c].elems.empty() || !st.mem[c].array.isNull()))
      cs.push_back(&st.mem[c]);
  Contents merged;
  if (!cs.empty() && (cs.size() != group.size() ||
                      !mergeContentsOf(sel, cs, slotTable.size(), merged)))
    return false;

  unsigned s = slotTable.size();
  std::vector<Expr> addrs, bytes;
  std::vector<std::string> origins;
  bool allBytes = true, sameWhole = true;
  for (unsigned c : group) {
    const Slot &o = slotTable[c];
    addrs.push_back(o.addr);
    allBytes &= !o.bytes.isNull();
    if (!o.bytes.isNull())
      bytes.push_back(o.bytes);
    if (!llvm::is_contained(origins, o.origin))
      origins.push_back(o.origin);
    const std::vector<Expr> &w = slotTable[group[0]].whole;
    sameWhole &= o.whole.size() == w.size() &&
                 llvm::all_of(llvm::seq<size_t>(0, w.size()),
                              [&](size_t i) { return o.whole[i].same(w[i]); });
  }
  Slot slot{SlotKind::Heap,
            loc,
            llvm::join(origins, " or "),
            ctx.bvVal(kIdWidth, s),
            mergeExprs(sel, addrs),
            -1,
            Expr()};
  if (allBytes)
    slot.bytes = mergeExprs(sel, bytes);
  if (sameWhole)
    slot.whole = slotTable[group[0]].whole;
  slot.parts = group;
  slot.partIs = sel;
  slotTable.push_back(std::move(slot));

  std::vector<Expr> alloc, freed;
  for (auto [k, c] : llvm::enumerate(group)) {
    alloc.push_back(ctx.mkAnd(sel[k], allocOf(st, c)));
    freed.push_back(ctx.mkAnd(sel[k], freedOf(st, c)));
  }
  st.alloc.resize(s + 1, ctx.boolVal(false));
  st.freed.resize(s + 1, ctx.boolVal(false));
  st.alloc[s] = name(ctx.mkOr(alloc), "fused_alloc");
  st.freed[s] = name(ctx.mkOr(freed), "fused_freed");
  for (auto [k, c] : llvm::enumerate(group)) {
    st.alloc[c] = name(ctx.mkAnd(allocOf(st, c), ctx.mkNot(sel[k])), "m");
    st.freed[c] = name(ctx.mkAnd(freedOf(st, c), ctx.mkNot(sel[k])), "m");
  }
  if (!cs.empty()) {
    if (st.mem.size() <= s)
      st.mem.resize(s + 1);
    st.mem[s] = std::move(merged);
  }

  // The view: the group's candidates become the new slot (the largest
  // number, so the candidates stay sorted).
  View r = v;
  r.cands.clear();
  r.pts.clear();
  r.id = Expr();
  for (auto [k, c] : llvm::enumerate(v.cands))
    if (!llvm::is_contained(group, c)) {
      r.cands.push_back(c);
      r.pts.push_back(v.pts[k]);
    }
  r.cands.push_back(s);
  r.pts.push_back(name(ctx.mkOr(sel), "fused_pts"));
  v = std::move(r);
  return true;
}

void dealloc::verify::fuseMerged(Encoder &E, State &st, ArrayRef<Value> merged,
                                 const std::vector<const View *> &others,
                                 Location loc) {
  SymbolicHeap &heap = E.heap;
  // The views that may still be used: `others`, the values live after the
  // ops and calls around this point (liveOuter), the buffers lent to
  // public calls, and the merged values themselves.
  if (!fusing(E) || st.path.isFalse())
    return;
  std::vector<const View *> all = others;
  // An outer value encoded again since it was recorded (a recursive
  // callee inlined in itself) has an unknown view there: no renaming.
  for (size_t i = 0; i < E.hints().liveOuter().size(); ++i)
    for (const auto &ref : *E.outerRefs(i)) {
      const View *v = E.viewOf(ref);
      if (!v)
        return;
      all.push_back(v);
    }
  for (const View &v : E.nesting().borrowed)
    all.push_back(&v);
  // A candidate of a merged value is fused if no other view (nor another
  // merged value) has it. Only the merged values' heap candidates are
  // counted, and the other views are read largest first until no merged
  // value has two such candidates left: in a chain of joins each live
  // value's candidates include the previous one's, so reading every live
  // view at every join would be cubic.
  std::vector<Value> views;
  llvm::DenseMap<unsigned, unsigned> seen; // candidate -> views having it
  llvm::DenseMap<unsigned, size_t> owner;  // candidate -> merged value
  for (Value m : merged) {
    const SymValue *s = E.env().lookup(m);
    if (!s || s->kind != SymValue::Kind::MemRef)
      continue;
    for (unsigned c : s->view.cands)
      if (heap.slot(c).kind == SlotKind::Heap && heap.slot(c).site < 0) {
        ++seen[c];
        owner[c] = views.size();
      }
    views.push_back(m);
  }
  std::vector<size_t> open(views.size(), 0); // per merged value
  for (const auto &[c, n] : seen)
    if (n == 1)
      ++open[owner[c]];
  size_t fusible = llvm::count_if(open, [](size_t n) { return n >= 2; });
  llvm::stable_sort(all, [](const View *a, const View *b) {
    return a->cands.size() > b->cands.size();
  });
  for (const View *v : all) {
    if (fusible == 0)
      break;
    for (unsigned c : v->cands) {
      auto it = seen.find(c);
      if (it == seen.end() || it->second++ != 1)
        continue;
      if (open[owner[c]]-- == 2)
        --fusible;
    }
  }
  std::vector<bool> fused(heap.numSlots(), false);
  bool anyFused = false;
  for (auto [k, m] : llvm::enumerate(views)) {
    if (open[k] < 2)
      continue;
    View &v = E.env().entry(m).view;
    std::vector<unsigned> group;
    for (unsigned c : v.cands)
      if (seen.lookup(c) == 1)
        group.push_back(c);
    if (group.size() < 2 || !heap.fuse(st, v, group, loc))
      continue;
    E.env().renamed(m);
    for (unsigned c : group)
      fused[c] = true;
    anyFused = true;
  }
  if (!anyFused)
    return;
  // [verify.encoding.addr]: an address taken of a renamed buffer is no
  // longer its identity; comparisons fall back to the address terms, which
  // the new slot shares.
  llvm::SmallVector<unsigned> stale;
  llvm::DenseMap<unsigned, View> &addressViews = E.env().addressViews();
  for (const auto &[term, v] : addressViews)
    if (llvm::any_of(v.cands,
                     [&](unsigned c) { return c < fused.size() && fused[c]; }))
      stale.push_back(term);
  for (unsigned term : stale)
    addressViews.erase(term);
}
