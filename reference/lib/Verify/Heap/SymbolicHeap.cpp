//===- SymbolicHeap.cpp - Symbolic buffers, views and heap states ---------===//
//
// docs/verifier-design.md [verify.encoding], [verify.encoding.addr]; the heap
// rules mirror dealloc-run's (spec/safety.md).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/SymbolicHeap.h"
#include "Encoder/SymbolicArith.h"
#include "dealloc/Support/SolverPolicy.h"

#include <algorithm>

using namespace dealloc;
using namespace dealloc::verify;
using smt::Context;

SymbolicHeap::SymbolicHeap(Context &ctx, bool reuseAddresses)
    : ctx(ctx), reuseAddresses(reuseAddresses) {}

Expr SymbolicHeap::addrInverse(Expr addr) {
  return ctx.mkUF("addr_owner", {addr}, kIdWidth);
}

unsigned SymbolicHeap::newSlot(SlotKind kind, mlir::Location loc,
                               std::string origin, State *st) {
  unsigned s = slotTable.size();
  Expr id = ctx.bvVal(kIdWidth, s);
  // [verify.encoding.addr]: addresses are symbolic. A slot's own address is
  // an injective function of its identity (addr_owner inverts it), so
  // addresses of distinct buffers differ; in address-reuse mode a heap
  // allocation may instead take the address of a freed heap buffer whose
  // address no live buffer uses (this over-approximates dealloc-run's LIFO
  // choice; counterexamples are replayed).
  Expr own = ctx.mkUF("addr_of", {id}, kIndexWidth);
  addrConstraintList.push_back(ctx.mkEq(addrInverse(own), id));
  addrConstraintList.push_back(ctx.mkNe(own, ctx.bvVal(kIndexWidth, 0)));
  Expr addr = own;
  if (reuseAddresses && kind == SlotKind::Heap && st) {
    addr = ctx.freshBV("addr_" + std::to_string(s), kIndexWidth);
    std::vector<Expr> choices{ctx.mkEq(addr, own)};
    std::vector<Expr> notInUse;
    for (unsigned t = 0; t < s; ++t) {
      const Slot &o = slotTable[t];
      Expr alive = o.kind == SlotKind::Heap
                       ? ctx.mkAnd(allocOf(*st, t), ctx.mkNot(freedOf(*st, t)))
                       : ctx.boolVal(true);
      notInUse.push_back(ctx.mkImplies(alive, ctx.mkNe(addr, o.addr)));
      if (o.kind == SlotKind::Heap)
        choices.push_back(ctx.mkAnd(freedOf(*st, t), ctx.mkEq(addr, o.addr)));
    }
    addrConstraintList.push_back(ctx.mkImplies(
        st->guard, ctx.mkAnd(ctx.mkOr(choices), ctx.mkAnd(notInUse))));
  }
  slotTable.push_back(Slot{kind, loc, std::move(origin), id, addr, -1, Expr()});
  if (st && kind != SlotKind::Arg && kind != SlotKind::Global) {
    st->alloc.resize(s + 1, ctx.boolVal(false));
    st->freed.resize(s + 1, ctx.boolVal(false));
    st->alloc[s] = ctx.boolVal(true);
  }
  return s;
}

std::vector<Expr> SymbolicHeap::constraintsForSafety() const {
  if (!addressesUsed)
    return constraintList;
  std::vector<unsigned> addrIds;
  for (const Slot &s : slotTable)
    addrIds.push_back(s.addr.termId());
  llvm::sort(addrIds);
  std::vector<Expr> roots = constraintList;
  for (const Violation &v : violationList)
    roots.insert(roots.end(), {v.cond, v.reach});
  for (const Stop &s : stopList)
    roots.push_back(s.cond);
  for (const SymEvent &e : eventList)
    roots.push_back(e.cond);
  for (const Lemma &l : lemmaList)
    l.parts(roots);
  llvm::erase_if(roots, [](const Expr &e) { return e.isNull(); });
  if (ctx.mentionsAny(roots, addrIds))
    return constraintsToAssert();
  return constraintList;
}

View SymbolicHeap::wholeView(unsigned s, const std::vector<Expr> &sizes) {
  View v;
  v.pts = {ctx.boolVal(true)};
  v.addr = slotTable[s].addr;
  v.offset = ctx.bvVal(kIndexWidth, 0);
  v.sizes = sizes;
  SymbolicArith d(*this);
  view::Ints<SymbolicArith> strides = view::rowMajor(d, sizes);
  v.strides.assign(strides.begin(), strides.end());
  v.cands = {s};
  return v;
}

Expr SymbolicHeap::denotes(const View &v, unsigned s) {
  auto it = std::lower_bound(v.cands.begin(), v.cands.end(), s);
  if (it == v.cands.end() || *it != s)
    return ctx.boolVal(false);
  return v.pts[it - v.cands.begin()];
}

Expr SymbolicHeap::idOf(const View &v) {
  if (!v.id.isNull())
    return v.id;
  if (v.cands.empty())
    return ctx.bvVal(kIdWidth, 0);
  Expr r = slotTable[v.cands.back()].idConst;
  for (size_t i = v.cands.size() - 1; i-- > 0;)
    r = ctx.mkIte(v.pts[i], slotTable[v.cands[i]].idConst, r);
  return r;
}

std::vector<size_t> SymbolicHeap::candidatesUnder(const View &v, Expr cond) {
  std::vector<size_t> out;
  std::optional<std::vector<uint64_t>> values;
  if (!v.id.isNull())
    values = ctx.valuesUnder(cond, v.id, SolverPolicy::impliedLiterals);
  if (!values) {
    for (size_t i = 0; i < v.cands.size(); ++i)
      out.push_back(i);
    return out;
  }
  llvm::sort(*values);
  for (uint64_t s : *values) {
    auto it = std::lower_bound(v.cands.begin(), v.cands.end(), s);
    if (it != v.cands.end() && *it == s)
      out.push_back(it - v.cands.begin());
  }
  return out;
}

Expr SymbolicHeap::sameBuffer(const View &a, const View &b) {
  // Identities are candidates of their views: equal iff both view one.
  if (!a.id.isNull() && !b.id.isNull())
    return ctx.mkEq(a.id, b.id);
  std::vector<Expr> alts;
  size_t i = 0, j = 0;
  while (i < a.cands.size() && j < b.cands.size()) {
    if (a.cands[i] < b.cands[j]) {
      ++i;
    } else if (b.cands[j] < a.cands[i]) {
      ++j;
    } else {
      alts.push_back(ctx.mkAnd(a.pts[i], b.pts[j]));
      ++i, ++j;
    }
  }
  return ctx.mkOr(alts);
}

Expr SymbolicHeap::isLiveHeap(const State &st, const View &v) {
  std::vector<Expr> alts;
  for (unsigned s : v.cands)
    if (slotTable[s].kind == SlotKind::Heap)
      alts.push_back(ctx.mkAnd(
          {denotes(v, s), allocOf(st, s), ctx.mkNot(freedOf(st, s))}));
  return ctx.mkOr(alts);
}

void SymbolicHeap::violate(State &st, Verdict kind, Expr bad,
                           mlir::Location loc, std::string message, int slot) {
  Expr cond = ctx.mkAnd(st.guard, bad);
  if (cond.isFalse())
    return;
  violationList.push_back(Violation{kind, cond, ctx.mkAnd(st.path, bad), loc,
                                    std::move(message), slot});
  st.guard = ctx.mkAnd(st.guard, ctx.mkNot(bad));
}

void SymbolicHeap::stop(State &st, Expr c, mlir::Location loc, StopKind kind,
                        std::string reason, unsigned bound) {
  Expr cond = ctx.mkAnd(st.guard, c);
  if (cond.isFalse())
    return;
  stopList.push_back(
      Stop{cond, loc, kind, std::move(reason), bound != 0, bound});
  narrow(st, ctx.mkNot(c));
}

void SymbolicHeap::narrow(State &st, Expr c) {
  st.guard = ctx.mkAnd(st.guard, c);
  st.path = ctx.mkAnd(st.path, c);
}

void SymbolicHeap::kill(State &st) {
  st.guard = ctx.boolVal(false);
  st.path = ctx.boolVal(false);
}

void SymbolicHeap::event(const State &st, Expr c, mlir::Location loc,
                         std::string text, int slot) {
  Expr cond = ctx.mkAnd(st.guard, c);
  if (!cond.isFalse())
    eventList.push_back(SymEvent{cond, loc, std::move(text), slot});
}

void SymbolicHeap::free(State &st, const View &v, Expr cond, mlir::Location loc,
                        const std::vector<View> &borrowed) {
  // The first failing check ends the run; check order follows dealloc-run:
  // double free, invalid free (non-heap, then borrowed by a public call).
  // [verify.encoding.prune]: a candidate the path excludes is not freed
  // on it (every term of the state is read under the path); with an
  // identity term, those its values under the path rule out are not even
  // looked at.
  for (size_t i : candidatesUnder(v, ctx.mkAnd(st.path, cond))) {
    unsigned s = v.cands[i];
    Expr is = ctx.mkAnd(cond, v.pts[i]);
    if (is.isFalse() || ctx.excludes(st.path, is))
      continue;
    const Slot &slot = slotTable[s];
    if (slot.kind == SlotKind::Arg) {
      // [heap.free.invalid] defers to the ABI here, as dealloc-run does.
      violate(st, Verdict::InvalidFree, is, loc,
              "free of the buffer of " + slot.origin +
                  ", which the caller owns ([abi.args.not_owned])",
              s);
      continue;
    }
    if (slot.kind != SlotKind::Heap) {
      violate(st, Verdict::InvalidFree, is, loc,
              "free of a buffer that is not a heap buffer (" + slot.origin +
                  ") ([heap.free.invalid])",
              s);
      continue;
    }
    violate(st, Verdict::DoubleFree, ctx.mkAnd(is, freedOf(st, s)), loc,
            "buffer freed twice ([heap.free.twice])", s);
    std::vector<Expr> lent;
    for (const View &b : borrowed)
      lent.push_back(denotes(b, s));
    violate(st, Verdict::InvalidFree, ctx.mkAnd(is, ctx.mkOr(lent)), loc,
            "callee frees a buffer borrowed by a public call "
            "([abi.args.not_owned])",
            s);
    event(st, is, loc, "free", s);
    if (s >= st.freed.size())
      st.freed.resize(s + 1, ctx.boolVal(false));
    st.freed[s] = ctx.mkOr(st.freed[s], is);
    if ((slot.site >= 0 || !slot.siteVar.isNull()) && !st.epoch.isNull()) {
      if (s >= st.freedAt.size())
        st.freedAt.resize(s + 1, ctx.bvVal(kIndexWidth, 0));
      st.freedAt[s] = ctx.mkIte(is, st.epoch, st.freedAt[s]);
    }
  }
}

void SymbolicHeap::use(State &st, const View &v, mlir::Location loc,
                       llvm::StringRef what) {
  for (unsigned s : v.cands) {
    if (slotTable[s].kind == SlotKind::Arg ||
        slotTable[s].kind == SlotKind::Global)
      continue;
    violate(st, Verdict::UseAfterFree, ctx.mkAnd(denotes(v, s), freedOf(st, s)),
            loc, (what + " of a freed buffer ([heap.use])").str(), s);
  }
}

Expr SymbolicHeap::name(Expr def, const std::string &n) {
  if (def.isFalse() || def.isTrue())
    return def;
  Expr v = ctx.freshBool(n);
  ctx.define(v, def);
  definitionIndex[v.termId()] = constraintList.size();
  definitionOrder.push_back(v.termId());
  constraintList.push_back(ctx.mkEq(v, def));
  return v;
}

Expr SymbolicHeap::nameBV(Expr def, const std::string &n) {
  if (def.bvLiteral())
    return def;
  Expr v = ctx.freshBV(n, def.bvWidth());
  ctx.define(v, def);
  definitionIndex[v.termId()] = constraintList.size();
  definitionOrder.push_back(v.termId());
  constraintList.push_back(ctx.mkEq(v, def));
  return v;
}

HeapMark SymbolicHeap::mark() const {
  return {constraintList.size(),    violationList.size(), stopList.size(),
          eventList.size(),         lemmaList.size(),     slotTable.size(),
          addrConstraintList.size()};
}

/// Cuts `v` back to its first `n` entries.
template <typename T> static void cutTo(std::vector<T> &v, size_t n) {
  v.erase(v.begin() + n, v.end());
}

void SymbolicHeap::rollback(const HeapMark &m) {
  if (constraintList.size() > m.constraints) {
    while (!definitionOrder.empty() &&
           definitionIndex.lookup(definitionOrder.back()) >= m.constraints) {
      definitionIndex.erase(definitionOrder.back());
      definitionOrder.pop_back();
    }
    constraintList.resize(m.constraints);
  }
  cutTo(violationList, m.violations);
  cutTo(stopList, m.stops);
  cutTo(eventList, m.events);
  cutTo(lemmaList, m.lemmas);
  cutTo(slotTable, m.slots);
  addrConstraintList.resize(m.addrConstraints);
}

void SymbolicHeap::buildLemmas(
    llvm::function_ref<void(Lemma &, const Lemma::Pending &)> build) {
  for (Lemma &lemma : lemmaList) {
    if (!lemma.pending)
      continue;
    std::shared_ptr<Lemma::Pending> held = std::move(lemma.pending);
    build(lemma, *held);
  }
}

Expr SymbolicHeap::mergeExprs(const std::vector<Expr> &guards,
                              const std::vector<Expr> &vals) {
  bool allSame = true;
  for (const Expr &e : vals)
    allSame &= e.same(vals[0]);
  if (allSame)
    return vals[0];
  // The first value alone may be true, under the first guard: the merge is
  // ite(guards[0], vals[0], false), which is vals[0] itself where vals[0] is
  // false outside a guard that implies guards[0] (its gate). Exact, whatever
  // the other guards: a buffer allocated in the "then" region of an scf.if
  // nest keeps its flags through every enclosing join instead of getting a
  // definition per level (O(D^2) definitions for a D-deep nest).
  bool firstOnly = vals[0].isBool() && !vals[0].isFalse();
  for (size_t i = 1; i < vals.size() && firstOnly; ++i)
    firstOnly = vals[i].isFalse();
  if (firstOnly) {
    auto it = gates.find(vals[0].termId());
    if (it != gates.end() && ctx.hasConjunct(it->second, guards[0])) {
      it->second = guards[0];
      return vals[0];
    }
  }
  Expr r = vals.back();
  for (size_t i = vals.size() - 1; i-- > 0;)
    r = ctx.mkIte(guards[i], vals[i], r);
  // Merged Booleans (allocated/freed flags, identity flags, i1 values) are
  // named ([verify.queries.local]).
  if (r.isBool())
    r = name(r, "m");
  if (firstOnly)
    gates[r.termId()] = guards[0];
  return r;
}

State SymbolicHeap::merge(const std::vector<const State *> &states,
                          llvm::StringRef name) {
  if (states.size() == 1)
    return *states[0];
  std::vector<Expr> guards, paths;
  for (const State *s : states) {
    guards.push_back(s->guard);
    paths.push_back(s->path);
  }
  State r;
  r.guard = this->name(ctx.mkOr(guards), name.str());
  r.path = joinPathHint.isNull()
               ? this->name(ctx.mkOr(paths), name.str() + "_path")
               : joinPathHint;
  joinPathHint = Expr();
  // Values are selected by the (mutually exclusive) paths.
  guards = paths;
  size_t n = 0, sites = 0;
  for (const State *s : states) {
    n = std::max(n, s->alloc.size());
    sites = std::max(sites, s->siteCount.size());
  }
  std::vector<Expr> vals(states.size());
  // A flag no branch changed is one handle in every state, and merges to
  // itself (mergeExprs): taken without building the merge's operands.
  // `flags` and `of` are lambdas, not member pointers: each use is its own
  // instantiation, inlined.
  auto unchanged = [&](auto flags, size_t i) {
    const std::vector<Expr> &first = flags(*states[0]);
    if (i >= first.size())
      return false;
    for (size_t k = 1; k < states.size(); ++k) {
      const std::vector<Expr> &other = flags(*states[k]);
      if (i >= other.size() || !other[i].same(first[i]))
        return false;
    }
    return true;
  };
  // Slot i's flag in `flags` as read by `of` (allocOf reads an argument's
  // or a global's flag as true, whatever the entry holds).
  auto mergeFlag = [&](auto flags, auto of, std::vector<Expr> &out, size_t i) {
    if (unchanged(flags, i)) {
      out.push_back(flags(*states[0])[i]);
      return;
    }
    for (size_t k = 0; k < states.size(); ++k)
      vals[k] = of(*states[k], i);
    out.push_back(mergeExprs(guards, vals));
  };
  auto allocs = [](const State &s) -> const std::vector<Expr> & {
    return s.alloc;
  };
  auto frees = [](const State &s) -> const std::vector<Expr> & {
    return s.freed;
  };
  auto allocFlag = [&](const State &s, size_t i) { return allocOf(s, i); };
  auto freedFlag = [&](const State &s, size_t i) { return freedOf(s, i); };
  r.alloc.reserve(n);
  r.freed.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    mergeFlag(allocs, allocFlag, r.alloc, i);
    mergeFlag(frees, freedFlag, r.freed, i);
  }
  size_t nMem = 0;
  for (const State *s : states)
    nMem = std::max(nMem, s->mem.size());
  r.mem.reserve(nMem);
  for (size_t i = 0; i < nMem; ++i)
    r.mem.push_back(mergeContents(guards, states, i));
  size_t nAt = 0;
  for (const State *s : states)
    nAt = std::max(nAt, s->freedAt.size());
  for (size_t i = 0; i < nAt; ++i) {
    for (size_t k = 0; k < states.size(); ++k)
      vals[k] = i < states[k]->freedAt.size() ? states[k]->freedAt[i]
                                              : ctx.bvVal(kIndexWidth, 0);
    r.freedAt.push_back(mergeExprs(guards, vals));
  }
  if (!states[0]->epoch.isNull()) {
    for (size_t k = 0; k < states.size(); ++k)
      vals[k] = states[k]->epoch;
    r.epoch = mergeExprs(guards, vals);
  }
  for (size_t i = 0; i < sites; ++i) {
    for (size_t k = 0; k < states.size(); ++k)
      vals[k] = i < states[k]->siteCount.size() ? states[k]->siteCount[i]
                                                : ctx.bvVal(kIndexWidth, 0);
    r.siteCount.push_back(mergeExprs(guards, vals));
  }
  return r;
}

SymValue SymbolicHeap::mergeValues(const std::vector<Expr> &guards,
                                   const std::vector<const SymValue *> &vals) {
  SymValue r = *vals[0];
  if (vals.size() == 1)
    return r;
  std::vector<Expr> es(vals.size());
  auto field = [&](auto get) {
    for (size_t k = 0; k < vals.size(); ++k)
      es[k] = get(*vals[k]);
    return mergeExprs(guards, es);
  };
  if (r.kind != SymValue::Kind::MemRef) {
    r.e = field([](const SymValue &v) { return v.e; });
    r.init = mergeInits(guards, vals); // [op.uninit.flow]
    return r;
  }
  View &m = r.view;
  m.addr = field([](const SymValue &v) { return v.view.addr; });
  m.offset = field([](const SymValue &v) { return v.view.offset; });
  for (size_t d = 0; d < m.sizes.size(); ++d) {
    m.sizes[d] = field([&](const SymValue &v) { return v.view.sizes[d]; });
    m.strides[d] = field([&](const SymValue &v) { return v.view.strides[d]; });
  }
  std::vector<unsigned> all;
  for (const SymValue *v : vals) {
    std::vector<unsigned> u;
    std::set_union(all.begin(), all.end(), v->view.cands.begin(),
                   v->view.cands.end(), std::back_inserter(u));
    all = std::move(u);
    m.retyped |= v->view.retyped;
  }
  bool shifted = false;
  for (const SymValue *v : vals)
    shifted |= !v->view.byteShift.isNull();
  if (shifted)
    m.byteShift = field([&](const SymValue &v) {
      return v.view.byteShift.isNull() ? ctx.bvVal(kIndexWidth, 0)
                                       : v.view.byteShift;
    });
  m.cands = all;
  m.pts.clear();
  m.id = Expr();
  // [verify.encoding.ids]: with many candidates, one named identity (the
  // merge of the incoming identities) and its equalities as the flags,
  // instead of a named merge per candidate. Every incoming identity is one
  // of its view's candidates, so the merged one is one of `all`.
  bool byId = all.size() > SolverPolicy::idViewCands &&
              llvm::all_of(vals, [](const SymValue *v) {
                return !v->view.cands.empty();
              });
  if (byId) {
    m.id = field([&](const SymValue &v) { return idOf(v.view); });
    if (!m.id.bvLiteral() && llvm::none_of(vals, [&](const SymValue *v) {
          return !v->view.id.isNull() && v->view.id.same(m.id);
        })) {
      m.id = nameBV(m.id, "id");
      ++numIdentityTerms;
    }
    for (unsigned s : all)
      m.pts.push_back(ctx.mkEq(m.id, slotTable[s].idConst));
    return r;
  }
  for (unsigned s : all)
    m.pts.push_back(
        field([&](const SymValue &v) { return denotes(v.view, s); }));
  return r;
}
