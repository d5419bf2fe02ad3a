//===- CallEncoder.cpp - Calls and the public-boundary result checks ------===//
//
// docs/verifier-design.md [verify.encoding.calls]: calls to defined functions
// are inlined; external callees follow [abi.external]; a public callee's
// results are checked against [abi.results.*] at its return.
//
//===----------------------------------------------------------------------===//
#include "Calls/CallSummary.h"
#include "Encoder/Encoder.h"
#include "Ops/VectorValues.h"
#include "dealloc/Semantics/ExternalCallees.h"
#include "dealloc/Semantics/TypeSupport.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

bool dealloc::verify::encodeCall(Encoder &E, State &st, func::FuncOp callee,
                                 ArrayRef<SymValue> args, Operation *site,
                                 std::vector<SymValue> &results) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  Location loc = site->getLoc();
  results.clear();
  if (callee.isDeclaration()) {
    // [abi.external]: frees nothing, keeps nothing, returns fresh distinct
    // heap buffers (dynamic extents 2) and zero scalars. During the call it
    // may read and write its memref arguments: a freed one is [heap.use];
    // afterwards their buffers hold any values (initialized ones stay so).
    // [abi.external.printers]: the runtime's memref printers only read.
    bool writes = !isReadOnlyExternal(callee);
    for (const SymValue &a : args)
      if (a.kind == SymValue::Kind::MemRef) {
        heap.use(st, a.view, loc, "access by an external callee");
        if (writes)
          heap.havoc(st, a.view, /*writesInit=*/true);
      }
    for (Type t : callee.getFunctionType().getResults()) {
      if (auto mt = dyn_cast<MemRefType>(t)) {
        std::vector<Expr> dyn(mt.getNumDynamicDims(),
                              ctx.bvVal(kIndexWidth, 2));
        results.push_back(SymValue::memref(
            allocate(E, st, SlotKind::Heap, mt, dyn, site,
                     "result of @" + callee.getSymName().str())));
      } else if (scalarWidth(t)) {
        results.push_back(zeroOf(E, t));
      } else if (auto vt = dyn_cast<VectorType>(t);
                 vt && isModelledVector(vt)) {
        SymValue zero = zeroOf(E, vt.getElementType());
        results.push_back(
            vectorOfLanes(E, vt, [zero](int64_t) { return zero; }));
      } else {
        return E.unsupported(site, "external result type not modelled");
      }
    }
    return true;
  }
  // [verify.encoding.helper]: upstream's dealloc_helper by what it computes.
  if (callee.isPrivate() && encodeHelperCall(E, st, callee, args))
    return true;
  // [verify.encoding.calls.summary]: a public callee with a proved contract.
  bool summarised = false;
  if (!summariseCall(E, st, callee, args, site, results, summarised))
    return false;
  if (summarised)
    return true;
  if (!E.nesting().activeCalls.insert(callee.getOperation()).second)
    return E.fail(Verdict::Unknown,
                  "recursive call to @" + callee.getSymName().str() +
                      " is not encoded",
                  loc);
  bool boundary = callee.isPublic();
  size_t lent = E.nesting().borrowed.size();
  if (boundary)
    for (const SymValue &a : args)
      if (a.kind == SymValue::Kind::MemRef)
        E.nesting().borrowed.push_back(a.view);
  std::vector<unsigned> outerStack = std::move(E.nesting().stackSlots);
  E.nesting().stackSlots.clear();
  std::vector<RegionExit> exits;
  if (!encodeRegion(E, st, callee.getBody(), args, exits))
    return false;
  Location retLoc = exits.size() == 1 ? exits[0].terminator->getLoc() : loc;
  if (!mergeExits(E, st, exits, results, "return")) {
    heap.kill(st);
    for (Type t : callee.getFunctionType().getResults())
      results.push_back(E.dummyValue(t));
  }
  E.nesting().borrowed.resize(lent);
  if (boundary)
    checkResults(E, st, args, results, retLoc);
  // [op.memref.alloca]: stack buffers are released when their function returns.
  releaseStack(E, st, E.nesting().stackSlots);
  E.nesting().stackSlots = std::move(outerStack);
  E.nesting().activeCalls.erase(callee.getOperation());
  return true;
}

void dealloc::verify::releaseStack(Encoder &E, State &st,
                                   ArrayRef<unsigned> slots) {
  smt::Context &ctx = E.ctx;
  for (unsigned s : slots) {
    if (s >= st.freed.size())
      st.freed.resize(s + 1, ctx.boolVal(false));
    st.freed[s] = ctx.boolVal(true);
  }
}

void dealloc::verify::checkResults(Encoder &E, State &st,
                                   ArrayRef<SymValue> args,
                                   ArrayRef<SymValue> results, Location loc) {
  smt::Context &ctx = E.ctx;
  SymbolicHeap &heap = E.heap;
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i].kind != SymValue::Kind::MemRef)
      continue;
    const View &r = results[i].view;
    heap.violate(st, Verdict::AbiViolation, ctx.mkNot(heap.isLiveHeap(st, r)),
                 loc,
                 "result #" + std::to_string(i) +
                     " does not view a live heap buffer ([abi.results.heap])");
    std::vector<Expr> alias;
    for (const SymValue &a : args)
      if (a.kind == SymValue::Kind::MemRef)
        alias.push_back(heap.sameBuffer(r, a.view));
    heap.violate(
        st, Verdict::AbiViolation, ctx.mkOr(alias), loc,
        "result #" + std::to_string(i) +
            " views an argument's buffer ([abi.results.no_arg_alias])");
    std::vector<Expr> dup;
    for (size_t j = 0; j < i; ++j)
      if (results[j].kind == SymValue::Kind::MemRef)
        dup.push_back(heap.sameBuffer(r, results[j].view));
    heap.violate(st, Verdict::AbiViolation, ctx.mkOr(dup), loc,
                 "result #" + std::to_string(i) +
                     " views the same buffer as an earlier result "
                     "([abi.results.distinct])");
  }
}
