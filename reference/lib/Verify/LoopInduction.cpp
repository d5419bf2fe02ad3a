//===- LoopInduction.cpp - Unbounded proofs of structured loops ----------===//
//
// spec/verification.md [verify.induction]. An `scf.for` whose first
// iteration depends on the input is proved for every trip count by
// induction over an *abstract loop header*: a state in which everything the
// body changes is unconstrained, the memref iter_args view either buffers
// that existed before the loop or one of the *summary slots* (one per memref
// iter_arg) that stand for the buffers earlier iterations allocated. Which
// slots, flags and contents the body changes is found by encoding it
// (a slot whose terms the abstract iteration leaves untouched keeps its
// entry terms), to a fixpoint.
//
// Candidate invariants of the header (Houdini, as [verify.lemmas]) are kept
// if they hold at the loop's entry and after one abstract iteration from a
// header that satisfies them; two are required: every memref iter_arg views
// a buffer of the loop or one of its entry candidates, and every live buffer
// an iteration allocated is viewed by a memref iter_arg (otherwise it could
// never be freed). If the abstract iteration reaches no violation and no
// stop, every run of the loop does neither, whatever its trip count, and the
// code after the loop continues from a fresh header constrained by the
// invariants. Anything else (a violation, a stop, a timeout, a lost required
// invariant) leaves the loop to the bounded unrolling of [verify.bound].
//
//===----------------------------------------------------------------------===//
#include "LoopInduction.h"
#include "Encoder.h"

#include "mlir/IR/BuiltinTypes.h"
#include <chrono>
#include <functional>
#include <set>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;
using BinOp = smt::Context::BinOp;

/// Solver time per induction query, abstract iterations per loop, and the
/// time one loop's proof may take in all.
static constexpr unsigned kQueryMs = 5000;
static constexpr unsigned kMaxRounds = 12;
static constexpr unsigned kLoopBudgetMs = 20000;

namespace {

/// A loop header: the state, the induction variable, the iter_args, and the
/// heap slots that stand for buffers allocated by iterations of the loop.
struct Header {
  State st;
  Expr iv;
  std::vector<SymValue> iters;
  std::vector<unsigned> loop;
  /// Identity flags of fresh views: exactly one holds.
  std::vector<Expr> wellFormed;
};

/// A candidate invariant; `key` identifies it across rebuilt lists.
struct Candidate {
  std::string key;
  bool required;
  std::function<Expr(const Header &)> holds;
};

/// Sizes of what the encoding of one abstract iteration adds.
struct Mark {
  size_t constraints, violations, stops, events, lemmas, unbound, slots;
};

class ForInduction {
public:
  ForInduction(Encoder &E, scf::ForOp op, const State &st)
      : E(E), c(E.ctx), h(E.heap), op(op), entry(st) {}
  /// Returns false only on E.failure (never set here).
  bool run(State &st, bool &proved);

private:
  Encoder &E;
  smt::Context &c;
  SymbolicHeap &h;
  scf::ForOp op;
  State entry;
  Header init;
  unsigned nOuter = 0;
  /// Outer slots whose flags / contents the body changes; outer slots a
  /// memref iter_arg may view.
  std::set<unsigned> wFlags, wMem, outer;
  std::vector<Candidate> cands;
  std::set<std::string> dropped;
  unsigned ms = kQueryMs;
  std::chrono::steady_clock::time_point deadline;

  Mark mark() const {
    return {h.constraints.size(), h.violations.size(), h.stops.size(),
            h.events.size(),      h.lemmas.size(),     E.unboundUses.size(),
            h.slots.size()};
  }
  void rollback(const Mark &m);
  void build(Header &x);
  View freshView(size_t j, const View &like,
                 const std::vector<unsigned> &loop, std::vector<Expr> &wf);
  bool alive(const std::string &key) const {
    return llvm::any_of(cands,
                        [&](const Candidate &k) { return k.key == key; });
  }
  void makeCandidates();
  std::vector<Expr> eval(const Header &x);
  Expr all(const std::vector<Expr> &vals);
  void addBase(smt::Solver &S);
  smt::Result check(smt::Solver &S, Expr q);
  /// Drops the candidates false in S's model; false if a required one is.
  bool dropFalse(smt::Solver &S, const std::vector<Expr> &vals);
  bool entryHolds();
  Expr viewsLoop(const Header &x, size_t j);
  Expr contentsEqual(const State &a, const State &b, unsigned s);
};

} // namespace

void ForInduction::rollback(const Mark &m) {
  if (h.constraints.size() > m.constraints) {
    std::vector<unsigned> gone;
    for (auto &kv : h.definitions)
      if (kv.second >= m.constraints)
        gone.push_back(kv.first);
    for (unsigned k : gone)
      h.definitions.erase(k);
    h.constraints.resize(m.constraints);
  }
  h.violations.erase(h.violations.begin() + m.violations, h.violations.end());
  h.stops.erase(h.stops.begin() + m.stops, h.stops.end());
  h.events.erase(h.events.begin() + m.events, h.events.end());
  h.lemmas.erase(h.lemmas.begin() + m.lemmas, h.lemmas.end());
  E.unboundUses.erase(E.unboundUses.begin() + m.unbound, E.unboundUses.end());
  llvm::erase_if(E.stackSlots, [&](unsigned s) { return s >= m.slots; });
}

View ForInduction::freshView(size_t j, const View &like,
                             const std::vector<unsigned> &loop,
                             std::vector<Expr> &wf) {
  std::set<unsigned> all(outer.begin(), outer.end());
  all.insert(loop.begin(), loop.end());
  View v;
  v.cands.assign(all.begin(), all.end());
  for (size_t k = 0; k < v.cands.size(); ++k)
    v.pts.push_back(c.freshBool("header_pts"));
  wf.push_back(c.mkOr(v.pts));
  for (size_t a = 0; a < v.pts.size(); ++a)
    for (size_t b = a + 1; b < v.pts.size(); ++b)
      wf.push_back(c.mkNot(c.mkAnd(v.pts[a], v.pts[b])));
  v.addr = h.slots[v.cands.back()].addr;
  for (size_t k = v.cands.size() - 1; k-- > 0;)
    v.addr = c.mkIte(v.pts[k], h.slots[v.cands[k]].addr, v.addr);
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
  x.st = entry;
  x.st.alloc.resize(std::max<size_t>(x.st.alloc.size(), nOuter),
                    c.boolVal(false));
  x.st.freed.resize(std::max<size_t>(x.st.freed.size(), nOuter),
                    c.boolVal(false));
  // Kept "as at the entry" candidates keep the entry's terms.
  for (unsigned o : wFlags) {
    std::string O = std::to_string(o);
    SlotKind k = h.slots[o].kind;
    if ((k == SlotKind::Heap || k == SlotKind::Stack) && !alive("alloc" + O))
      x.st.alloc[o] = c.freshBool("header_alloc");
    if (!alive("freed" + O))
      x.st.freed[o] = c.freshBool("header_freed");
  }
  for (unsigned o : wMem)
    if (!alive("contents" + std::to_string(o)))
      h.havoc(x.st, h.wholeView(o, {}));
  size_t memrefs = 0;
  for (Value a : op.getRegionIterArgs())
    memrefs += isa<MemRefType>(a.getType());
  for (size_t i = 0; i < memrefs; ++i) {
    unsigned s = h.newSlot(SlotKind::Heap, op.getLoc(),
                           "buffer of an earlier iteration", &x.st);
    x.st.alloc[s] = c.freshBool("summary_alloc");
    x.st.freed[s] = c.freshBool("summary_freed");
    h.slots[s].bytes = c.freshBV("summary_bytes", kIndexWidth);
    if (s >= x.st.mem.size())
      x.st.mem.resize(s + 1);
    Contents cs;
    cs.array = c.freshArray("summary_contents", kIndexWidth,
                            h.byteContents ? 8 : 64);
    cs.initArray = c.freshArray("summary_init", kIndexWidth, 1);
    x.st.mem[s] = std::move(cs);
    x.loop.push_back(s);
  }
  x.iv = c.freshBV("header_iv", init.iv.bvWidth());
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
      f = SymValue::bv(alive("same" + J)
                           ? v.e
                           : c.freshBV("header_value", v.e.bvWidth()));
    }
    if (v.kind != SymValue::Kind::MemRef)
      f.init = alive("init" + J) ? Expr() : c.freshBool("header_init");
    x.iters.push_back(std::move(f));
  }
}

Expr ForInduction::viewsLoop(const Header &x, size_t j) {
  std::vector<Expr> any;
  for (unsigned l : x.loop)
    any.push_back(h.denotes(x.iters[j].view, l));
  return c.mkOr(any);
}

Expr ForInduction::contentsEqual(const State &a, const State &b, unsigned s) {
  Contents none;
  const Contents &x = s < a.mem.size() ? a.mem[s] : none;
  const Contents &y = s < b.mem.size() ? b.mem[s] : none;
  bool emptyX = x.elems.empty() && x.array.isNull();
  bool emptyY = y.elems.empty() && y.array.isNull();
  if (emptyX || emptyY || x.explicitMode() != y.explicitMode() ||
      x.elems.size() != y.elems.size())
    return c.boolVal(emptyX && emptyY);
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
  eq.push_back(c.mkEq(x.allInit() ? one : x.initArray,
                      y.allInit() ? one : y.initArray));
  return c.mkAnd(eq);
}

void ForInduction::makeCandidates() {
  cands.clear();
  auto add = [&](std::string key, bool required,
                 std::function<Expr(const Header &)> f) {
    if (!dropped.count(key))
      cands.push_back(Candidate{std::move(key), required, std::move(f)});
  };
  std::vector<size_t> mems, flags, scalars;
  for (auto [j, v] : llvm::enumerate(init.iters)) {
    if (v.kind == SymValue::Kind::MemRef)
      mems.push_back(j);
    else
      (v.kind == SymValue::Kind::Bool ? flags : scalars).push_back(j);
  }
  std::string n;
  // Required: the iter_args view the header's slots; every live buffer of
  // the loop is viewed by an iter_arg (a summary slot stands for it).
  for (size_t j : mems)
    add("target" + std::to_string(j), true, [this, j](const Header &x) {
      std::vector<Expr> any;
      const View &v = x.iters[j].view;
      for (auto [k, s] : llvm::enumerate(v.cands))
        if (outer.count(s) || llvm::is_contained(x.loop, s))
          any.push_back(v.pts[k]);
      return c.mkOr(any);
    });
  add("reach", true, [this, mems](const Header &x) {
    std::vector<Expr> each;
    for (unsigned l : x.loop) {
      std::vector<Expr> seen;
      for (size_t j : mems)
        seen.push_back(h.denotes(x.iters[j].view, l));
      each.push_back(c.mkImplies(
          c.mkAnd(h.allocOf(x.st, l), c.mkNot(h.freedOf(x.st, l))),
          c.mkOr(seen)));
    }
    return c.mkAnd(each);
  });
  add("iv", false, [this](const Header &x) {
    return c.mkCmp(op.getUnsignedCmp() ? Cmp::Ule : Cmp::Sle, init.iv, x.iv);
  });
  for (size_t k : flags) {
    add("true" + std::to_string(k), false,
        [k](const Header &x) { return x.iters[k].e; });
    add("false" + std::to_string(k), false,
        [this, k](const Header &x) { return c.mkNot(x.iters[k].e); });
  }
  for (size_t k : flags)
    add("init" + std::to_string(k), false, [this, k](const Header &x) {
      return x.iters[k].init.isNull() ? c.boolVal(true) : x.iters[k].init;
    });
  for (size_t k : scalars) {
    add("init" + std::to_string(k), false, [this, k](const Header &x) {
      return x.iters[k].init.isNull() ? c.boolVal(true) : x.iters[k].init;
    });
    add("same" + std::to_string(k), false, [this, k](const Header &x) {
      return c.mkEq(x.iters[k].e, init.iters[k].e);
    });
  }
  for (size_t j : mems) {
    auto t = cast<MemRefType>(op.getRegionIterArgs()[j].getType());
    std::string J = std::to_string(j);
    add("live" + J, false, [this, j](const Header &x) {
      const View &v = x.iters[j].view;
      std::vector<Expr> each;
      for (auto [k, s] : llvm::enumerate(v.cands))
        each.push_back(c.mkImplies(
            v.pts[k],
            c.mkAnd(h.allocOf(x.st, s), c.mkNot(h.freedOf(x.st, s)))));
      return c.mkAnd(each);
    });
    for (size_t k : flags) {
      std::string K = std::to_string(k);
      add("owned" + K + "/" + J, false, [this, j, k](const Header &x) {
        return c.mkImplies(x.iters[k].e, h.isLiveHeap(x.st, x.iters[j].view));
      });
      add("loopowned" + J + "/" + K, false, [this, j, k](const Header &x) {
        return c.mkImplies(viewsLoop(x, j), x.iters[k].e);
      });
      add("ownedloop" + K + "/" + J, false, [this, j, k](const Header &x) {
        return c.mkImplies(x.iters[k].e, viewsLoop(x, j));
      });
    }
    for (size_t l : mems) {
      if (l <= j)
        continue;
      std::string L = std::to_string(l);
      add("distinct" + J + "/" + L, false, [this, j, l](const Header &x) {
        return c.mkNot(h.sameBuffer(x.iters[j].view, x.iters[l].view));
      });
      add("loopdistinct" + J + "/" + L, false, [this, j, l](const Header &x) {
        return c.mkImplies(c.mkAnd(viewsLoop(x, j), viewsLoop(x, l)),
                           c.mkNot(h.sameBuffer(x.iters[j].view,
                                                x.iters[l].view)));
      });
    }
    // The descriptor: as at the entry, or the type's layout of its sizes.
    add("offset" + J, false, [this, j](const Header &x) {
      return c.mkEq(x.iters[j].view.offset, init.iters[j].view.offset);
    });
    add("layout" + J, false, [this, j, t](const Header &x) {
      const View &v = x.iters[j].view;
      View f = ::dealloc::verify::freshView(E, v.cands.front(), t, v.sizes);
      std::vector<Expr> eq{c.mkEq(v.offset, f.offset)};
      for (auto [a, b] : llvm::zip(v.strides, f.strides))
        eq.push_back(c.mkEq(a, b));
      return c.mkAnd(eq);
    });
    for (int64_t d = 0; d < t.getRank(); ++d) {
      std::string D = J + "/" + std::to_string(d);
      add("size" + D, false, [this, j, d](const Header &x) {
        return c.mkEq(x.iters[j].view.sizes[d], init.iters[j].view.sizes[d]);
      });
      add("stride" + D, false, [this, j, d](const Header &x) {
        return c.mkEq(x.iters[j].view.strides[d],
                      init.iters[j].view.strides[d]);
      });
    }
    unsigned eb = elementBytes(t.getElementType());
    add("inside" + J, false, [this, j, eb](const Header &x) {
      const View &v = x.iters[j].view;
      Expr zero = c.bvVal(kIndexWidth, 0), one = c.bvVal(kIndexWidth, 1);
      std::vector<Expr> nonEmpty, lo, hi;
      for (const Expr &size : v.sizes) {
        nonEmpty.push_back(c.mkNe(size, zero));
        lo.push_back(zero);
        hi.push_back(c.mkBin(BinOp::Sub, size, one));
      }
      return c.mkImplies(c.mkAnd(nonEmpty),
                         c.mkNot(boxOutsideBuffer(E, v, lo, hi, eb)));
    });
  }
  // Slots of the enclosing code the body changes: unchanged after all?
  for (unsigned o : wFlags) {
    std::string O = std::to_string(o);
    add("alloc" + O, false, [this, o](const Header &x) {
      return c.mkEq(h.allocOf(x.st, o), h.allocOf(entry, o));
    });
    add("freed" + O, false, [this, o](const Header &x) {
      return c.mkEq(h.freedOf(x.st, o), h.freedOf(entry, o));
    });
  }
  for (unsigned o : wMem)
    add("contents" + std::to_string(o), false, [this, o](const Header &x) {
      return contentsEqual(x.st, entry, o);
    });
}

std::vector<Expr> ForInduction::eval(const Header &x) {
  std::vector<Expr> out;
  for (const Candidate &k : cands)
    out.push_back(k.holds(x));
  return out;
}

Expr ForInduction::all(const std::vector<Expr> &vals) { return c.mkAnd(vals); }

void ForInduction::addBase(smt::Solver &S) {
  for (const Expr &e : h.constraints)
    S.add(e);
  for (const Expr &e : h.addrConstraints)
    S.add(e);
  for (const Expr &e : E.inductionAssumptions)
    S.add(e);
}

smt::Result ForInduction::check(smt::Solver &S, Expr q) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  deadline - std::chrono::steady_clock::now())
                  .count();
  if (left <= 0)
    return smt::Result::Unknown;
  Expr a = c.freshBool("induction_query");
  S.add(c.mkImplies(a, q));
  return S.check({a}, std::min<unsigned>(ms, left));
}

bool ForInduction::dropFalse(smt::Solver &S, const std::vector<Expr> &vals) {
  std::vector<Candidate> kept;
  bool ok = true;
  for (size_t i = 0; i < cands.size(); ++i) {
    if (S.evalBool(vals[i])) {
      kept.push_back(std::move(cands[i]));
      continue;
    }
    ok &= !cands[i].required;
    dropped.insert(cands[i].key);
  }
  cands = std::move(kept);
  return ok;
}

/// Houdini at the entry: drops the candidates some run reaching the loop
/// violates; false if a required one is among them or a query is undecided.
bool ForInduction::entryHolds() {
  smt::Solver S(c);
  addBase(S);
  for (unsigned round = 0; round < kMaxRounds; ++round) {
    std::vector<Expr> vals = eval(init);
    smt::Result r = check(S, c.mkAnd(entry.guard, c.mkNot(all(vals))));
    if (r == smt::Result::Unsat)
      return true;
    if (r != smt::Result::Sat || !dropFalse(S, vals))
      return false;
  }
  return false;
}

bool ForInduction::run(State &st, bool &proved) {
  proved = false;
  if (!E.setup || !E.setup->induction || h.reuseAddresses)
    return true;
  Expr lb = E.getBV(op.getLowerBound()), ub = E.getBV(op.getUpperBound()),
       step = E.getBV(op.getStep());
  Cmp lt = op.getUnsignedCmp() ? Cmp::Ult : Cmp::Slt;
  Expr first = c.mkCmp(lt, lb, ub);
  if (first.isTrue() || first.isFalse() || entry.guard.isFalse())
    return true;
  for (Value v : op.getInitArgs()) {
    const SymValue &s = E.get(v);
    if (auto mt = dyn_cast<MemRefType>(v.getType())) {
      if (s.kind != SymValue::Kind::MemRef || s.view.cands.empty() ||
          s.view.retyped || !s.view.byteShift.isNull() ||
          scalarWidth(mt.getElementType()) == 0)
        return true;
    } else if (s.kind == SymValue::Kind::MemRef || scalarWidth(v.getType()) == 0) {
      return true;
    }
    init.iters.push_back(s);
  }
  if (E.opts.timeoutMs)
    ms = std::min(ms, E.opts.timeoutMs);
  deadline = std::chrono::steady_clock::now() +
             std::chrono::milliseconds(kLoopBudgetMs);
  nOuter = h.slots.size();
  init.st = entry;
  init.iv = lb;
  for (const SymValue &s : init.iters)
    if (s.kind == SymValue::Kind::MemRef)
      outer.insert(s.view.cands.begin(), s.view.cands.end());
  makeCandidates();
  bool checkEntry = true;
  bool done = false;
  for (unsigned round = 0; round < kMaxRounds && !done; ++round) {
    if (checkEntry && !entryHolds())
      return true;
    checkEntry = false;
    Mark mk = mark();
    Header H;
    build(H);
    Expr cond = c.mkCmp(lt, H.iv, ub);
    H.st.guard = c.mkAnd(entry.guard, cond);
    H.st.path = c.mkAnd(entry.path, cond);
    std::vector<Expr> hv = eval(H);
    std::vector<Expr> assume = H.wellFormed;
    assume.insert(assume.end(), hv.begin(), hv.end());
    Expr assumed = c.mkAnd(assume);
    size_t bodySlots = h.slots.size();
    E.inductionAssumptions.push_back(assumed);
    bool lemmas = E.recordLemmas;
    E.recordLemmas = false;
    std::vector<SymValue> args{SymValue::bv(H.iv)};
    args.insert(args.end(), H.iters.begin(), H.iters.end());
    std::vector<RegionExit> exits;
    bool encoded = E.encodeRegion(op.getRegion(), args, H.st, exits);
    E.recordLemmas = lemmas;
    E.inductionAssumptions.pop_back();
    Header P;
    auto give_up = [&]() {
      E.failure.reset();
      rollback(mk);
      return true;
    };
    if (!encoded || !E.mergeExits(exits, P.st, P.iters, "iteration") ||
        E.unboundUses.size() > mk.unbound)
      return give_up();
    P.iv = c.mkBin(BinOp::Add, H.iv, step);
    P.loop = H.loop;
    for (unsigned s = bodySlots; s < h.slots.size(); ++s) {
      if (h.slots[s].kind == SlotKind::Heap)
        P.loop.push_back(s);
      else if (h.slots[s].kind != SlotKind::Stack)
        return give_up();
    }
    // What the body changes: grow the header to a fixpoint.
    bool grew = false;
    for (unsigned o = 0; o < nOuter; ++o) {
      if (!h.allocOf(P.st, o).same(h.allocOf(H.st, o)) ||
          !h.freedOf(P.st, o).same(h.freedOf(H.st, o)))
        grew |= wFlags.insert(o).second;
      Contents none;
      const Contents &a = o < P.st.mem.size() ? P.st.mem[o] : none;
      const Contents &b = o < H.st.mem.size() ? H.st.mem[o] : none;
      bool same = a.elems.size() == b.elems.size() &&
                  a.array.isNull() == b.array.isNull() &&
                  (a.array.isNull() || a.array.same(b.array)) &&
                  a.initElems.size() == b.initElems.size() &&
                  a.initArray.isNull() == b.initArray.isNull() &&
                  (a.initArray.isNull() || a.initArray.same(b.initArray));
      for (size_t e = 0; same && e < a.elems.size(); ++e)
        same = a.elems[e].same(b.elems[e]);
      for (size_t e = 0; same && e < a.initElems.size(); ++e)
        same = a.initElems[e].same(b.initElems[e]);
      if (!same)
        grew |= wMem.insert(o).second;
    }
    for (const SymValue &y : P.iters) {
      if (y.kind != SymValue::Kind::MemRef)
        continue;
      if (y.view.retyped || !y.view.byteShift.isNull())
        return give_up();
      for (unsigned s : y.view.cands)
        if (s < nOuter)
          grew |= outer.insert(s).second;
    }
    if (grew) {
      rollback(mk);
      makeCandidates();
      checkEntry = true;
      continue;
    }
    smt::Solver S(c);
    addBase(S);
    S.add(assumed);
    // No violation and no stop in one abstract iteration.
    std::vector<Expr> bad;
    for (size_t i = mk.violations; i < h.violations.size(); ++i)
      bad.push_back(h.violations[i].cond);
    for (size_t i = mk.stops; i < h.stops.size(); ++i)
      bad.push_back(h.stops[i].cond);
    if (!bad.empty() && check(S, c.mkOr(bad)) != smt::Result::Unsat)
      return give_up();
    // The candidates hold again after the iteration.
    std::vector<Expr> pv = eval(P);
    smt::Result r = check(S, c.mkAnd(P.st.guard, c.mkNot(all(pv))));
    rollback(mk);
    if (r == smt::Result::Unsat)
      done = true;
    else if (r != smt::Result::Sat || !dropFalse(S, pv))
      return true;
  }
  if (!done)
    return true;
  // Every run leaves the loop in a header state that satisfies the
  // invariants: continue from a fresh one.
  Header X;
  build(X);
  for (const Expr &e : X.wellFormed)
    h.constraints.push_back(e);
  h.constraints.push_back(c.mkImplies(entry.guard, all(eval(X))));
  for (auto [r, v] : llvm::zip(op.getResults(), X.iters))
    E.bind(r, v);
  st = X.st;
  ++E.setup->inducted;
  proved = true;
  return true;
}

bool dealloc::verify::proveForByInduction(Encoder &E, scf::ForOp op, State &st,
                                          bool &proved) {
  ForInduction ind(E, op, st);
  return ind.run(st, proved);
}

FunctionResult dealloc::verify::checkFunctionWithInduction(
    ModuleOp module, func::FuncOp fn, const VerifyOptions &opts,
    CheckSetup &setup) {
  setup.induction = true;
  setup.inducted = 0;
  FunctionResult r = checkFunction(module, fn, opts, setup);
  if (r.verdict == Verdict::Safe || setup.inducted == 0)
    return r;
  // Answers other than SAFE come from the exact (unrolled) encoding.
  setup.induction = false;
  setup.summarised.clear();
  FunctionResult exact = checkFunction(module, fn, opts, setup);
  exact.seconds += r.seconds;
  return exact;
}
