//===- Interpreter.cpp - Machine core: dispatch, regions, calls -----------===//
//
// spec/operations.md: [op.unsupported], [op.uninit.control],
// [op.func.call]; spec/safety.md: [safety.first], [safety.steps].
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Semantics/CallDepth.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/VectorAccess.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace dealloc {

// Nested calls beyond kMaxCallDepth (Semantics/CallDepth.h) stop the run as
// UNKNOWN (the interpreter recurses natively per call).

std::string printLoc(Location loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

std::vector<TraceEvent> Machine::history(unsigned id) const {
  std::vector<TraceEvent> events;
  if (id == 0 || id > heap.size())
    return events;
  const Buffer &b = heap.get(id);
  const char *created = "alloc";
  switch (b.kind) {
  case BufferKind::Heap:
    created = "alloc";
    break;
  case BufferKind::Stack:
    created = "stack";
    break;
  case BufferKind::Global:
    created = "global";
    break;
  case BufferKind::Arg:
    created = "arg";
    break;
  }
  events.push_back({created, id, b.allocLoc});
  if (!b.live)
    events.push_back(
        {b.kind == BufferKind::Stack ? "release" : "free", id, b.freeLoc});
  return events;
}

bool Machine::violation(Verdict v, StringRef clause, const std::string &message,
                        unsigned buffer, StringRef event, Location loc) {
  RunResult r;
  r.verdict = v;
  r.clause = clause.str();
  r.message = message;
  r.trace = history(buffer);
  r.trace.push_back({event.str(), buffer, printLoc(loc)});
  stopped = std::move(r);
  return false;
}

bool Machine::unknown(StopKind kind, const std::string &reason, Location loc) {
  RunResult r;
  r.verdict = Verdict::Unknown;
  r.stop = kind;
  r.message = reason + " at " + printLoc(loc);
  stopped = std::move(r);
  return false;
}

bool Machine::unsupported(Operation *op, const std::string &reason) {
  RunResult r;
  r.verdict = Verdict::Unsupported;
  r.clause = "[op.unsupported]";
  r.message = "'" + op->getName().getStringRef().str() + "' at " +
              printLoc(op->getLoc()) + ": " + reason;
  stopped = std::move(r);
  return false;
}

bool Machine::abortRun(Location loc) {
  RunResult r;
  r.verdict = Verdict::Safe;
  r.aborted = true;
  r.clause = "[op.cf.assert]";
  r.message = "cf.assert failed at " + printLoc(loc);
  stopped = std::move(r);
  return false;
}

bool Machine::decide(Frame &f, Value v, Operation *op, bool &out) {
  const RtValue &r = lookup(f, v);
  if (r.kind != RtValue::Int)
    return unknown(
        StopKind::UninitControl,
        "uninitialized value decides control flow ([op.uninit.control])",
        op->getLoc());
  out = r.isTrue();
  return true;
}

bool Machine::decideInt(Frame &f, Value v, Operation *op, int64_t &out) {
  const RtValue &r = lookup(f, v);
  if (r.kind != RtValue::Int)
    return unknown(
        StopKind::UninitControl,
        "uninitialized value decides control flow ([op.uninit.control])",
        op->getLoc());
  out = r.i.getBitWidth() == 1 ? (r.isTrue() ? 1 : 0) : r.i.getSExtValue();
  return true;
}

bool Machine::execRegion(Region &region, ArrayRef<RtValue> args, Frame &f,
                         RegionExit &exit) {
  Block *block = &region.front();
  SmallVector<RtValue, 4> blockArgs(args.begin(), args.end());
  while (true) {
    ++path.blockVisits[block];
    for (auto [arg, val] : llvm::zip(block->getArguments(), blockArgs))
      bind(f, arg, val);
    Block *next = nullptr;
    for (Operation &op : *block) {
      if (!op.hasTrait<OpTrait::IsTerminator>()) {
        if (!execOp(&op, f))
          return false;
        continue;
      }
      current = &op;
      if (++steps > options.maxSteps)
        return unknown(StopKind::StepLimit,
                       "step limit " + std::to_string(options.maxSteps) +
                           " reached ([safety.steps])",
                       op.getLoc());
      // [op.cf.br], [op.cf.cond_br]: jumps stay inside the region.
      if (auto br = dyn_cast<cf::BranchOp>(op)) {
        next = br.getDest();
        blockArgs.clear();
        for (Value v : br.getDestOperands())
          blockArgs.push_back(lookup(f, v));
        break;
      }
      if (auto cbr = dyn_cast<cf::CondBranchOp>(op)) {
        bool c;
        if (!decide(f, cbr.getCondition(), &op, c))
          return false;
        next = c ? cbr.getTrueDest() : cbr.getFalseDest();
        blockArgs.clear();
        for (Value v :
             c ? cbr.getTrueDestOperands() : cbr.getFalseDestOperands())
          blockArgs.push_back(lookup(f, v));
        break;
      }
      // [op.cf.switch]
      if (auto sw = dyn_cast<cf::SwitchOp>(op)) {
        int64_t flag;
        if (!decideInt(f, sw.getFlag(), &op, flag))
          return false;
        next = sw.getDefaultDestination();
        ValueRange operands = sw.getDefaultOperands();
        if (auto cases = sw.getCaseValues()) {
          for (auto [k, c] : llvm::enumerate(cases->getValues<llvm::APInt>())) {
            if (c.getSExtValue() != flag)
              continue;
            next = sw.getCaseDestinations()[k];
            operands = sw.getCaseOperands(k);
            break;
          }
        }
        blockArgs.clear();
        for (Value v : operands)
          blockArgs.push_back(lookup(f, v));
        break;
      }
      const OpInfo *info = lookupOp(&op);
      if (!info || !info->terminator)
        return unsupported(&op, "terminator not modelled");
      ++path.blockExits[block];
      exit.terminator = &op;
      exit.values.clear();
      for (Value v : op.getOperands())
        exit.values.push_back(lookup(f, v));
      return true;
    }
    if (!next)
      return unsupported(block->getParentOp(), "block without terminator");
    ++path.branches[{block, next}];
    block = next;
  }
}

bool Machine::execOp(Operation *op, Frame &f) {
  // `current` stays at the innermost op when the run stops there.
  Operation *outer = current;
  current = op;
  bool ok = execOpHere(op, f);
  // [buffer.contents.lazy]: a write this op needed was dropped; whatever the
  // op concluded may rest on it.
  if (heap.exhausted() &&
      !(stopped && stopped->verdict == Verdict::Unknown &&
        StringRef(stopped->message).starts_with("buffer contents")))
    return unknown(StopKind::BufferLimit,
                   "buffer contents limit: the run writes more than " +
                       std::to_string(kMaxTouchedBytes >> 20) +
                       " MiB ([buffer.contents.lazy])",
                   op->getLoc());
  if (!ok)
    return false;
  current = outer;
  return true;
}

bool interpreterDispatches(Operation *op) {
  const OpInfo *info = lookupOp(op);
  return info && !info->terminator;
}

bool Machine::execOpHere(Operation *op, Frame &f) {
  // [op.unsupported]: only the ops of OpTable.def (terminators are run by
  // execRegion).
  if (!interpreterDispatches(op))
    return unsupported(op, "op not modelled");
  if (++steps > options.maxSteps)
    return unknown(StopKind::StepLimit,
                   "step limit " + std::to_string(options.maxSteps) +
                       " reached ([safety.steps])",
                   op->getLoc());
  // [heap.use]: an op that reads or writes (by its memory effects) a memref
  // operand whose buffer is freed is a use after free. Ops that free their
  // operands check them themselves.
  if (!opFrees(op)) {
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance, 4> effects;
      iface.getEffects(effects);
      for (auto &e : effects) {
        if (!isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect()))
          continue;
        Value v = e.getValue();
        if (!v || !isa<BaseMemRefType>(v.getType()))
          continue;
        // A result the op defines (the clone it writes) is fresh: its
        // binding from an earlier iteration of an enclosing loop is not it.
        if (auto r = dyn_cast<OpResult>(v); r && r.getOwner() == op)
          continue;
        auto it = f.values.find(v);
        if (it == f.values.end() || it->second.kind != RtValue::MemRef)
          continue;
        if (!requireLive(it->second.m, op))
          return false;
      }
    }
  }
  // Memref operands always hold views; anything else is an interpreter bug,
  // reported instead of crashing.
  for (Value v : op->getOperands())
    if (isa<BaseMemRefType>(v.getType()) &&
        lookup(f, v).kind != RtValue::MemRef)
      return unknown(StopKind::Internal,
                     "internal error: memref operand without a value",
                     op->getLoc());
  // [op.vector.elementwise]: arith and math on vectors, lane by lane, each
  // lane by dispatch (VectorOps.cpp).
  if (isElementwiseOnVectors(op))
    return execOnVectors(*this, f, op);
  return dispatch(op, f);
}

bool Machine::dispatch(Operation *op, Frame &f) {
  // The family each row of OpTable.def names (Encoder::dispatch has the
  // same shape); terminators are run by execRegion.
  switch (lookupOp(op)->id) {
#define DEALLOC_OP(Id, Name, Clause, Effects, Family)                          \
  case OpId::Id:                                                               \
    return exec##Family(op, f);
#define DEALLOC_TERMINATOR(Id, Name, Clause)                                   \
  case OpId::Id:                                                               \
    break;
#include "dealloc/Support/OpTable.def"
  }
  return notRun(op);
}

bool Machine::notRun(Operation *op) {
  // OpTable.def names the family, the family does not run the op: a bug the
  // op table's unit test finds (unittests/Verify/OpTableTest.cpp).
  return unsupported(op, "internal error: in the op table, but dealloc-run "
                         "does not run it");
}

bool Machine::callFunction(func::FuncOp callee, ArrayRef<RtValue> args,
                           Operation *callSite,
                           SmallVectorImpl<RtValue> &results) {
  Location loc = callSite ? callSite->getLoc() : callee.getLoc();
  results.clear();
  // [abi.external]: a declaration-only callee frees nothing and returns fresh
  // distinct heap buffers; scalar results are 0 / false. It may read and
  // write its memref arguments during the call ([heap.use]); this run is the
  // execution in which it writes nothing.
  if (callee.isDeclaration()) {
    for (const RtValue &a : args)
      if (a.kind == RtValue::MemRef && callSite && !requireLive(a.m, callSite))
        return false;
    for (Type t : callee.getFunctionType().getResults()) {
      if (auto mt = dyn_cast<MemRefType>(t)) {
        SmallVector<int64_t> dyn(mt.getNumDynamicDims(), kDynamicExtent);
        RtValue r;
        if (!allocate(BufferKind::Heap, mt, dyn, 64,
                      ("result of @" + callee.getSymName()).str(), loc, r))
          return false;
        results.push_back(r);
      } else if (unsigned w = intWidth(t)) {
        results.push_back(RtValue::makeInt(w, 0));
      } else if (isa<FloatType>(t)) {
        results.push_back(RtValue::makeFloat(0.0));
      } else if (auto vt = dyn_cast<VectorType>(t);
                 vt && isModelledVector(vt)) {
        // [abi.external]: every lane 0 (false, 0.0).
        Type e = vt.getElementType();
        RtValue lane = intWidth(e) ? RtValue::makeInt(intWidth(e), 0)
                                   : RtValue::makeFloat(0.0);
        results.push_back(RtValue::makeVector(std::vector<RtValue>(
            static_cast<size_t>(vt.getNumElements()), lane)));
      } else {
        return unsupported(callSite ? callSite : callee.getOperation(),
                           "external result type not modelled");
      }
    }
    return true;
  }
  if (++callDepth > kMaxCallDepth)
    return unknown(StopKind::StepLimit,
                   "call depth limit " + std::to_string(kMaxCallDepth) +
                       " reached ([safety.steps])",
                   loc);
  bool isEntry = callDepth == 1;
  // [abi.private]: only public functions (and the entry) have a boundary.
  bool boundary = callee.isPublic() || isEntry;
  SmallVector<unsigned, 4> borrowedBuffers;
  if (boundary)
    for (const RtValue &a : args)
      if (a.kind == RtValue::MemRef &&
          !llvm::is_contained(borrowedBuffers, a.m.buffer)) {
        borrowedBuffers.push_back(a.m.buffer);
        ++heap.get(a.m.buffer).borrowed;
      }
  Frame frame;
  RegionExit exit;
  if (!execRegion(callee.getBody(), args, frame, exit))
    return false;
  if (!isa<func::ReturnOp>(exit.terminator))
    return unsupported(exit.terminator,
                       "function body ends without func.return");
  for (unsigned id : borrowedBuffers)
    --heap.get(id).borrowed;
  Operation *outer = current;
  current = exit.terminator;
  if (boundary &&
      !checkPublicResults(callee, args, exit.values, exit.terminator))
    return false;
  // [op.memref.alloca]: stack buffers are released when their function returns.
  releaseStack(frame.stackBuffers, exit.terminator);
  current = outer;
  if (isEntry)
    lastReturn = exit.terminator;
  results.append(exit.values.begin(), exit.values.end());
  --callDepth;
  return true;
}

void Machine::releaseStack(ArrayRef<unsigned> ids, Operation *at) {
  for (unsigned id : ids)
    if (heap.get(id).live) {
      heap.release(id, printLoc(at->getLoc()));
      recordEvent(at, "release", id);
    }
}

void Machine::releaseBuffer(unsigned id, Operation *op, StringRef event) {
  heap.release(id, printLoc(op->getLoc()));
  recordEvent(op, event, id);
}

RunResult Machine::run(func::FuncOp fn, const Input &input) {
  SmallVector<RtValue, 4> args, results;
  bool completed = materializeInput(fn, input, args) &&
                   callFunction(fn, args, nullptr, results);
  if (completed) {
    current = lastReturn;
    completed = leakCheck(results, lastReturn);
  }
  RunResult r = completed ? RunResult() : std::move(*stopped);
  r.path = std::move(path);
  r.path.stopOp = completed ? nullptr : current;
  return r;
}

RunResult runFunction(ModuleOp module, func::FuncOp fn, const Input &input,
                      const RunOptions &options) {
  Machine m(module, options);
  return m.run(fn, input);
}

} // namespace dealloc
