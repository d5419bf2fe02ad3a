//===- Abi.cpp - Function-boundary checks, leak check, entry inputs -------===//
//
// spec/abi.md: [abi.results.heap], [abi.results.no_arg_alias],
// [abi.results.distinct], [abi.results.owned]; spec/safety.md: [heap.leak],
// [input.memref.fresh], [input.memref.alias], [input.memref.extents],
// [input.memref.contents].
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Semantics/TypeSupport.h"

using namespace mlir;

namespace dealloc {

bool Machine::checkPublicResults(func::FuncOp fn, ArrayRef<RtValue> args,
                                 ArrayRef<RtValue> results, Operation *ret) {
  SmallVector<unsigned, 4> argBuffers, seen;
  for (const RtValue &a : args)
    if (a.kind == RtValue::MemRef)
      argBuffers.push_back(a.m.buffer);
  std::string fname = ("@" + fn.getSymName()).str();
  for (auto [k, r] : llvm::enumerate(results)) {
    if (r.kind != RtValue::MemRef)
      continue;
    unsigned id = r.m.buffer;
    const Buffer &b = heap.get(id);
    std::string res = "result " + std::to_string(k) + " of " + fname;
    if (b.kind != BufferKind::Heap)
      return violation(Verdict::AbiViolation, "[abi.results.heap]",
                       res + " views " + bufferKindName(b.kind).str() +
                           " buffer #" + std::to_string(id) +
                           ", not a heap buffer the caller can own",
                       id, "return", ret->getLoc());
    if (!b.live)
      return violation(Verdict::AbiViolation, "[abi.results.heap]",
                       res + " views freed buffer #" + std::to_string(id), id,
                       "return", ret->getLoc());
    if (llvm::is_contained(argBuffers, id))
      return violation(Verdict::AbiViolation, "[abi.results.no_arg_alias]",
                       res + " views buffer #" + std::to_string(id) +
                           ", which an argument also views",
                       id, "return", ret->getLoc());
    if (llvm::is_contained(seen, id))
      return violation(Verdict::AbiViolation, "[abi.results.distinct]",
                       res + " views buffer #" + std::to_string(id) +
                           ", which an earlier result also views",
                       id, "return", ret->getLoc());
    seen.push_back(id);
  }
  return true;
}

bool Machine::leakCheck(ArrayRef<RtValue> results, Operation *ret) {
  // [abi.results.owned]: the caller owns the results' buffers; every other
  // live heap buffer is unreachable and leaked.
  SmallVector<unsigned, 4> owned;
  for (const RtValue &r : results)
    if (r.kind == RtValue::MemRef)
      owned.push_back(r.m.buffer);
  for (const Buffer &b : heap.all()) {
    if (b.kind != BufferKind::Heap || !b.live ||
        llvm::is_contained(owned, b.id))
      continue;
    return violation(Verdict::Leak, "[heap.leak]",
                     "buffer #" + std::to_string(b.id) + " (" + b.origin +
                         ") is live and not returned when the function returns",
                     b.id, "leak", ret ? ret->getLoc() : module.getLoc());
  }
  return true;
}

/// The run-time value of scalar input `in` (Bool, Int, Float) of type `t`.
static RtValue scalarInput(Type t, const InputValue &in) {
  switch (in.kind) {
  case InputValue::Bool:
    return RtValue::makeBool(in.b);
  case InputValue::Int:
    return RtValue::makeInt(intWidth(t), in.i);
  default:
    return RtValue::makeFloat(roundToFloatType(t, in.f));
  }
}

/// Whether input value `in` has the kind of argument type `t` (inputs built
/// through the API, not parseInput, are checked here).
static bool inputMatches(Type t, const InputValue &in) {
  if (auto vt = dyn_cast<VectorType>(t))
    return in.kind == InputValue::Vector && isModelledVector(vt) &&
           static_cast<int64_t>(in.lanes.size()) == vt.getNumElements() &&
           llvm::all_of(in.lanes, [&](const InputValue &l) {
             return inputMatches(vt.getElementType(), l);
           });
  if (auto mt = dyn_cast<MemRefType>(t))
    return in.kind == InputValue::Buffer && !in.unranked &&
           isSupportedMemRef(mt) &&
           (in.extents.empty() || in.extents.size() == mt.getNumDynamicDims());
  if (isa<UnrankedMemRefType>(t)) // [input.unranked]: extents are the shape
    return in.kind == InputValue::Buffer && in.unranked &&
           isModelledUnranked(t);
  return t.isInteger(1)      ? in.kind == InputValue::Bool
         : intWidth(t)       ? in.kind == InputValue::Int
         : isa<FloatType>(t) ? in.kind == InputValue::Float
                             : false;
}

bool Machine::materializeInput(func::FuncOp fn, const Input &input,
                               SmallVectorImpl<RtValue> &args) {
  FunctionType type = fn.getFunctionType();
  if (input.args.size() != type.getNumInputs())
    return unknown(StopKind::BadInput,
                   "input has " + std::to_string(input.args.size()) +
                       " values for " + std::to_string(type.getNumInputs()) +
                       " arguments",
                   fn.getLoc());
  llvm::DenseMap<unsigned, RtValue> groups;
  llvm::DenseMap<unsigned, Type> groupTypes;
  for (auto [k, t] : llvm::enumerate(type.getInputs())) {
    const InputValue &in = input.args[k];
    if (!inputMatches(t, in))
      return unknown(StopKind::BadInput,
                     "input value " + std::to_string(k) +
                         " does not match the argument type",
                     fn.getLoc());
    switch (in.kind) {
    case InputValue::Vector: { // [input.vector]
      std::vector<RtValue> lanes;
      for (const InputValue &l : in.lanes)
        lanes.push_back(scalarInput(laneType(t), l));
      args.push_back(RtValue::makeVector(std::move(lanes)));
      break;
    }
    case InputValue::Bool:
    case InputValue::Int:
    case InputValue::Float:
      args.push_back(scalarInput(t, in));
      break;
    case InputValue::Buffer: {
      auto it = groups.find(in.group);
      if (it != groups.end()) { // [input.memref.alias]
        if (groupTypes.lookup(in.group) != t)
          return unknown(StopKind::BadInput,
                         "input shares buffer b" + std::to_string(in.group) +
                             " between arguments of different types",
                         fn.getLoc());
        args.push_back(it->second);
        break;
      }
      groupTypes.insert({in.group, t});
      // [input.unranked]: an unranked argument is a buffer of the rank and
      // shape its input gives, with every dimension dynamic.
      MemRefType mt = rankedTypeFor(t, in.extents.size());
      SmallVector<int64_t, 4> dyn(in.extents.begin(), in.extents.end());
      if (dyn.empty())
        dyn.assign(mt.getNumDynamicDims(), kDynamicExtent);
      RtValue r;
      Location loc = fn.getArgument(k).getLoc();
      if (!allocate(BufferKind::Arg, mt, dyn, 64,
                    "argument " + std::to_string(k), loc, r))
        return false;
      heap.zeroFill(r.m.buffer); // [input.memref.contents]
      groups.insert({in.group, r});
      args.push_back(r);
      break;
    }
    }
  }
  return true;
}

} // namespace dealloc
