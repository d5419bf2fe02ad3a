//===- CallSummary.cpp - Calls of functions by their contract -------------===//
//
// docs/verifier-design.md [verify.encoding.calls.summary]. A function's
// *contract check* is its safety check in the contract model: the entry
// model of [verify.inputs] with unconstrained argument (and global)
// contents, and a stop at the return where a memref result is not of fresh
// shape (negative size, a layout other than the type's applied to its
// sizes, elements outside its buffer). SAFE there proves, for every call
// whose arguments the model covers, what spec/abi.md promises the caller: the
// callee frees none of the caller's buffers, reaches no violation and no
// stop, and returns distinct fresh live heap buffers of fresh shape, having
// at most written the arguments' buffers and the globals. A call is then
// encoded by exactly that: its arguments outside the model stop the run
// (the caller is then checked again with inlining), the arguments' buffers
// and the globals get unconstrained contents, and the results are fresh
// heap buffers with unconstrained sizes, contents and scalars.
//
// The contract is the same for private functions: SAFE proves what the ABI
// promises whether or not the function is public, and a private function
// that does not keep it (ownership passed in extra arguments, say) has no
// contract and is inlined, as before.
//
// CallSummaries orders the checks: a function after the functions it calls
// (bottom-up over the call graph, iteratively), each once. A check with
// summaries decides only if it answers SAFE; any other answer is replaced
// by the check with every call inlined, so every violation, counterexample,
// bound and reason comes from the exact encoding. A private function is
// only checked for its contract (unless its answer is asked for).
//
//===----------------------------------------------------------------------===//
#include "Calls/CallSummary.h"
#include "Check/UnrankedArguments.h"
#include "Encoder/Encoder.h"
#include "Induction/LoopInduction.h"

#include "dealloc/Support/SolverPolicy.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;
using BinOp = smt::Context::BinOp;

/// A type the contract model has values for: scalars and memrefs of them.
static bool modelled(Type t) {
  if (auto mt = dyn_cast<MemRefType>(t))
    return scalarWidth(mt.getElementType()) != 0;
  return scalarWidth(t) != 0;
}

/// `v` (of type `t`, with at least one candidate) is not of fresh shape:
/// a size differs from the type's static size or is negative (dynamic
/// sizes above `maxExtent` too, if given), the offset or a stride differs
/// from the type's layout applied to the sizes (freshView), or some element
/// lies outside the buffer.
static Expr notFresh(Encoder &E, const View &v, MemRefType t,
                     std::optional<int64_t> maxExtent) {
  smt::Context &c = E.ctx;
  std::vector<Expr> bad, nonEmpty, lo, hi;
  Expr zero = c.bvVal(kIndexWidth, 0), one = c.bvVal(kIndexWidth, 1);
  for (int64_t d = 0; d < t.getRank(); ++d) {
    const Expr &size = v.sizes[d];
    if (!t.isDynamicDim(d))
      bad.push_back(c.mkNe(size, c.bvVal(kIndexWidth, t.getDimSize(d))));
    else if (maxExtent)
      bad.push_back(c.mkCmp(Cmp::Ugt, size, c.bvVal(kIndexWidth, *maxExtent)));
    else
      bad.push_back(c.mkCmp(Cmp::Slt, size, zero));
    nonEmpty.push_back(c.mkNe(size, zero));
    lo.push_back(zero);
    hi.push_back(c.mkBin(BinOp::Sub, size, one));
  }
  View fresh = freshView(E, v.cands.front(), t, v.sizes);
  bad.push_back(c.mkNe(v.offset, fresh.offset));
  for (auto [s, f] : llvm::zip(v.strides, fresh.strides))
    bad.push_back(c.mkNe(s, f));
  bad.push_back(c.mkAnd(
      c.mkAnd(nonEmpty),
      boxOutsideBuffer(E, v, lo, hi, elementBytes(t.getElementType()))));
  return c.mkOr(bad);
}

/// The results of a summarised call: fresh heap buffers the caller owns
/// ([abi.call.results]), of fresh shape with unconstrained non-negative
/// sizes and contents; fresh scalars.
static std::vector<SymValue> summaryResults(Encoder &E, State &st,
                                            FunctionType ft, Operation *site,
                                            const std::string &name) {
  smt::Context &c = E.ctx;
  SymbolicHeap &h = E.heap;
  std::vector<SymValue> results;
  for (Type t : ft.getResults()) {
    if (auto mt = dyn_cast<MemRefType>(t)) {
      std::vector<Expr> dyn;
      for (size_t k = 0, n = mt.getNumDynamicDims(); k < n; ++k) {
        Expr e = c.freshBV("result_extent", kIndexWidth);
        h.assume(c.mkCmp(Cmp::Sge, e, c.bvVal(kIndexWidth, 0)));
        dyn.push_back(e);
      }
      View v =
          allocate(E, st, SlotKind::Heap, mt, dyn, site, "result of " + name);
      // The buffer holds at least the view's elements (the contract check
      // proved it), and nothing more is known: bound by exactly those.
      h.setSlotBytes(v.cands.front(),
                     byteExtent(E, v, elementBytes(mt.getElementType())));
      results.push_back(SymValue::memref(v));
    } else if (t.isInteger(1)) {
      results.push_back(SymValue::boolean(c.freshBool("result")));
    } else {
      results.push_back(SymValue::bv(c.freshBV("result", scalarWidth(t))));
    }
    // The callee may return the uninitialized value ([op.uninit.flow]).
    if (!isa<MemRefType>(t))
      results.back().init = c.freshBool("result_init");
  }
  return results;
}

bool dealloc::verify::summariseCall(Encoder &E, State &st, func::FuncOp callee,
                                    ArrayRef<SymValue> args, Operation *site,
                                    std::vector<SymValue> &results,
                                    bool &applied) {
  applied = false;
  CheckSetup *setup = E.setup();
  if (!setup || !setup->summaries || E.heap.byteContents() ||
      !setup->summaries->hasContract(callee))
    return true;
  FunctionType ft = callee.getFunctionType();
  if (!llvm::all_of(ft.getInputs(), modelled) ||
      !llvm::all_of(ft.getResults(), modelled))
    return true;
  smt::Context &c = E.ctx;
  SymbolicHeap &h = E.heap;
  std::string name = "@" + callee.getSymName().str();
  // Which calls the contract model covers: every memref argument views a
  // live buffer that is not a global, of fresh shape with dynamic extents
  // up to 2^20; arguments of different types view different buffers, and
  // arguments of one type that share a buffer have equal sizes.
  std::vector<Expr> bad;
  std::vector<std::pair<const View *, MemRefType>> views;
  for (auto [i, a] : llvm::enumerate(args)) {
    auto mt = dyn_cast<MemRefType>(ft.getInput(i));
    if (!mt)
      continue;
    if (a.kind != SymValue::Kind::MemRef)
      return true;
    const View &v = a.view;
    if (v.cands.empty() || v.retyped || !v.byteShift.isNull())
      return true;
    views.emplace_back(&v, mt);
    std::vector<Expr> live;
    for (auto [k, s] : llvm::enumerate(v.cands)) {
      if (h.slot(s).kind == SlotKind::Global) {
        bad.push_back(v.pts[k]);
        continue;
      }
      live.push_back(
          c.mkAnd({v.pts[k], h.allocOf(st, s), c.mkNot(h.freedOf(st, s))}));
    }
    bad.push_back(c.mkNot(c.mkOr(live)));
    bad.push_back(notFresh(E, v, mt, SolverPolicy::maxArgExtent));
  }
  for (size_t i = 0; i < views.size(); ++i)
    for (size_t j = i + 1; j < views.size(); ++j) {
      auto [a, ta] = views[i];
      auto [b, tb] = views[j];
      Expr same = h.sameBuffer(*a, *b);
      if (ta != tb) {
        bad.push_back(same);
        continue;
      }
      std::vector<Expr> differ;
      for (auto [x, y] : llvm::zip(a->sizes, b->sizes))
        differ.push_back(c.mkNe(x, y));
      bad.push_back(c.mkAnd(same, c.mkOr(differ)));
    }
  Expr outside = c.mkOr(bad);
  if (outside.isTrue())
    return true; // never covered: inline
  h.stop(st, outside, site->getLoc(), StopKind::ContractModel,
         "the arguments of this call of " + name +
             " are outside its contract model "
             "([verify.encoding.calls.summary])");
  applied = true;
  // The callee may write the arguments' buffers and the globals.
  for (auto [v, t] : views)
    h.havoc(st, *v);
  for (unsigned s = 0; s < h.numSlots(); ++s)
    if (h.slot(s).kind == SlotKind::Global)
      h.havoc(st, h.wholeView(s, {}));
  results = summaryResults(E, st, ft, site, name);
  setup->summarised.push_back(callee.getSymName().str());
  return true;
}

void dealloc::verify::contractObligations(Encoder &E, State &exit,
                                          func::FuncOp fn,
                                          ArrayRef<SymValue> results,
                                          Location loc) {
  if (!E.setup() || !E.setup()->contract)
    return;
  for (auto [i, t] : llvm::enumerate(fn.getFunctionType().getResults())) {
    auto mt = dyn_cast<MemRefType>(t);
    if (!mt || i >= results.size() || results[i].kind != SymValue::Kind::MemRef)
      continue;
    const View &r = results[i].view;
    if (r.cands.empty())
      continue;
    Expr bad = r.retyped || !r.byteShift.isNull()
                   ? E.ctx.boolVal(true)
                   : notFresh(E, r, mt, std::nullopt);
    E.heap.stop(exit, bad, loc, StopKind::ContractModel,
                "result #" + std::to_string(i) +
                    " is not of fresh shape ([verify.encoding.calls.summary])");
  }
}

CallSummaries::CallSummaries(ModuleOp module, const VerifyOptions &opts)
    : module(module), opts(opts), facts(std::make_unique<ModuleFacts>(module)) {
  for (auto fn : module.getOps<func::FuncOp>())
    if (!fn.isDeclaration())
      for (func::FuncOp g : contractCallees(fn))
        called.insert(g.getOperation());
}

const std::vector<func::FuncOp> &
CallSummaries::contractCallees(func::FuncOp fn) {
  auto [it, fresh] = callees.try_emplace(fn.getOperation());
  if (!fresh)
    return it->second;
  std::vector<func::FuncOp> out;
  llvm::DenseSet<Operation *> seen;
  fn.walk([&](func::CallOp call) {
    auto g =
        dyn_cast_or_null<func::FuncOp>(facts->index.lookup(call.getCallee()));
    if (!g || g.isDeclaration() || !seen.insert(g.getOperation()).second)
      return;
    // Calls of a dealloc_helper go by its specification
    // ([verify.encoding.helper]) or, with --no-helper-contract, are
    // inlined: never summarised.
    if (g.isPrivate() && facts->helperKind(g) >= 0)
      return;
    out.push_back(g);
  });
  return callees[fn.getOperation()] = std::move(out);
}

bool CallSummaries::hasContract(func::FuncOp callee) const {
  if (assumed.contains(callee.getOperation()))
    return true;
  auto it = entries.find(callee.getOperation());
  return it != entries.end() && it->second.done && it->second.contract;
}

const FunctionResult &CallSummaries::verify(func::FuncOp fn) {
  // Tarjan's strongly connected components of the call graph, depth-first
  // and iterative (call chains may be thousands of functions long): a
  // component is checked once it is complete, after every component it
  // calls. A component of one function that does not call itself is an
  // ordinary function; any other is a call cycle.
  struct Frame {
    func::FuncOp fn;
    size_t next = 0;
  };
  std::vector<Frame> stack;
  std::vector<func::FuncOp> open;
  llvm::DenseMap<Operation *, unsigned> index, low;
  llvm::DenseSet<Operation *> onOpen;
  auto enter = [&](func::FuncOp f) {
    Operation *op = f.getOperation();
    index[op] = low[op] = static_cast<unsigned>(index.size());
    open.push_back(f);
    onOpen.insert(op);
    stack.push_back(Frame{f});
  };
  if (!entries[fn.getOperation()].done)
    enter(fn);
  while (!stack.empty()) {
    Frame &top = stack.back();
    Operation *topOp = top.fn.getOperation();
    const std::vector<func::FuncOp> &out = contractCallees(top.fn);
    if (top.next < out.size()) {
      func::FuncOp g = out[top.next++];
      Operation *gOp = g.getOperation();
      if (entries[gOp].done)
        continue;
      if (!index.count(gOp))
        enter(g);
      else if (onOpen.contains(gOp))
        low[topOp] = std::min(low[topOp], index[gOp]);
      continue;
    }
    stack.pop_back();
    if (!stack.empty()) {
      Operation *parent = stack.back().fn.getOperation();
      low[parent] = std::min(low[parent], low[topOp]);
    }
    if (low[topOp] != index[topOp])
      continue;
    std::vector<func::FuncOp> component;
    func::FuncOp g;
    do {
      g = open.back();
      open.pop_back();
      onOpen.erase(g.getOperation());
      component.push_back(g);
    } while (g.getOperation() != topOp);
    func::FuncOp f = component.front();
    if (component.size() > 1 || llvm::is_contained(contractCallees(f), f)) {
      checkCycle(std::move(component), fn);
      continue;
    }
    Entry &e = entries[f.getOperation()];
    check(f, e, /*answer=*/f.isPublic() || f == fn);
    e.done = true;
  }
  Entry &e = entries[fn.getOperation()];
  if (!e.answered)
    check(fn, e, /*answer=*/true);
  return e.result;
}

void CallSummaries::record(Entry &entry, FunctionResult r, CheckSetup &s,
                           double seconds) {
  llvm::sort(s.summarised);
  s.summarised.erase(std::unique(s.summarised.begin(), s.summarised.end()),
                     s.summarised.end());
  r.summarised = std::move(s.summarised);
  r.seconds += seconds;
  entry.result = std::move(r);
  entry.answered = true;
}

void CallSummaries::checkCycle(std::vector<func::FuncOp> cycle,
                               func::FuncOp asked) {
  // Module order, so that the checks do not depend on the walk.
  llvm::DenseMap<Operation *, unsigned> position;
  for (auto [k, f] : llvm::enumerate(module.getOps<func::FuncOp>()))
    position[f.getOperation()] = static_cast<unsigned>(k);
  llvm::sort(cycle, [&](func::FuncOp a, func::FuncOp b) {
    return position[a.getOperation()] < position[b.getOperation()];
  });
  // [verify.encoding.calls.recursive]: the greatest set of the cycle's
  // functions whose contract checks are SAFE when the calls of the set's
  // functions are summarised by their contracts. Start from the whole
  // cycle; a function whose check is not SAFE leaves the set, and the
  // checks that summarised one of its calls are asked again.
  struct Trial {
    bool checked = false;
    FunctionResult result;
    CheckSetup setup;
    double seconds = 0;
  };
  std::vector<Trial> trials(cycle.size());
  VerifyOptions quiet = opts;
  quiet.replay = false;
  if (!facts->byteContents)
    for (func::FuncOp f : cycle)
      assumed.insert(f.getOperation());
  for (bool again = !assumed.empty(); again;) {
    again = false;
    for (auto [i, f] : llvm::enumerate(cycle)) {
      if (!assumed.contains(f.getOperation()) || trials[i].checked)
        continue;
      smt::Budget budget(opts.functionTimeoutMs);
      CheckSetup s;
      s.summaries = this;
      s.facts = facts.get();
      s.contract = true;
      s.induction = true;
      FunctionResult r = checkFunction(module, f, quiet, s);
      trials[i].checked = true;
      // As in check(): a contract is for every input within it, none
      // excluded ([safety.defined]).
      if (r.verdict == Verdict::Safe && r.excluded.empty() &&
          r.excludedCut.empty()) {
        trials[i].result = std::move(r);
        trials[i].setup = std::move(s);
        continue;
      }
      trials[i].seconds += r.seconds;
      assumed.erase(f.getOperation());
      again = true;
      std::string name = f.getSymName().str();
      for (auto [j, t] : llvm::enumerate(trials))
        if (t.checked && assumed.contains(cycle[j].getOperation()) &&
            llvm::is_contained(t.setup.summarised, name)) {
          t.checked = false;
          t.seconds += t.result.seconds;
        }
    }
  }
  for (auto [i, f] : llvm::enumerate(cycle)) {
    Entry &e = entries[f.getOperation()];
    e.done = true;
    e.contract = assumed.contains(f.getOperation());
    if (e.contract)
      record(e, std::move(trials[i].result), trials[i].setup,
             trials[i].seconds);
  }
  assumed.clear();
  for (func::FuncOp f : cycle) {
    Entry &e = entries[f.getOperation()];
    if (!e.contract && (f.isPublic() || f == asked))
      answerOnCycle(f, e, cycle);
  }
}

void CallSummaries::answerOnCycle(func::FuncOp fn, Entry &entry,
                                  ArrayRef<func::FuncOp> cycle) {
  // Under the hypothesis (not proved) that every function of the cycle keeps
  // its contract, a violation is only a candidate; one that dealloc-run
  // reproduces on its input is real whatever the hypothesis. Otherwise the
  // answer is the exact check's (a recursive call is not encoded).
  double seconds = 0;
  if (opts.replay && !facts->byteContents) {
    smt::Budget budget(opts.functionTimeoutMs);
    for (func::FuncOp f : cycle)
      assumed.insert(f.getOperation());
    CheckSetup s;
    s.summaries = this;
    s.facts = facts.get();
    s.induction = true;
    FunctionResult r = checkFunction(module, fn, opts, s);
    assumed.clear();
    if (isViolation(r.verdict))
      return record(entry, std::move(r), s, 0);
    seconds = r.seconds;
  }
  check(fn, entry, /*answer=*/true);
  entry.result.seconds += seconds;
}

void CallSummaries::check(func::FuncOp fn, Entry &entry, bool answer) {
  // [verify.timeout]: all checks of the function share its budget.
  smt::Budget budget(opts.functionTimeoutMs);
  double seconds = 0;
  // Checks with summaries decide only by SAFE; their counterexamples are
  // not needed (the exact check finds its own).
  VerifyOptions quiet = opts;
  quiet.replay = false;
  auto finish = [&](FunctionResult r, CheckSetup &s) {
    record(entry, std::move(r), s, seconds);
  };
  if (!entry.done && !facts->byteContents &&
      called.contains(fn.getOperation())) {
    CheckSetup s;
    s.summaries = this;
    s.facts = facts.get();
    s.contract = true;
    s.induction = true; // only SAFE counts here ([verify.induction])
    FunctionResult r = checkFunction(module, fn, quiet, s);
    // [safety.defined]: a contract is for every input within it; a callee
    // SAFE only on its defined inputs would hide, at a call, the undefined
    // behaviour the caller's check must see (and exclude).
    if (r.verdict == Verdict::Safe && r.excluded.empty() &&
        r.excludedCut.empty()) {
      entry.contract = true;
      return finish(std::move(r), s);
    }
    seconds += r.seconds;
  }
  // A private function's own answer is not reported: without a contract,
  // its calls are inlined, and nothing else is asked of it.
  if (!answer)
    return;
  // [input.unranked]: one exact check per rank of the unranked arguments.
  if (hasUnrankedArguments(fn)) {
    std::optional<CheckSetup> last;
    FunctionResult r = checkEachRank(fn, opts, [&](const VerifyOptions &o) {
      last.emplace();
      last->facts = facts.get();
      return checkFunctionWithInduction(module, fn, o, *last);
    });
    return finish(std::move(r), *last);
  }
  // Some call the check would encode may be summarised: a callee with a
  // contract, directly or in the body of a callee without one (inlined).
  bool anyContract = false;
  if (!facts->byteContents) {
    llvm::DenseSet<Operation *> seen{fn.getOperation()};
    std::vector<func::FuncOp> todo{fn};
    while (!todo.empty() && !anyContract) {
      func::FuncOp f = todo.back();
      todo.pop_back();
      for (func::FuncOp g : contractCallees(f)) {
        if (hasContract(g))
          anyContract = true;
        else if (seen.insert(g.getOperation()).second)
          todo.push_back(g);
      }
    }
  }
  if (anyContract) {
    CheckSetup s;
    s.summaries = this;
    s.facts = facts.get();
    s.induction = true;
    FunctionResult r = checkFunction(module, fn, opts, s);
    // Without a summarised call or an induction proof the check was the
    // exact one.
    if (r.verdict == Verdict::Safe || (s.summarised.empty() && s.inducted == 0))
      return finish(std::move(r), s);
    seconds += r.seconds;
  }
  CheckSetup exact;
  exact.facts = facts.get();
  finish(checkFunctionWithInduction(module, fn, opts, exact), exact);
}

ModuleVerifier::ModuleVerifier(ModuleOp module, const VerifyOptions &opts)
    : summaries(std::make_unique<CallSummaries>(module, opts)) {}

ModuleVerifier::~ModuleVerifier() = default;

FunctionResult ModuleVerifier::verify(func::FuncOp fn) {
  return summaries->verify(fn);
}
