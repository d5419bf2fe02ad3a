//===- LoopHeader.cpp - The abstract header of a loop's induction ---------===//
//
// docs/verifier-proofs.md [verify.induction]: the abstract loop header of
// ForInduction (Verify/Induction/LoopInductionImpl.h). build() makes a fresh
// header from the loop's entry state (what the body changes unconstrained, a
// summary slot per memref iter_arg, fresh iter_args whose views select among
// the slots they may view), growHeader() finds what one abstract iteration
// changes beyond it (to a fixpoint, in Verify/Induction/LoopInduction.cpp's
// attempt()), and prune() drops the exit header's view candidates no run takes.
//
//===----------------------------------------------------------------------===//

#include "Induction/LoopInductionImpl.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::induction;
using Cmp = smt::Context::Cmp;

View ForInduction::freshView(size_t j, const View &like,
                             const std::vector<unsigned> &loop,
                             std::vector<Expr> &wf) {
  std::set<unsigned> all;
  if (separate) {
    all = outerOf[j];
    all.insert(ownSlot(loop, j));
    if (stackSummaries)
      all.insert(ownSlot(loop, j, /*stack=*/true));
  } else {
    all.insert(outer.begin(), outer.end());
    all.insert(loop.begin(), loop.end());
  }
  View v;
  v.cands.assign(all.begin(), all.end());
  // Exactly one candidate: a selector, so the encoding stays linear in the
  // number of candidates (a chain of loops adds one per loop).
  Expr sel = c.freshBV("header_sel", kIdWidth);
  for (size_t k = 0; k < v.cands.size(); ++k)
    v.pts.push_back(c.mkEq(sel, c.bvVal(kIdWidth, k)));
  wf.push_back(c.mkCmp(Cmp::Ult, sel, c.bvVal(kIdWidth, v.cands.size())));
  v.addr = h.slot(v.cands.back()).addr;
  for (size_t k = v.cands.size() - 1; k-- > 0;)
    v.addr = c.mkIte(v.pts[k], h.slot(v.cands[k]).addr, v.addr);
  // A descriptor field whose "as at the entry" candidate is still kept is
  // the entry's term (the candidate is then trivially true of this header
  // and still checked after the iteration): no products of fresh sizes and
  // strides for the solver.
  std::string J = std::to_string(j);
  v.offset = alive("offset" + J) ? like.offset
                                 : c.freshBV("header_offset", kIndexWidth);
  for (size_t d = 0; d < like.sizes.size(); ++d) {
    std::string D = J + "/" + std::to_string(d);
    v.sizes.push_back(alive("size" + D)
                          ? like.sizes[d]
                          : c.freshBV("header_size", kIndexWidth));
    v.strides.push_back(alive("stride" + D)
                            ? like.strides[d]
                            : c.freshBV("header_stride", kIndexWidth));
  }
  return v;
}

/// A fresh header: the entry state with the changed flags and contents
/// unconstrained, fresh summary slots and fresh iter_args.
void ForInduction::build(Header &x) {
  shaping.clear();
  x.st = entry;
  x.st.alloc.resize(std::max<size_t>(x.st.alloc.size(), nOuter),
                    c.boolVal(false));
  x.st.freed.resize(std::max<size_t>(x.st.freed.size(), nOuter),
                    c.boolVal(false));
  unconstrainChanged(x);
  unconstrainSites(x);
  addSummarySlots(x);
  x.iv = c.freshBV("header_iv", init.iv.bvWidth());
  x.ran = c.freshBool("header_ran");
  freshIters(x);
}

void ForInduction::unconstrainChanged(Header &x) {
  // Kept "as at the entry" candidates keep the entry's terms.
  for (unsigned o : wFlags) {
    std::string O = std::to_string(o);
    SlotKind k = h.slot(o).kind;
    if ((k == SlotKind::Heap || k == SlotKind::Stack) && !alive("alloc" + O))
      x.st.alloc[o] = c.freshBool("header_alloc");
    if (!alive("freed" + O))
      x.st.freed[o] = c.freshBool("header_freed");
  }
  // While "meminit" is kept (every cell initialized at the entry stays so),
  // only the values are unconstrained.
  for (unsigned o : wMem)
    if (!alive("contents" + std::to_string(o)))
      h.havoc(x.st, h.wholeView(o, {}),
              /*writesInit=*/alive("meminit" + std::to_string(o)));
}

void ForInduction::unconstrainSites(Header &x) {
  // [equiv.loops]: where iterations allocate matched sites, the counts, the
  // epoch and the free points of the buffers the loop may free are
  // unconstrained (the relational invariant relates the versions' ones).
  if (relational) {
    // The counts of the sites no op of the loop allocates stay as at the
    // entry.
    x.st.siteCount.resize(E.sites()->names.size(), c.bvVal(kIndexWidth, 0));
    for (int i : loopSites)
      if (size_t(i) < x.st.siteCount.size())
        x.st.siteCount[i] = c.freshBV("header_count", kIndexWidth);
    x.st.epoch = c.freshBV("header_epoch", kIndexWidth);
    for (unsigned o : wFlags)
      if (h.slot(o).site >= 0 || !h.slot(o).siteVar.isNull()) {
        if (o >= x.st.freedAt.size())
          x.st.freedAt.resize(o + 1, c.bvVal(kIndexWidth, 0));
        x.st.freedAt[o] = c.freshBV("header_freed_at", kIndexWidth);
      }
  }
  // [equiv.loops]: no iteration allocates a matched site, so a matched
  // buffer the loop frees is freed in the interval the loop starts in.
  else if (E.sites() && !entry.epoch.isNull())
    for (unsigned o : wFlags)
      if (h.slot(o).site >= 0 && !alive("freed" + std::to_string(o))) {
        if (o >= x.st.freedAt.size())
          x.st.freedAt.resize(o + 1, c.bvVal(kIndexWidth, 0));
        Expr before = o < entry.freedAt.size() ? entry.freedAt[o]
                                               : c.bvVal(kIndexWidth, 0);
        x.st.freedAt[o] = c.mkIte(h.freedOf(entry, o), before, entry.epoch);
      }
}

void ForInduction::addSummarySlots(Header &x) {
  size_t memrefs = 0;
  for (Type t : iterTypes)
    memrefs += isa<MemRefType>(t);
  // Heap summary slots, then (stackSummaries) stack ones: a stack slot is
  // released where its scope ends ([op.memref.alloca_scope], the return),
  // never leaks and is never freed.
  size_t summaries = stackSummaries ? 2 * memrefs : memrefs;
  for (size_t i = 0; i < summaries; ++i) {
    bool stack = i >= memrefs;
    unsigned s =
        h.newSlot(stack ? SlotKind::Stack : SlotKind::Heap, op->getLoc(),
                  stack ? "stack buffer of an earlier iteration"
                        : "buffer of an earlier iteration",
                  &x.st);
    if (stack)
      E.nesting().stackSlots.push_back(s);
    x.st.alloc[s] = c.freshBool("summary_alloc");
    x.st.freed[s] = c.freshBool("summary_freed");
    h.setSlotBytes(s, !stack && alive("loopbytes")
                          ? loopBytes
                          : c.freshBV("summary_bytes", kIndexWidth));
    if (s >= x.st.mem.size())
      x.st.mem.resize(s + 1);
    Contents cs;
    cs.array = c.freshArray("summary_contents", kIndexWidth,
                            h.byteContents() ? 8 : 64);
    cs.initArray = c.freshArray("summary_init", kIndexWidth, 1);
    x.st.mem[s] = std::move(cs);
    if (relational)
      relateSummary(x, s, stack);
    x.loop.push_back(s);
  }
}

void ForInduction::relateSummary(Header &x, unsigned s, bool stack) {
  Expr siteVar = c.freshBV("summary_site", kIdWidth);
  // A site allocates on the heap or on the stack, never both: a matched
  // summary's site is one of its kind (else a heap summary of one version
  // could stand for the other's stack buffer).
  if (stackSummaries) {
    std::vector<Expr> ok{
        c.mkCmp(Cmp::Uge, siteVar,
                c.bvVal(kIdWidth, int64_t(E.sites()->names.size())))};
    std::set<int> kind; // ordered: the same terms on every run
    for (auto [o, site] : E.sites()->siteOf)
      if (isa<memref::AllocaOp>(o) == stack)
        kind.insert(site);
    for (int site : kind)
      ok.push_back(c.mkEq(siteVar, c.bvVal(kIdWidth, site)));
    x.wellFormed.push_back(c.mkOr(ok));
  }
  h.setSummarySite(s, siteVar, c.freshBV("summary_instance", kIndexWidth));
  if (s >= x.st.freedAt.size())
    x.st.freedAt.resize(s + 1, c.bvVal(kIndexWidth, 0));
  x.st.freedAt[s] = c.freshBV("summary_freed_at", kIndexWidth);
}

void ForInduction::freshIters(Header &x) {
  x.iters.clear();
  for (auto [j, v] : llvm::enumerate(init.iters)) {
    SymValue f;
    std::string J = std::to_string(j);
    if (v.kind == SymValue::Kind::MemRef) {
      f = SymValue::memref(freshView(j, v.view, x.loop, x.wellFormed));
    } else if (v.kind == SymValue::Kind::Bool) {
      // A flag kept constant is that constant (as descriptors above).
      f = SymValue::boolean(alive("true" + J)    ? c.boolVal(true)
                            : alive("false" + J) ? c.boolVal(false)
                                                 : c.freshBool("header_flag"));
    } else {
      f = SymValue::bv(
          alive("same" + J) ? v.e : c.freshBV("header_value", v.e.bvWidth()));
    }
    if (v.kind != SymValue::Kind::MemRef)
      f.init = alive("init" + J) ? Expr() : c.freshBool("header_init");
    x.iters.push_back(std::move(f));
  }
}

unsigned ForInduction::ownSlot(const std::vector<unsigned> &loop, size_t j,
                               bool stack) const {
  size_t m = 0, memrefs = 0;
  for (size_t i = 0; i < init.iters.size(); ++i)
    if (init.iters[i].kind == SymValue::Kind::MemRef) {
      m += i < j;
      ++memrefs;
    }
  return loop[stack ? memrefs + m : m];
}

/// What one iteration from H to P changes beyond the header: the outer
/// slots whose flags or contents it writes and the outer slots an iter_arg
/// may view. Whether the header grew; nullopt where an iter_arg's view is
/// one the header cannot state (retyped, shifted by bytes).
std::optional<bool> ForInduction::growHeader(const Header &H, const Header &P) {
  bool grew = false;
  for (unsigned o = 0; o < nOuter; ++o) {
    if (!h.allocOf(P.st, o).same(h.allocOf(H.st, o)) ||
        !h.freedOf(P.st, o).same(h.freedOf(H.st, o)))
      grew |= wFlags.insert(o).second;
    Contents none;
    const Contents &a = o < P.st.mem.size() ? P.st.mem[o] : none;
    const Contents &b = o < H.st.mem.size() ? H.st.mem[o] : none;
    if (!a.sameTerms(b))
      grew |= wMem.insert(o).second;
  }
  for (auto [j, y] : llvm::enumerate(P.iters)) {
    if (y.kind != SymValue::Kind::MemRef)
      continue;
    if (y.view.retyped || !y.view.byteShift.isNull())
      return std::nullopt;
    for (unsigned s : y.view.cands)
      if (s < nOuter) {
        grew |= outer.insert(s).second;
        if (separate)
          grew |= outerOf[j].insert(s).second;
      }
  }
  return grew;
}

void ForInduction::prune(Header &X) {
  // The candidates some run reaches after the loop, for all memref results
  // at once: each model of "some candidate not yet seen" shows at least
  // one candidate per result (one run: usually one of every result), and
  // when no run reaches any of those left, they all go. The 150 memref
  // iter_args of one loop took about 300 such queries one result at a
  // time (75 % of the proof), a few together.
  // reached[j][k]: candidate k of result j; `open`: (j, k) not yet seen.
  // The loop's own summary slots are kept without a query: some run
  // iterates and yields a buffer of the loop unless the loop never runs or
  // never yields one, where a slot kept is merely a candidate no run takes
  // (a chain of loops drops it at the next loop, as a candidate of its
  // entry). Asking cost a query per loop of a chain of 4,000 loops.
  std::vector<std::vector<bool>> reached(X.iters.size());
  std::vector<std::pair<size_t, size_t>> open;
  for (auto [j, v] : llvm::enumerate(X.iters))
    if (v.kind == SymValue::Kind::MemRef && v.view.cands.size() >= 2) {
      reached[j].assign(v.view.cands.size(), false);
      for (size_t k = 0; k < v.view.cands.size(); ++k) {
        if (llvm::is_contained(X.loop, v.view.cands[k]))
          reached[j][k] = true;
        else
          open.push_back({j, k});
      }
    }
  while (!open.empty()) {
    std::vector<Expr> pts;
    for (auto [j, k] : open)
      pts.push_back(X.iters[j].view.pts[k]);
    smt::Result r = check(c.mkAnd(entry.guard, c.mkOr(pts)), Use::Keep, &pts);
    if (r == smt::Result::Unsat)
      break;
    std::vector<std::pair<size_t, size_t>> rest;
    for (size_t i = 0; i < open.size(); ++i) {
      auto [j, k] = open[i];
      if (r == smt::Result::Sat && truth[i])
        reached[j][k] = true;
      else
        rest.push_back(open[i]);
    }
    // Undecided, or a model that shows none: keep them all.
    if (rest.size() == open.size()) {
      for (auto [j, k] : rest)
        reached[j][k] = true;
      break;
    }
    open = std::move(rest);
  }
  for (auto [j, v] : llvm::enumerate(X.iters)) {
    if (v.kind != SymValue::Kind::MemRef || v.view.cands.size() < 2)
      continue;
    View &w = v.view;
    View kept = w;
    kept.cands.clear();
    kept.pts.clear();
    kept.id = Expr();
    for (auto [k, s] : llvm::enumerate(w.cands)) {
      if (!reached[j][k])
        continue;
      kept.cands.push_back(s);
      kept.pts.push_back(w.pts[k]);
    }
    if (kept.cands.empty() || kept.cands.size() == w.cands.size())
      continue;
    kept.addr = h.slot(kept.cands.back()).addr;
    for (size_t k = kept.cands.size() - 1; k-- > 0;)
      kept.addr = c.mkIte(kept.pts[k], h.slot(kept.cands[k]).addr, kept.addr);
    w = std::move(kept);
  }
}
