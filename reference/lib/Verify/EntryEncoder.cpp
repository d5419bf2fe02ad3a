//===- EntryEncoder.cpp - Symbolic inputs and the checks at return --------===//
//
// spec/verification.md [verify.inputs]: the entry function's arguments are
// symbolic: i1 and integers are free (all values of their width), floats
// free bit patterns, memref arguments caller-provided buffers whose sharing
// is a symbolic choice among the earlier arguments of the same type
// ([input.memref.alias]), with free dynamic extents (0 .. 2^20) and zeroed
// contents ([input.memref.contents]). At the return: the boundary checks
// ([abi.results.owned]) and then the leak check ([heap.leak]).
//
//===----------------------------------------------------------------------===//
#include "CallSummary.h"
#include "Encoder.h"
#include "dealloc/Support/SolverPolicy.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;
using BinOp = smt::Context::BinOp;

/// [input.memref.alias]: the view of memref argument `i`, whose own buffer
/// is slot `s`: its buffer is its own or that of an earlier argument of the
/// same type which itself owns its buffer, a symbolic choice; its extents
/// are the chosen buffer's.
static View memrefArgument(Encoder &E, func::FuncOp fn, unsigned i, unsigned s,
                           const std::vector<int> &slotOfArg) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  Type t = fn.getArgument(i).getType();
  auto mt = cast<MemRefType>(t);
  // The candidates' slots and, per candidate, the argument that owns it
  // (looked up once: a search per candidate made this cubic in the number
  // of arguments of one type).
  std::vector<unsigned> cands;
  std::vector<size_t> owners;
  for (size_t j = 0; j < i; ++j)
    if (slotOfArg[j] >= 0 && fn.getArgument(j).getType() == t) {
      cands.push_back(slotOfArg[j]);
      owners.push_back(j);
    }
  cands.push_back(s);
  owners.push_back(i);
  View v;
  v.cands = cands;
  if (cands.size() == 1) {
    v.pts = {ctx.boolVal(true)};
  } else {
    // The choice is a fresh identity; its equalities are the one-hot
    // literals (exactly one holds by construction).
    Expr id = ctx.freshBV("arg" + std::to_string(i) + "_buffer", kIdWidth);
    v.id = id;
    for (unsigned c : cands)
      v.pts.push_back(ctx.mkEq(id, heap.slots[c].idConst));
    std::vector<Expr> choice;
    for (auto [k, c] : llvm::enumerate(cands)) {
      Expr pick = v.pts[k];
      // c's own argument must view its own buffer.
      if (c != s)
        pick = ctx.mkAnd(
            pick, heap.denotes(E.boundary().argValues[owners[k]].view, c));
      choice.push_back(pick);
    }
    heap.constraints.push_back(ctx.mkOr(choice));
  }
  std::vector<Expr> guards, addrs;
  for (auto [k, c] : llvm::enumerate(cands)) {
    guards.push_back(v.pts[k]);
    addrs.push_back(heap.slots[c].addr);
  }
  v.addr = heap.mergeExprs(guards, addrs);
  // Extents of the chosen buffer.
  std::vector<Expr> dyn;
  for (size_t k = 0; k < mt.getNumDynamicDims(); ++k) {
    std::vector<Expr> es;
    for (size_t owner : owners)
      es.push_back(E.boundary().argExtents[owner][k]);
    dyn.push_back(heap.mergeExprs(guards, es));
  }
  View whole = freshView(E, s, mt, E.shapeOf(mt, dyn));
  v.sizes = whole.sizes;
  v.strides = whole.strides;
  v.offset = whole.offset;
  return v;
}

/// [verify.inputs]: the symbolic value of argument `i` of `fn`; records the
/// slot of a memref argument's own buffer in slotOfArg.
static bool encodeArgument(Encoder &E, func::FuncOp fn, unsigned i, State &st,
                           std::vector<int> &slotOfArg) {
  smt::Context &ctx = E.ctx;
  Type t = fn.getArgument(i).getType();
  std::string name = "arg" + std::to_string(i);
  E.boundary().argExtents.emplace_back();
  slotOfArg.push_back(-1);
  if (E.inputsFrom()) {
    // Same signature, same slot order: reuse the earlier encoding's inputs.
    E.boundary().argValues.push_back(E.inputsFrom()->boundary().argValues[i]);
    E.boundary().argExtents.back() = E.inputsFrom()->boundary().argExtents[i];
    if (isa<MemRefType>(t))
      slotOfArg[i] = E.heap.newSlot(SlotKind::Arg, fn.getLoc(),
                                    "argument " + std::to_string(i), &st);
    return true;
  }
  if (t.isInteger(1)) {
    E.boundary().argValues.push_back(SymValue::boolean(ctx.freshBool(name)));
    return true;
  }
  if (unsigned w = scalarWidth(t)) {
    E.boundary().argValues.push_back(SymValue::bv(ctx.freshBV(name, w)));
    return true;
  }
  auto mt = dyn_cast<MemRefType>(t);
  if (!mt || !scalarWidth(mt.getElementType())) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << t;
    return E.fail(Verdict::Unsupported,
                  "argument #" + std::to_string(i) + " of type " + type +
                      " has no input model",
                  fn.getLoc());
  }
  unsigned s = E.heap.newSlot(SlotKind::Arg, fn.getLoc(),
                              "argument " + std::to_string(i), &st);
  slotOfArg[i] = s;
  for (size_t k = 0; k < mt.getNumDynamicDims(); ++k) {
    Expr e = ctx.freshBV(name + "_extent", kIndexWidth);
    E.heap.constraints.push_back(ctx.mkCmp(
        Cmp::Ule, e, ctx.bvVal(kIndexWidth, SolverPolicy::maxArgExtent)));
    E.boundary().argExtents[i].push_back(e);
  }
  E.boundary().argValues.push_back(
      SymValue::memref(memrefArgument(E, fn, i, s, slotOfArg)));
  return true;
}

/// [input.memref.contents]: caller-provided contents are zero (in the
/// contract model of [verify.encoding.calls.summary], any).
static void initArgumentContents(Encoder &E, func::FuncOp fn, State &st,
                                 const std::vector<int> &slotOfArg) {
  SymbolicHeap &heap = E.heap;
  for (auto [i, s] : llvm::enumerate(slotOfArg)) {
    if (s < 0)
      continue;
    auto mt = cast<MemRefType>(fn.getArgument(i).getType());
    unsigned eb = elementBytes(mt.getElementType());
    // The argument's own buffer: its extents, the type's layout; contents
    // span every element it reaches (a static offset included).
    View own = freshView(E, s, mt, E.shapeOf(mt, E.boundary().argExtents[i]));
    if (mt.getLayout().isIdentity())
      heap.setWhole(s, own);
    heap.initContents(st, s, {E.byteExtent(own, 1)},
                      /*zero=*/!(E.setup() && E.setup()->contract), eb);
    if (heap.byteContents)
      heap.slots[s].bytes = E.byteExtent(own, eb);
  }
}

/// [heap.leak]: every heap buffer allocated during the run that is live and
/// not the buffer of a result.
static void leakChecks(Encoder &E, State &exit, Location retLoc) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  for (unsigned s = 0; s < heap.slots.size(); ++s) {
    if (heap.slots[s].kind != SlotKind::Heap)
      continue;
    std::vector<Expr> conj{heap.allocOf(exit, s),
                           ctx.mkNot(heap.freedOf(exit, s))};
    for (const SymValue &r : E.boundary().results)
      if (r.kind == SymValue::Kind::MemRef)
        conj.push_back(ctx.mkNot(heap.denotes(r.view, s)));
    heap.violate(exit, Verdict::Leak, ctx.mkAnd(conj), retLoc,
                 "buffer allocated by " + heap.slots[s].origin +
                     " is not freed ([heap.leak])",
                 s);
  }
}

bool Encoder::encodeEntry(func::FuncOp fn) {
  entryBoundary.entryOp = fn.getOperation();
  State st;
  st.guard = ctx.boolVal(true);
  st.path = st.guard;
  st.epoch = ctx.bvVal(kIndexWidth, 0);
  std::vector<int> slotOfArg;
  for (unsigned i = 0; i < fn.getNumArguments(); ++i)
    if (!encodeArgument(*this, fn, i, st, slotOfArg))
      return false;
  // [equiv.loops]: an encoding that takes its inputs from an earlier one
  // assumes their constraints too (its loop proofs ask their own solver).
  if (inputsOf) {
    const auto &from = inputsOf->heap.constraints;
    heap.constraints.insert(heap.constraints.end(), from.begin(),
                            from.begin() +
                                inputsOf->boundary().inputConstraints);
  }
  entryBoundary.inputConstraints = heap.constraints.size();
  initArgumentContents(*this, fn, st, slotOfArg);
  for (const SymValue &a : entryBoundary.argValues)
    if (a.kind == SymValue::Kind::MemRef)
      calls.borrowed.push_back(a.view);
  calls.activeCalls.insert(fn.getOperation());
  std::vector<RegionExit> exits;
  if (!encodeRegion(fn.getBody(), entryBoundary.argValues, st, exits))
    return false;
  for (RegionExit &x : exits)
    if (!isa<func::ReturnOp>(x.terminator))
      return unsupported(x.terminator, "function body ends without func.return");
  Location retLoc = exits.size() == 1 ? exits[0].terminator->getLoc()
                                      : fn.getLoc();
  entryBoundary.exitLoc = retLoc;
  if (exits.size() > 1)
    for (const RegionExit &x : exits)
      entryBoundary.exitSites.push_back({x.state.path, x.terminator->getLoc()});
  State exit;
  if (!mergeExits(exits, exit, entryBoundary.results, "exit")) {
    heap.kill(exit);
    entryBoundary.exitState = exit;
    return checkUnboundUses();
  }
  calls.borrowed.clear();
  checkResults(exit, entryBoundary.argValues, entryBoundary.results, retLoc);
  leakChecks(*this, exit, retLoc);
  contractObligations(*this, exit, fn, entryBoundary.results, retLoc);
  entryBoundary.exitState = exit;
  return checkUnboundUses();
}
