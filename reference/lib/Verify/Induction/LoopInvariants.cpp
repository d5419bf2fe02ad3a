//===- LoopInvariants.cpp - Candidate invariants of loop headers ----------===//
//
// docs/verifier-proofs.md [verify.induction]: the candidate invariants of an
// abstract loop header (Verify/Induction/LoopInduction.cpp proves them
// Houdini-style). Each is a formula over a header (state, iter_args, the slots
// that stand for buffers of the loop), so it can be asked at the loop's entry,
// at the abstract header and after one iteration alike.
//
//===----------------------------------------------------------------------===//

#include "Encoder/Initialized.h"
#include "Induction/LoopInductionImpl.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using namespace dealloc::verify::induction;
using Cmp = smt::Context::Cmp;

Expr ForInduction::viewsLoop(const Header &x, size_t j, bool heapOnly) {
  // Over the view's candidates, not the loop's slots: a loop with hundreds
  // of memref iter_args has hundreds of slots, and pairs of iter_args ask
  // this of both (x.loop is ascending: summary slots, then the body's).
  const View &v = x.iters[j].view;
  bool sorted = llvm::is_sorted(x.loop);
  std::vector<Expr> any;
  for (auto [s, pt] : llvm::zip(v.cands, v.pts))
    if ((!heapOnly || h.slot(s).kind == SlotKind::Heap) &&
        (sorted ? std::binary_search(x.loop.begin(), x.loop.end(), s)
                : llvm::is_contained(x.loop, s)))
      any.push_back(pt);
  return c.mkOr(any);
}

Expr ForInduction::allInitialized(const State &a, unsigned s) {
  if (s >= a.mem.size())
    return Expr();
  const Contents &x = a.mem[s];
  if (x.allInit())
    return c.boolVal(true);
  if (x.explicitMode())
    return c.mkAnd(std::vector<Expr>(x.initElems.begin(), x.initElems.end()));
  return c.mkEq(x.initArray, c.mkConstArray(kIndexWidth, c.bvVal(1, 1)));
}

Expr ForInduction::contentsEqual(const State &a, const State &b, unsigned s) {
  Contents none;
  const Contents &x = s < a.mem.size() ? a.mem[s] : none;
  const Contents &y = s < b.mem.size() ? b.mem[s] : none;
  bool emptyX = x.elems.empty() && x.array.isNull();
  bool emptyY = y.elems.empty() && y.array.isNull();
  // Contents in different forms (one side not created yet, say) are not
  // compared: null, which is neither assumed nor proved (eval). A literal
  // false here said "the contents differ" of a header whose contents were
  // merely created differently, so "not ran -> as at the entry" turned into
  // "ran", and a loop that never runs made every constraint false.
  if (emptyX && emptyY)
    return c.boolVal(true);
  if (emptyX || emptyY || x.explicitMode() != y.explicitMode() ||
      x.elems.size() != y.elems.size())
    return Expr();
  std::vector<Expr> eq;
  if (x.explicitMode()) {
    for (size_t e = 0; e < x.elems.size(); ++e) {
      eq.push_back(c.mkEq(x.elems[e], y.elems[e]));
      Expr ix = x.allInit() ? c.boolVal(true) : x.initElems[e];
      Expr iy = y.allInit() ? c.boolVal(true) : y.initElems[e];
      eq.push_back(c.mkEq(ix, iy));
    }
    return c.mkAnd(eq);
  }
  Expr one = c.mkConstArray(kIndexWidth, c.bvVal(1, 1));
  eq.push_back(c.mkEq(x.array, y.array));
  eq.push_back(
      c.mkEq(x.allInit() ? one : x.initArray, y.allInit() ? one : y.initArray));
  return c.mkAnd(eq);
}

void ForInduction::guessLoopBytes() {
  // Every buffer an iteration allocates comes from an op of the loop; where
  // each `memref.alloc` among them allocates the same static number of
  // bytes, the summary slots likely have that size ("loopbytes", checked
  // as every candidate is: a clone, a call or a nested loop's buffer of
  // another size drops it). A fresh 64-bit size per summary slot, bounded
  // by "inside", had the one-shot solver decide its bits: most of the
  // final query after upstream's chain of 4,000 loops (9-11 s -> 2 s).
  std::optional<int64_t> bytes;
  bool one = true;
  op->walk([&](memref::AllocOp a) {
    MemRefType t = a.getType();
    unsigned eb = elementBytes(t.getElementType());
    if (!t.hasStaticShape() || !t.getLayout().isIdentity() || eb == 0 ||
        t.getNumElements() > INT64_MAX / int64_t(eb)) {
      one = false;
      return;
    }
    int64_t n = t.getNumElements() * int64_t(eb);
    one &= !bytes || *bytes == n;
    bytes = n;
  });
  loopBytes = one && bytes ? c.bvVal(kIndexWidth, *bytes) : Expr();
}

void ForInduction::addCandidate(std::string key, bool required,
                                std::function<Expr(const Header &)> f) {
  if (!dropped.count(key))
    cands.push_back(Candidate{std::move(key), required, std::move(f)});
}

/// The candidates about the loop and its iter_args as a whole: what the
/// iter_args view, the induction variable, the values before the first
/// iteration.
void ForInduction::addIterArgCandidates(const std::vector<size_t> &mems) {
  // Required: the iter_args view the header's slots; every live buffer of
  // the loop is viewed by an iter_arg (a summary slot stands for it).
  for (size_t j : mems)
    addCandidate(
        "target" + std::to_string(j), true, [this, j](const Header &x) {
          std::vector<Expr> any;
          const View &v = x.iters[j].view;
          const std::set<unsigned> &from = separate ? outerOf[j] : outer;
          for (auto [k, s] : llvm::enumerate(v.cands))
            if (from.count(s) || llvm::is_contained(x.loop, s))
              any.push_back(v.pts[k]);
          return c.mkOr(any);
        });
  addCandidate("reach", true, [this, mems](const Header &x) {
    std::vector<Expr> each;
    for (unsigned l : x.loop) {
      // Stack buffers of earlier iterations live on unviewed until their
      // scope ends: no leak.
      if (h.slot(l).kind == SlotKind::Stack)
        continue;
      std::vector<Expr> seen;
      for (size_t j : mems)
        seen.push_back(h.denotes(x.iters[j].view, l));
      each.push_back(
          c.mkImplies(c.mkAnd(h.allocOf(x.st, l), c.mkNot(h.freedOf(x.st, l))),
                      c.mkOr(seen)));
    }
    return c.mkAnd(each);
  });
  // With stack summary slots: every allocated buffer of the loop of one
  // kind is freed ("noheap": a loop that allocates only on the stack has
  // no live heap buffer of its own, else the heap summary slots an
  // iter_arg may view would have to be viewed once live), or none is
  // ("stacklive": stack buffers of earlier iterations are released where
  // their scope ends, never inside the loop when the alloca is not in a
  // scope of its own there; canonicalize inlines such scopes).
  auto allFreed = [this](SlotKind kind, bool freed) {
    return [this, kind, freed](const Header &x) {
      std::vector<Expr> each;
      for (unsigned l : x.loop)
        if (h.slot(l).kind == kind) {
          Expr f = h.freedOf(x.st, l);
          each.push_back(
              c.mkImplies(h.allocOf(x.st, l), freed ? f : c.mkNot(f)));
        }
      return c.mkAnd(each);
    };
  };
  if (stackSummaries) {
    addCandidate("noheap", false, allFreed(SlotKind::Heap, true));
    addCandidate("stacklive", false, allFreed(SlotKind::Stack, false));
  }
  if (!loopBytes.isNull())
    addCandidate("loopbytes", false, [this](const Header &x) {
      std::vector<Expr> eq;
      for (unsigned l : x.loop) {
        if (h.slot(l).kind == SlotKind::Stack)
          continue;
        const Expr &b = h.slot(l).bytes;
        if (b.isNull())
          return Expr();
        eq.push_back(c.mkEq(b, loopBytes));
      }
      return c.mkAnd(eq);
    });
  if (counted) {
    // Before the first iteration the induction variable is the lower
    // bound; after one, the loop was entered (so it is below the bound).
    addCandidate("first", false, [this](const Header &x) {
      return c.mkImplies(c.mkNot(x.ran), c.mkEq(x.iv, init.iv));
    });
    addCandidate("entered", false, [this](const Header &x) {
      return c.mkImplies(x.ran, c.mkCmp(lt, lb, ub));
    });
  }
  // A memref iter_arg views a buffer of the loop once an iteration ran;
  // before the first, every iter_arg is its initial value.
  for (size_t j : mems)
    addCandidate(
        "fresh" + std::to_string(j), false,
        [this, j](const Header &x) { return c.mkEq(viewsLoop(x, j), x.ran); });
  for (auto [j, v] : llvm::enumerate(init.iters))
    addCandidate("firstval" + std::to_string(j), false,
                 [this, j = j](const Header &x) {
                   const SymValue &a = x.iters[j], &b = init.iters[j];
                   Expr same = a.kind == SymValue::Kind::MemRef
                                   ? h.sameBuffer(a.view, b.view)
                                   : c.mkEq(a.e, b.e);
                   return c.mkImplies(c.mkNot(x.ran), same);
                 });
  if (counted)
    addCandidate("iv", false, [this](const Header &x) {
      bool u = forOp && forOp.getUnsignedCmp();
      return c.mkCmp(u ? Cmp::Ule : Cmp::Sle, init.iv, x.iv);
    });
}

/// The candidates about i1 (`flags`) and other scalar iter_args.
void ForInduction::addScalarCandidates(const std::vector<size_t> &flags,
                                       const std::vector<size_t> &scalars) {
  for (size_t k : flags) {
    addCandidate("true" + std::to_string(k), false,
                 [k](const Header &x) { return x.iters[k].e; });
    addCandidate("false" + std::to_string(k), false,
                 [this, k](const Header &x) { return c.mkNot(x.iters[k].e); });
  }
  for (size_t k : flags)
    addCandidate("init" + std::to_string(k), false, [this, k](const Header &x) {
      return x.iters[k].init.isNull() ? c.boolVal(true) : x.iters[k].init;
    });
  for (size_t k : scalars) {
    addCandidate("init" + std::to_string(k), false, [this, k](const Header &x) {
      return x.iters[k].init.isNull() ? c.boolVal(true) : x.iters[k].init;
    });
    addCandidate("same" + std::to_string(k), false, [this, k](const Header &x) {
      return c.mkEq(x.iters[k].e, init.iters[k].e);
    });
  }
}

/// The candidates about memref iter_arg j: liveness, ownership by each flag,
/// aliasing with the others, its descriptor.
void ForInduction::addMemRefCandidates(size_t j,
                                       const std::vector<size_t> &mems,
                                       const std::vector<size_t> &flags) {
  auto t = cast<MemRefType>(iterTypes[j]);
  std::string J = std::to_string(j);
  addCandidate("live" + J, false, [this, j](const Header &x) {
    const View &v = x.iters[j].view;
    std::vector<Expr> each;
    for (auto [k, s] : llvm::enumerate(v.cands))
      each.push_back(c.mkImplies(
          v.pts[k], c.mkAnd(h.allocOf(x.st, s), c.mkNot(h.freedOf(x.st, s)))));
    return c.mkAnd(each);
  });
  for (size_t k : flags) {
    std::string K = std::to_string(k);
    addCandidate("owned" + K + "/" + J, false, [this, j, k](const Header &x) {
      return c.mkImplies(x.iters[k].e, h.isLiveHeap(x.st, x.iters[j].view));
    });
    addCandidate("loopowned" + J + "/" + K, false,
                 [this, j, k](const Header &x) {
                   return c.mkImplies(viewsLoop(x, j), x.iters[k].e);
                 });
    addCandidate("ownedloop" + K + "/" + J, false,
                 [this, j, k](const Header &x) {
                   return c.mkImplies(x.iters[k].e, viewsLoop(x, j));
                 });
    // A loop that allocates on the heap and on the stack owns only the
    // heap buffers it carries.
    if (stackSummaries)
      addCandidate("heapowned" + J + "/" + K, false,
                   [this, j, k](const Header &x) {
                     return c.mkImplies(viewsLoop(x, j, /*heapOnly=*/true),
                                        x.iters[k].e);
                   });
  }
  for (size_t l : mems) {
    if (l <= j)
      continue;
    std::string L = std::to_string(l);
    // With own summary slots, two iter_args whose entry buffers are
    // disjoint never view one buffer of a header: "distinct" follows
    // from the required "loopdistinct" and "alias" is false. Not asked:
    // a loop with N memref iter_args has N^2/2 such pairs.
    bool disjoint = separate && llvm::none_of(outerOf[j], [&](unsigned o) {
                      return outerOf[l].count(o) > 0;
                    });
    if (!disjoint) {
      addCandidate(
          "distinct" + J + "/" + L, false, [this, j, l](const Header &x) {
            return c.mkNot(h.sameBuffer(x.iters[j].view, x.iters[l].view));
          });
      addCandidate("alias" + J + "/" + L, false, [this, j, l](const Header &x) {
        return h.sameBuffer(x.iters[j].view, x.iters[l].view);
      });
    }
    // With a summary slot per iter_arg, two iter_args never view one
    // buffer of the loop.
    addCandidate("loopdistinct" + J + "/" + L, separate,
                 [this, j, l](const Header &x) {
                   // Usually no common candidate: true, without building the
                   // rest.
                   Expr same = h.sameBuffer(x.iters[j].view, x.iters[l].view);
                   if (same.isFalse())
                     return c.boolVal(true);
                   return c.mkImplies(c.mkAnd(viewsLoop(x, j), viewsLoop(x, l)),
                                      c.mkNot(same));
                 });
  }
  // The descriptor: as at the entry, or the type's layout of its sizes.
  addCandidate("offset" + J, false, [this, j](const Header &x) {
    return c.mkEq(x.iters[j].view.offset, init.iters[j].view.offset);
  });
  addCandidate("layout" + J, false, [this, j, t](const Header &x) {
    const View &v = x.iters[j].view;
    // A value of no buffer (every run stopped before the yield, e.g. at
    // an invalid free): nothing to state.
    if (v.cands.empty())
      return Expr();
    View f = ::dealloc::verify::freshView(E, v.cands.front(), t, v.sizes);
    std::vector<Expr> eq{c.mkEq(v.offset, f.offset)};
    for (auto [a, b] : llvm::zip(v.strides, f.strides))
      eq.push_back(c.mkEq(a, b));
    return c.mkAnd(eq);
  });
  for (int64_t d = 0; d < t.getRank(); ++d) {
    std::string D = J + "/" + std::to_string(d);
    addCandidate("size" + D, false, [this, j, d](const Header &x) {
      return c.mkEq(x.iters[j].view.sizes[d], init.iters[j].view.sizes[d]);
    });
    addCandidate("stride" + D, false, [this, j, d](const Header &x) {
      return c.mkEq(x.iters[j].view.strides[d], init.iters[j].view.strides[d]);
    });
  }
  unsigned eb = elementBytes(t.getElementType());
  addCandidate("inside" + J, false, [this, j, eb](const Header &x) {
    return c.mkNot(someElementOutside(E, x.iters[j].view, eb));
  });
}

/// The candidates about the enclosing code's slots the body changes.
void ForInduction::addOuterCandidates(const std::vector<size_t> &mems) {
  // Slots of the enclosing code the body changes: unchanged after all?
  for (unsigned o : wFlags) {
    std::string O = std::to_string(o);
    addCandidate("alloc" + O, false, [this, o](const Header &x) {
      return c.mkEq(h.allocOf(x.st, o), h.allocOf(entry, o));
    });
    addCandidate("freed" + O, false, [this, o](const Header &x) {
      return c.mkEq(h.freedOf(x.st, o), h.freedOf(entry, o));
    });
  }
  for (unsigned o : wMem)
    addCandidate(
        "contents" + std::to_string(o), false,
        [this, o](const Header &x) { return contentsEqual(x.st, entry, o); });
  // Contents every cell of which is initialized at the entry stay so (the
  // loop writes initialized values): else a header's cells may be
  // uninitialized, and a use of one after the loop undefined behaviour no
  // run reaches.
  for (unsigned o : wMem)
    if (o < entry.mem.size() && entry.mem[o].allInit() &&
        (!entry.mem[o].elems.empty() || !entry.mem[o].array.isNull()))
      addCandidate(
          "meminit" + std::to_string(o), false,
          [this, o](const Header &x) { return allInitialized(x.st, o); });
  // ... as at the entry before the first iteration, and not live any more
  // once one ran (the loop frees a buffer it was handed).
  for (unsigned o : wFlags) {
    std::string O = std::to_string(o);
    addCandidate("firstflags" + O, false, [this, o](const Header &x) {
      return c.mkImplies(
          c.mkNot(x.ran),
          c.mkAnd(c.mkEq(h.allocOf(x.st, o), h.allocOf(entry, o)),
                  c.mkEq(h.freedOf(x.st, o), h.freedOf(entry, o))));
    });
    // A changed heap buffer of the enclosing code, while live, is viewed
    // by an iter_arg (the loop frees the buffers it is handed).
    addCandidate("reachouter" + O, false, [this, o, mems](const Header &x) {
      std::vector<Expr> seen;
      for (size_t j : mems)
        seen.push_back(h.denotes(x.iters[j].view, o));
      return c.mkImplies(
          c.mkAnd(h.allocOf(x.st, o), c.mkNot(h.freedOf(x.st, o))),
          c.mkOr(seen));
    });
    addCandidate("dead" + O, false, [this, o](const Header &x) {
      return c.mkImplies(x.ran, c.mkNot(c.mkAnd(h.allocOf(x.st, o),
                                                c.mkNot(h.freedOf(x.st, o)))));
    });
  }
  for (unsigned o : wMem)
    addCandidate(
        "firstcontents" + std::to_string(o), false, [this, o](const Header &x) {
          if (x.ran.isTrue())
            return c.boolVal(true);
          Expr same = contentsEqual(x.st, entry, o);
          return same.isNull() ? same : c.mkImplies(c.mkNot(x.ran), same);
        });
}

void ForInduction::collectLiveBools() {
  liveBools.clear();
  // A loop with many iter_args would get many candidates per value.
  if (init.iters.size() > SolverPolicy::liveBoolIterArgs)
    return;
  llvm::SmallPtrSet<Operation *, 8> inside;
  op->walk([&](Operation *o) { inside.insert(o); });
  llvm::DenseSet<Value> seen;
  op->walk([&](Operation *o) {
    for (Value v : o->getOperands()) {
      if (liveBools.size() >= SolverPolicy::liveBools)
        return;
      if (!v.getType().isInteger(1) || !seen.insert(v).second)
        continue;
      // Defined by an op of the loop, or an argument of one of its blocks.
      Operation *def = v.getDefiningOp();
      if (inside.count(def ? def : v.getParentRegion()->getParentOp()))
        continue;
      // Looked up, not E.get(): a value the encoding never defined is
      // no candidate's business (and not an unbound use).
      const SymValue *s = E.env().lookup(v);
      if (!s || s->kind != SymValue::Kind::Bool || !s->init.isNull() ||
          s->e.isTrue() || s->e.isFalse())
        continue;
      liveBools.push_back(s->e);
    }
  });
}

/// Where a loop-invariant i1 value has one polarity, an ownership flag is
/// false, or an iter_arg keeps its value from the entry (an iteration
/// yields it unchanged): the select on a function argument that picks a
/// fresh buffer or the one carried.
void ForInduction::addLiveBoolCandidates(const std::vector<size_t> &flags) {
  for (auto [b, e] : llvm::enumerate(liveBools)) {
    for (bool pol : {true, false}) {
      std::string B = std::to_string(b) + (pol ? "+" : "-");
      Expr when = pol ? e : c.mkNot(e);
      for (size_t k : flags)
        addCandidate("flagif" + std::to_string(k) + "/" + B, false,
                     [this, k, when](const Header &x) {
                       return c.mkImplies(x.iters[k].e, when);
                     });
      for (size_t j = 0; j < init.iters.size(); ++j)
        addCandidate("keepif" + std::to_string(j) + "/" + B, false,
                     [this, j, when](const Header &x) {
                       const SymValue &a = x.iters[j], &v = init.iters[j];
                       Expr same = a.kind == SymValue::Kind::MemRef
                                       ? h.sameBuffer(a.view, v.view)
                                       : c.mkEq(a.e, v.e);
                       return c.mkImplies(when, same);
                     });
    }
  }
}

void ForInduction::makeCandidates() {
  cands.clear();
  llvm::scope_exit index([&]() { indexKeys(); });
  std::vector<size_t> mems, flags, scalars;
  for (auto [j, v] : llvm::enumerate(init.iters)) {
    if (v.kind == SymValue::Kind::MemRef)
      mems.push_back(j);
    else
      (v.kind == SymValue::Kind::Bool ? flags : scalars).push_back(j);
  }
  // In this order: the candidates' order is the order they are asked in.
  addIterArgCandidates(mems);
  addScalarCandidates(flags, scalars);
  for (size_t j : mems)
    addMemRefCandidates(j, mems, flags);
  addOuterCandidates(mems);
  addLiveBoolCandidates(flags);
}
