//===- Replay.cpp - Replaying counterexamples with dealloc-run ------------===//
//
// spec/verification.md [verify.replay]: every counterexample is run under
// dealloc-run's semantics (the DeallocSemantics library, in process). A
// counterexample that does not reproduce the same verdict turns the answer
// into UNKNOWN naming the disagreement - a bug in one of the two, never
// hidden.
//
//===----------------------------------------------------------------------===//
#include "Check/Replay.h"
#include "Ops/VectorValues.h"

#include "dealloc/Support/SolverPolicy.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

#include "dealloc/Semantics/Interpreter.h"
#include "llvm/ADT/APFloat.h"
#include <map>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// A float argument's value in a model, as a double (exact for the widths
/// the lane model supports).
static double floatFromModel(FloatType ft, int64_t bits) {
  llvm::APFloat f(ft.getFloatSemantics(),
                  llvm::APInt(ft.getWidth(), static_cast<uint64_t>(bits)));
  bool lost;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToDouble();
}

/// A scalar (Bool or BV) of type `t` in a model.
static InputValue scalarFromModel(smt::Solver &S, const SymValue &v, Type t) {
  InputValue iv;
  if (v.kind == SymValue::Kind::Bool) {
    iv.kind = InputValue::Bool;
    iv.b = S.evalBool(v.e);
    return iv;
  }
  int64_t x = S.evalBV(v.e);
  if (auto ft = dyn_cast<FloatType>(t)) {
    iv.kind = InputValue::Float;
    iv.f = floatFromModel(ft, x);
  } else {
    iv.kind = InputValue::Int;
    iv.i = x;
  }
  return iv;
}

/// [input.text]: the model's input as dealloc-run's Input, printed by the
/// one formatter both tools share (formatInput), so that every input verify
/// prints is one dealloc-run parses. A memref argument's extents are its
/// type's dynamic ones, read from the view (an argument sharing an earlier
/// argument's buffer has that buffer's extents).
std::string dealloc::verify::inputFromModel(Encoder &E, smt::Solver &S,
                                            func::FuncOp fn) {
  Input in;
  std::map<int64_t, unsigned> groups;
  for (auto [i, v] : llvm::enumerate(E.boundary().argValues)) {
    Type t = fn.getArgument(i).getType();
    InputValue iv;
    if (auto vt = dyn_cast<VectorType>(t)) { // [input.vector]
      // A lane no encoded op asked for (a lazy vector's) is 0 (false).
      Type elem = vt.getElementType();
      InputValue zero = scalarFromModel(S, zeroOf(E, elem), elem);
      iv.kind = InputValue::Vector;
      iv.lanes.assign(vt.getNumElements(), zero);
      for (const auto &[k, l] : lanesOfVector(E, v, vt))
        iv.lanes[k] = scalarFromModel(S, l, elem);
    } else if (v.kind != SymValue::Kind::MemRef) {
      iv = scalarFromModel(S, v, t);
    } else {
      iv.kind = InputValue::Buffer;
      int64_t id = S.evalBV(E.heap.idOf(v.view));
      iv.group = groups.emplace(id, groups.size()).first->second;
      auto mt = dyn_cast<MemRefType>(t);
      iv.unranked = isa<UnrankedMemRefType>(t); // [input.unranked]: the shape
      if (iv.unranked)
        for (const Expr &size : v.view.sizes)
          iv.extents.push_back(S.evalBV(size));
      if (mt && !E.boundary().argExtents[i].empty())
        for (int64_t d = 0; d < mt.getRank(); ++d)
          if (mt.isDynamicDim(d))
            iv.extents.push_back(S.evalBV(v.view.sizes[d]));
    }
    in.args.push_back(std::move(iv));
  }
  return formatInput(in);
}

/// The smallest m in [0, top] with holds(m), for a `holds` that is monotone
/// (false below some m, true from it on) and true at `top`: galloping from 0
/// (small answers take few queries), then bisection. A query that times out
/// counts as false, so the answer may be larger than the smallest.
static int64_t smallestSatisfying(int64_t top,
                                  llvm::function_ref<bool(int64_t)> holds) {
  int64_t lo = 0, hi = top;
  for (int64_t probe = 0; probe < top; probe = probe ? probe * 4 : 1) {
    if (holds(probe)) {
      hi = probe;
      break;
    }
    lo = probe + 1;
  }
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (holds(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

namespace {
/// The choices of minimizeInput, argument by argument: each is a
/// constraint added to `base` where it is satisfiable.
class InputMinimizer {
public:
  InputMinimizer(Encoder &E, smt::Solver &S, std::vector<Expr> base,
                 unsigned timeoutMs)
      : E(E), S(S), c(E.ctx), base(base), query(std::move(base)),
        timeoutMs(timeoutMs) {}
  bool run();

private:
  using Cmp = smt::Context::Cmp;
  bool sat(const std::vector<Expr> &as) {
    last = S.check(as, timeoutMs);
    haveModel = last == smt::Result::Sat;
    return haveModel;
  }
  /// A model of `base` again; none (a timeout) ends the choosing.
  bool model() {
    stuck = !haveModel && !sat(base);
    return !stuck;
  }
  std::vector<Expr> with(Expr e) const {
    std::vector<Expr> as = base;
    as.push_back(e);
    return as;
  }
  /// Keeps `e` if it is satisfiable with the choices so far.
  bool take(Expr e) {
    if (!sat(with(e)))
      return false;
    base.push_back(e);
    return true;
  }
  /// Each returns false where the choosing ends (no model: a timeout).
  bool chooseBool(size_t i, Expr v);
  bool chooseBuffer(const View &v);
  void chooseInteger(Expr v);
  bool chooseVector(const SymValue &v, VectorType vt);
  void chooseExtents();

  Encoder &E;
  smt::Solver &S;
  smt::Context &c;
  std::vector<Expr> base;
  const std::vector<Expr> query;
  unsigned timeoutMs;
  /// Whether the solver holds a model of `base` (the caller's check was
  /// satisfiable): a choice that model already makes is the one a query
  /// would confirm, so it is taken without one.
  bool haveModel = true;
  smt::Result last = smt::Result::Sat;
  bool stuck = false;
  /// i1 arguments later in the list that must be true (found by one query
  /// after an argument that must be true).
  llvm::DenseSet<size_t> forcedTrue;
  /// Memref arguments' buffers so far, one term per distinct buffer (in the
  /// order of the arguments that first view it).
  std::vector<Expr> buffers;
};
} // namespace

/// An i1 argument: false where possible, else true.
bool InputMinimizer::chooseBool(size_t i, Expr v) {
  if (forcedTrue.contains(i)) {
    base.push_back(v);
    return true;
  }
  if (!model())
    return false;
  if (!S.evalBool(v)) {
    base.push_back(c.mkNot(v));
    return true;
  }
  std::vector<Expr> laterTrue;
  std::vector<size_t> later;
  for (size_t j = i + 1; j < E.boundary().argValues.size(); ++j)
    if (E.boundary().argValues[j].kind == SymValue::Kind::Bool &&
        S.evalBool(E.boundary().argValues[j].e)) {
      laterTrue.push_back(c.mkNot(E.boundary().argValues[j].e));
      later.push_back(j);
    }
  if (take(c.mkNot(v)))
    return true;
  base.push_back(v); // true in the model before: satisfiable
  // Can any later argument the model had true be false at all? If not,
  // each must be true whatever is chosen from here on.
  if (!laterTrue.empty() && !sat(with(c.mkOr(laterTrue))) &&
      last == smt::Result::Unsat)
    forcedTrue.insert(later.begin(), later.end());
  return true;
}

/// A memref argument: a buffer of its own where possible, else the first
/// earlier argument's buffer it can share.
bool InputMinimizer::chooseBuffer(const View &v) {
  Expr id = E.heap.idOf(v);
  std::vector<Expr> own;
  for (const Expr &b : buffers)
    own.push_back(c.mkNe(id, b));
  // The earlier buffer the model gives it, if any.
  if (!model())
    return false;
  std::optional<size_t> shared;
  int64_t x = S.evalBV(id);
  for (auto [k, b] : llvm::enumerate(buffers))
    if (!shared && S.evalBV(b) == x)
      shared = k;
  if (!shared) {
    base.push_back(c.mkAnd(own));
    buffers.push_back(id);
    return true;
  }
  if (take(c.mkAnd(own))) {
    buffers.push_back(id);
    return true;
  }
  for (auto [k, b] : llvm::enumerate(buffers)) {
    // The model's buffer is possible: no query for it.
    if (k == *shared) {
      base.push_back(c.mkEq(id, b));
      break;
    }
    if (take(c.mkEq(id, b)))
      break;
  }
  return true;
}

/// An integer argument: the value of smallest magnitude, the non-negative
/// one first.
void InputMinimizer::chooseInteger(Expr v) {
  unsigned w = v.bvWidth();
  if (w < 2 || w > 64)
    return;
  // The largest magnitude searched: both m and -m are representable.
  int64_t top = w >= 22 ? SolverPolicy::maxMinimizedMagnitude
                        : (int64_t(1) << (w - 1)) - 1;
  auto within = [&](int64_t m) {
    return sat(with(c.mkAnd(c.mkCmp(Cmp::Sge, v, c.bvVal(w, -m)),
                            c.mkCmp(Cmp::Sle, v, c.bvVal(w, m)))));
  };
  if (!within(top))
    return;
  // The smallest magnitude m with a value in [-m, m]; neither m nor -m
  // taken is a timeout: the model's value is kept.
  int64_t lo = smallestSatisfying(top, within);
  if (!take(c.mkEq(v, c.bvVal(w, lo))))
    take(c.mkEq(v, c.bvVal(w, -lo)));
}

/// A vector argument ([input.vector]): every lane 0 (false) where possible,
/// else lane by lane in lane order (the first maxMinimizedLanes): 0 (false)
/// where possible, else an integer or float lane as an integer argument.
bool InputMinimizer::chooseVector(const SymValue &v, VectorType vt) {
  std::vector<SymValue> lanes;
  for (const auto &[k, l] : lanesOfVector(E, v, vt))
    lanes.push_back(l);
  std::vector<Expr> zero;
  for (const SymValue &l : lanes)
    zero.push_back(l.kind == SymValue::Kind::Bool
                       ? c.mkNot(l.e)
                       : c.mkEq(l.e, c.bvVal(l.e.bvWidth(), 0)));
  if (!model())
    return false;
  Expr all = c.mkAnd(zero);
  bool inModel =
      llvm::all_of(zero, [&](const Expr &z) { return S.evalBool(z); });
  if (inModel) {
    base.push_back(all);
    return true;
  }
  if (take(all))
    return true;
  for (auto [k, l] : llvm::enumerate(lanes)) {
    if (k >= SolverPolicy::maxMinimizedLanes || stuck)
      break;
    if (!take(zero[k]) && l.kind == SymValue::Kind::BV)
      chooseInteger(l.e);
  }
  return true;
}

/// Dynamic extents ([verify.inputs]): dealloc-run's default 2 where
/// possible, else the smallest.
void InputMinimizer::chooseExtents() {
  for (const auto &extents : E.boundary().argExtents)
    for (const Expr &e : extents) {
      if (stuck)
        return;
      unsigned w = e.bvWidth();
      if (take(c.mkEq(e, c.bvVal(w, 2))))
        continue;
      auto atMost = [&](int64_t m) {
        return sat(with(c.mkCmp(Cmp::Ule, e, c.bvVal(w, m))));
      };
      const int64_t top = SolverPolicy::maxArgExtent;
      if (!atMost(top))
        continue;
      int64_t lo = smallestSatisfying(top, atMost);
      take(c.mkEq(e, c.bvVal(w, lo)));
    }
}

bool InputMinimizer::run() {
  auto fn = dyn_cast_or_null<func::FuncOp>(E.boundary().entryOp);
  for (auto [i, v] : llvm::enumerate(E.boundary().argValues)) {
    bool more = true;
    auto vt = fn ? dyn_cast<VectorType>(fn.getArgument(i).getType()) : nullptr;
    if (vt)
      more = chooseVector(v, vt);
    else if (v.kind == SymValue::Kind::Bool)
      more = chooseBool(i, v.e);
    else if (v.kind == SymValue::Kind::MemRef)
      more = chooseBuffer(v.view);
    else if (v.kind == SymValue::Kind::BV)
      chooseInteger(v.e);
    if (!more)
      break;
  }
  chooseExtents();
  // Restores a model after failed attempts. A check that does not answer
  // sat leaves no model (its values would read as zeros and false): then
  // the query itself once more, and false if that has no model either.
  return S.check(base, timeoutMs) == smt::Result::Sat ||
         S.check(query, timeoutMs) == smt::Result::Sat;
}

bool dealloc::verify::minimizeInput(Encoder &E, smt::Solver &S,
                                    std::vector<Expr> base,
                                    unsigned timeoutMs) {
  return InputMinimizer(E, S, std::move(base), timeoutMs).run();
}

void dealloc::verify::replayCounterexample(ModuleOp module, func::FuncOp fn,
                                           const VerifyOptions &opts,
                                           FunctionResult &res) {
  auto demote = [&](const std::string &why) {
    res.reason = "counterexample " + std::string(verdictName(res.verdict)) +
                 " (" + res.reason + ") on input " + quotedInput(res.input) +
                 " " + why + " ([verify.replay])";
    res.verdict = Verdict::Unknown;
  };
  if (!opts.replay) {
    demote("was not replayed (--no-replay)");
    return;
  }
  auto input = parseInput(res.input, fn.getFunctionType());
  if (!input) {
    demote("is not a valid dealloc-run input: " +
           llvm::toString(input.takeError()));
    return;
  }
  RunOptions ro;
  ro.reuseAddresses = opts.reuseAddresses;
  RunResult run = runFunction(module, fn, *input, ro);
  if (run.verdict != res.verdict) {
    demote("did not reproduce: dealloc-run says " +
           std::string(verdictName(run.verdict)) +
           (run.message.empty() ? "" : " (" + run.message + ")"));
    return;
  }
  for (const dealloc::TraceEvent &e : run.trace)
    res.runTrace.push_back(RunEvent{e.event, e.buffer, e.loc});
  res.trace.push_back(
      "replayed by dealloc-run: " + std::string(verdictName(run.verdict)) +
      (run.clause.empty() ? "" : " " + run.clause) +
      (run.message.empty() ? "" : ": " + run.message));
}
