//===- Abi.cpp - Symbolic inputs and the checks at return -----------------===//
//
// spec/verification.md [verify.inputs]: the entry function's arguments are
// symbolic: i1 and integers are free (all values of their width), floats
// free bit patterns, vector arguments fresh lanes ([input.vector],
// Verify/Ops/VectorOps.cpp), memref arguments (an unranked one of the rank
// the check covers, [input.unranked]) caller-provided buffers whose sharing
// is a symbolic choice among the other arguments of the same type
// ([input.memref.alias]; read-only arguments share only with the others,
// [verify.encoding.args.readonly]), with free dynamic extents (0 .. 2^20)
// and zeroed
// contents ([input.memref.contents]). At the return: the boundary checks
// ([abi.results.owned]) and then the leak check ([heap.leak]).
//
//===----------------------------------------------------------------------===//
#include "Calls/CallSummary.h"
#include "Encoder/Encoder.h"
#include "Encoder/ReadOnlyArguments.h"
#include "Ops/VectorValues.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/SolverPolicy.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;
using BinOp = smt::Context::BinOp;

namespace {
/// The memref arguments' own buffers: per argument its slot (-1: not a
/// memref), and which arguments are read-only
/// (Verify/Encoder/ReadOnlyArguments.h).
struct ArgumentSlots {
  std::vector<int> slotOfArg;
  llvm::BitVector readOnly;
};
} // namespace

/// The ranked type of memref argument `i` of `fn`: its own, or for an
/// unranked argument the one of the rank this check covers, every
/// dimension dynamic ([input.unranked]); null if it has none.
static MemRefType argMemRefType(Encoder &E, func::FuncOp fn, unsigned i) {
  Type t = fn.getArgument(i).getType();
  if (auto mt = dyn_cast<MemRefType>(t))
    return mt;
  if (!isModelledUnranked(t) || i >= E.opts.unrankedRanks.size())
    return nullptr;
  return rankedTypeFor(t, E.opts.unrankedRanks[i]);
}

/// [input.memref.alias]: the arguments whose buffer argument `i` (of type
/// `t`, its own buffer slot `slotOfArg[i]`) may share: its own and, of the
/// other arguments of its type, those whose sharing can matter
/// ([verify.encoding.args.readonly]): an argument that is not read-only may
/// share an earlier one that is not read-only either; a read-only one may
/// share any that is not read-only (read-only arguments sharing among
/// themselves cannot change a run). Sorted by slot, as View::cands are.
static std::vector<unsigned> sharingCandidates(Encoder &E, func::FuncOp fn,
                                               unsigned i,
                                               const ArgumentSlots &args) {
  // [input.unranked]: unranked arguments of different ranks never share.
  auto sameType = [&](unsigned j) {
    return fn.getArgument(j).getType() == fn.getArgument(i).getType() &&
           argMemRefType(E, fn, j) == argMemRefType(E, fn, i);
  };
  std::vector<unsigned> owners;
  for (unsigned j = 0; j < args.slotOfArg.size(); ++j)
    if (j == i || (args.slotOfArg[j] >= 0 && !args.readOnly.test(j) &&
                   (j < i || args.readOnly.test(i)) && sameType(j)))
      owners.push_back(j);
  return owners;
}

/// [input.memref.alias]: the view of memref argument `i`: its buffer is its
/// own or that of a sharing candidate (sharingCandidates) which itself
/// owns its buffer, a symbolic choice; its extents are the chosen buffer's.
/// The candidates' own views exist already (memrefArguments builds the
/// arguments that are not read-only first).
static View memrefArgument(Encoder &E, func::FuncOp fn, unsigned i,
                           const ArgumentSlots &args) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  MemRefType mt = argMemRefType(E, fn, i);
  std::vector<unsigned> owners = sharingCandidates(E, fn, i, args);
  View v;
  for (unsigned j : owners)
    v.cands.push_back(args.slotOfArg[j]);
  if (owners.size() == 1) {
    v.pts = {ctx.boolVal(true)};
  } else {
    // The choice is a fresh identity; its equalities are the one-hot
    // literals (exactly one holds by construction).
    Expr id = ctx.freshBV("arg" + std::to_string(i) + "_buffer", kIdWidth);
    v.id = id;
    std::vector<Expr> choice;
    for (auto [k, c] : llvm::enumerate(v.cands)) {
      v.pts.push_back(ctx.mkEq(id, heap.slot(c).idConst));
      // Another argument's buffer is shared only if that argument views
      // its own.
      choice.push_back(
          owners[k] == i
              ? v.pts[k]
              : ctx.mkAnd(
                    v.pts[k],
                    heap.denotes(E.boundary().argValues[owners[k]].view, c)));
    }
    heap.assume(ctx.mkOr(choice));
  }
  std::vector<Expr> addrs;
  for (unsigned c : v.cands)
    addrs.push_back(heap.slot(c).addr);
  v.addr = heap.mergeExprs(v.pts, addrs);
  // Extents of the chosen buffer.
  std::vector<Expr> dyn;
  for (size_t k = 0; k < mt.getNumDynamicDims(); ++k) {
    std::vector<Expr> es;
    for (unsigned owner : owners)
      es.push_back(E.boundary().argExtents[owner][k]);
    dyn.push_back(heap.mergeExprs(v.pts, es));
  }
  View whole = freshView(E, args.slotOfArg[i], mt, shapeOf(E, mt, dyn));
  v.sizes = whole.sizes;
  v.strides = whole.strides;
  v.offset = whole.offset;
  return v;
}

/// The views of the memref arguments (encodeArgument made their slots and
/// extents): those that are not read-only first, in order, so that a
/// read-only argument's candidates are built before it.
static void memrefArguments(Encoder &E, func::FuncOp fn,
                            const ArgumentSlots &args) {
  for (bool readOnlyPass : {false, true})
    for (unsigned i = 0; i < args.slotOfArg.size(); ++i)
      if (args.slotOfArg[i] >= 0 && args.readOnly.test(i) == readOnlyPass)
        E.boundary().argValues[i] =
            SymValue::memref(memrefArgument(E, fn, i, args));
}

/// [verify.inputs]: the symbolic value of argument `i` of `fn`; records the
/// slot of a memref argument's own buffer (its view is built later, by
/// memrefArguments).
static bool encodeArgument(Encoder &E, State &st, func::FuncOp fn, unsigned i,
                           ArgumentSlots &args) {
  smt::Context &ctx = E.ctx;
  Type t = fn.getArgument(i).getType();
  std::string name = "arg" + std::to_string(i);
  E.boundary().argExtents.emplace_back();
  args.slotOfArg.push_back(-1);
  auto newArgSlot = [&] {
    unsigned s = E.heap.newSlot(SlotKind::Arg, fn.getLoc(),
                                "argument " + std::to_string(i), &st);
    args.slotOfArg[i] = s;
    E.boundary().argOfSlot[s] = i;
  };
  if (E.inputsFrom()) {
    // Same signature, same slot order: reuse the earlier encoding's inputs.
    E.boundary().argValues.push_back(E.inputsFrom()->boundary().argValues[i]);
    E.boundary().argExtents.back() = E.inputsFrom()->boundary().argExtents[i];
    if (isa<BaseMemRefType>(t))
      newArgSlot();
    return true;
  }
  if (t.isInteger(1)) {
    E.boundary().argValues.push_back(SymValue::boolean(ctx.freshBool(name)));
    return true;
  }
  // [op.complex.values]: a complex argument has no input model.
  if (unsigned w = scalarWidth(t); w && !isa<ComplexType>(t)) {
    E.boundary().argValues.push_back(SymValue::bv(ctx.freshBV(name, w)));
    return true;
  }
  if (isa<VectorType>(t))
    return encodeVectorArgument(E, fn, i);
  MemRefType mt = argMemRefType(E, fn, i);
  if (!mt || !scalarWidth(mt.getElementType())) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << t;
    // [input.unranked]: a contract model ([verify.encoding.calls.summary])
    // has no rank to give an unranked argument.
    return E.fail(Verdict::Unsupported,
                  "argument #" + std::to_string(i) + " of type " + type +
                      (isModelledUnranked(t)
                           ? " has no rank in this check ([input.unranked])"
                           : " has no input model"),
                  fn.getLoc());
  }
  newArgSlot();
  for (size_t k = 0; k < mt.getNumDynamicDims(); ++k) {
    Expr e = ctx.freshBV(name + "_extent", kIndexWidth);
    E.heap.assume(ctx.mkCmp(
        Cmp::Ule, e, ctx.bvVal(kIndexWidth, SolverPolicy::maxArgExtent)));
    E.boundary().argExtents[i].push_back(e);
  }
  E.boundary().argValues.push_back(SymValue::memref(View{}));
  return true;
}

/// [input.memref.contents]: caller-provided contents are zero (in the
/// contract model of [verify.encoding.calls.summary], any).
static void initArgumentContents(Encoder &E, State &st, func::FuncOp fn,
                                 const std::vector<int> &slotOfArg) {
  SymbolicHeap &heap = E.heap;
  for (auto [i, s] : llvm::enumerate(slotOfArg)) {
    if (s < 0)
      continue;
    MemRefType mt = argMemRefType(E, fn, i);
    unsigned eb = elementBytes(mt.getElementType());
    // The argument's own buffer: its extents, the type's layout; contents
    // span every element it reaches (a static offset included).
    View own = freshView(E, s, mt, shapeOf(E, mt, E.boundary().argExtents[i]));
    if (mt.getLayout().isIdentity())
      heap.setWhole(s, own);
    heap.initContents(st, s, {byteExtent(E, own, 1)},
                      /*zero=*/!(E.setup() && E.setup()->contract), eb);
    if (heap.byteContents())
      heap.setSlotBytes(s, byteExtent(E, own, eb));
  }
}

/// [heap.leak]: every heap buffer allocated during the run that is live and
/// not the buffer of a result.
static void leakChecks(Encoder &E, State &exit, Location retLoc) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  for (unsigned s = 0; s < heap.numSlots(); ++s) {
    if (heap.slot(s).kind != SlotKind::Heap)
      continue;
    std::vector<Expr> conj{heap.allocOf(exit, s),
                           ctx.mkNot(heap.freedOf(exit, s))};
    for (const SymValue &r : E.boundary().results)
      if (r.kind == SymValue::Kind::MemRef)
        conj.push_back(ctx.mkNot(heap.denotes(r.view, s)));
    heap.violate(exit, Verdict::Leak, ctx.mkAnd(conj), retLoc,
                 "buffer allocated by " + heap.slot(s).origin +
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
  ArgumentSlots args;
  args.readOnly = inputsOf ? llvm::BitVector(fn.getNumArguments())
                           : readOnlyArguments(fn, sharedWith);
  for (unsigned i = 0; i < fn.getNumArguments(); ++i)
    if (!encodeArgument(*this, st, fn, i, args))
      return false;
  if (!inputsOf)
    memrefArguments(*this, fn, args);
  // [equiv.loops]: an encoding that takes its inputs from an earlier one
  // assumes their constraints too (its loop proofs ask their own solver).
  if (inputsOf) {
    const std::vector<Expr> &from = inputsOf->heap.constraints();
    for (size_t i = 0; i < inputsOf->boundary().inputConstraints; ++i)
      heap.assume(from[i]);
  }
  entryBoundary.inputConstraints = heap.constraints().size();
  initArgumentContents(*this, st, fn, args.slotOfArg);
  for (const SymValue &a : entryBoundary.argValues)
    if (a.kind == SymValue::Kind::MemRef)
      calls.borrowed.push_back(a.view);
  calls.activeCalls.insert(fn.getOperation());
  std::vector<RegionExit> exits;
  if (!encodeRegion(*this, st, fn.getBody(), entryBoundary.argValues, exits))
    return false;
  for (RegionExit &x : exits)
    if (!isa<func::ReturnOp>(x.terminator))
      return unsupported(x.terminator,
                         "function body ends without func.return");
  Location retLoc =
      exits.size() == 1 ? exits[0].terminator->getLoc() : fn.getLoc();
  entryBoundary.exitLoc = retLoc;
  if (exits.size() > 1)
    for (const RegionExit &x : exits)
      entryBoundary.exitSites.push_back({x.state.path, x.terminator->getLoc()});
  State exit;
  if (!mergeExits(*this, exit, exits, entryBoundary.results, "exit")) {
    heap.kill(exit);
    entryBoundary.exitState = exit;
    return checkUnboundUses();
  }
  calls.borrowed.clear();
  checkResults(*this, exit, entryBoundary.argValues, entryBoundary.results,
               retLoc);
  leakChecks(*this, exit, retLoc);
  contractObligations(*this, exit, fn, entryBoundary.results, retLoc);
  entryBoundary.exitState = exit;
  return checkUnboundUses();
}
