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

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using Cmp = smt::Context::Cmp;
using BinOp = smt::Context::BinOp;

bool Encoder::encodeEntry(func::FuncOp fn) {
  entryOp = fn.getOperation();
  State st;
  st.guard = ctx.boolVal(true);
  st.path = st.guard;
  st.epoch = ctx.bvVal(kIndexWidth, 0);
  std::vector<int> slotOfArg;
  for (auto [i, arg] : llvm::enumerate(fn.getArguments())) {
    Type t = arg.getType();
    std::string name = "arg" + std::to_string(i);
    argExtents.emplace_back();
    slotOfArg.push_back(-1);
    if (inputsFrom) {
      // Same signature, same slot order: reuse the earlier encoding's inputs.
      argValues.push_back(inputsFrom->argValues[i]);
      argExtents.back() = inputsFrom->argExtents[i];
      if (isa<MemRefType>(t))
        slotOfArg[i] = heap.newSlot(SlotKind::Arg, fn.getLoc(),
                                    "argument " + std::to_string(i), &st);
      continue;
    }
    if (t.isInteger(1)) {
      argValues.push_back(SymValue::boolean(ctx.freshBool(name)));
      continue;
    }
    if (unsigned w = scalarWidth(t)) {
      argValues.push_back(SymValue::bv(ctx.freshBV(name, w)));
      continue;
    }
    auto mt = dyn_cast<MemRefType>(t);
    if (!mt || !scalarWidth(mt.getElementType()))
      return fail(Verdict::Unsupported,
                  "argument #" + std::to_string(i) + " of type " +
                      [&] {
                        std::string s;
                        llvm::raw_string_ostream os(s);
                        os << t;
                        return s;
                      }() +
                      " has no input model",
                  fn.getLoc());
    unsigned s = heap.newSlot(SlotKind::Arg, fn.getLoc(),
                              "argument " + std::to_string(i), &st);
    slotOfArg[i] = s;
    for (int64_t k = 0; k < mt.getNumDynamicDims(); ++k) {
      Expr e = ctx.freshBV(name + "_extent", kIndexWidth);
      heap.constraints.push_back(
          ctx.mkCmp(Cmp::Ule, e, ctx.bvVal(kIndexWidth, int64_t(1) << 20)));
      argExtents[i].push_back(e);
    }
    // Candidates: this argument's own buffer, or that of an earlier argument
    // of the same type which itself owns its buffer.
    std::vector<unsigned> cands;
    std::vector<Expr> choice;
    for (size_t j = 0; j < i; ++j)
      if (slotOfArg[j] >= 0 && fn.getArgument(j).getType() == t)
        cands.push_back(slotOfArg[j]);
    cands.push_back(s);
    View v;
    v.cands = cands;
    if (cands.size() == 1) {
      v.pts = {ctx.boolVal(true)};
    } else {
      // The choice is a fresh identity; its equalities are the one-hot
      // literals (exactly one holds by construction).
      Expr id = ctx.freshBV(name + "_buffer", kIdWidth);
      for (unsigned c : cands)
        v.pts.push_back(ctx.mkEq(id, heap.slots[c].idConst));
      for (auto [k, c] : llvm::enumerate(cands)) {
        Expr pick = v.pts[k];
        if (c != s) {
          // c's own argument must view its own buffer.
          size_t owner = std::find(slotOfArg.begin(), slotOfArg.end(), (int)c) -
                         slotOfArg.begin();
          pick = ctx.mkAnd(pick, heap.denotes(argValues[owner].view, c));
        }
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
    for (int64_t k = 0; k < mt.getNumDynamicDims(); ++k) {
      std::vector<Expr> es;
      for (unsigned c : cands) {
        size_t owner = std::find(slotOfArg.begin(), slotOfArg.end(), (int)c) -
                       slotOfArg.begin();
        es.push_back(argExtents[owner][k]);
      }
      dyn.push_back(heap.mergeExprs(guards, es));
    }
    View whole = freshView(*this, s, mt, shapeOf(mt, dyn));
    v.sizes = whole.sizes;
    v.strides = whole.strides;
    v.offset = whole.offset;
    argValues.push_back(SymValue::memref(v));
  }
  // [input.memref.contents]: caller-provided contents are zero.
  for (auto [i, s] : llvm::enumerate(slotOfArg)) {
    if (s < 0)
      continue;
    auto mt = cast<MemRefType>(fn.getArgument(i).getType());
    unsigned eb = elementBytes(mt.getElementType());
    // The argument's own buffer: its extents, the type's layout; contents
    // span every element it reaches (a static offset included).
    View own = freshView(*this, s, mt, shapeOf(mt, argExtents[i]));
    if (mt.getLayout().isIdentity())
      heap.setWhole(s, own);
    // In the contract model of [verify.encoding.calls.summary], any.
    heap.initContents(st, s, {byteExtent(own, 1)},
                      /*zero=*/!(setup && setup->contract), eb);
    if (heap.byteContents)
      heap.slots[s].bytes = byteExtent(own, eb);
  }
  for (const SymValue &a : argValues)
    if (a.kind == SymValue::Kind::MemRef)
      borrowed.push_back(a.view);
  activeCalls.insert(fn.getOperation());
  std::vector<RegionExit> exits;
  if (!encodeRegion(fn.getBody(), argValues, st, exits))
    return false;
  for (RegionExit &x : exits)
    if (!isa<func::ReturnOp>(x.terminator))
      return unsupported(x.terminator, "function body ends without func.return");
  Location retLoc = exits.size() == 1 ? exits[0].terminator->getLoc()
                                      : fn.getLoc();
  exitLoc = retLoc;
  if (exits.size() > 1)
    for (const RegionExit &x : exits)
      exitSites.push_back({x.state.path, x.terminator->getLoc()});
  State exit;
  if (!mergeExits(exits, exit, results, "exit")) {
    heap.kill(exit);
    exitState = exit;
    return checkUnboundUses();
  }
  borrowed.clear();
  checkResults(exit, argValues, results, retLoc);
  // [heap.leak]: every heap buffer allocated during the run that is live and
  // not the buffer of a result.
  for (unsigned s = 0; s < heap.slots.size(); ++s) {
    if (heap.slots[s].kind != SlotKind::Heap)
      continue;
    std::vector<Expr> conj{heap.allocOf(exit, s),
                           ctx.mkNot(heap.freedOf(exit, s))};
    for (const SymValue &r : results)
      if (r.kind == SymValue::Kind::MemRef)
        conj.push_back(ctx.mkNot(heap.denotes(r.view, s)));
    heap.violate(exit, Verdict::Leak, ctx.mkAnd(conj), retLoc,
                 "buffer allocated by " + heap.slots[s].origin +
                     " is not freed ([heap.leak])",
                 s);
  }
  contractObligations(*this, exit, fn, results, retLoc);
  exitState = exit;
  return checkUnboundUses();
}
