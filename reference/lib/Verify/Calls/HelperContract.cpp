//===- HelperContract.cpp - dealloc_helper calls by their specification ---===//
//
// docs/verifier-design.md [verify.encoding.helper]. `bufferization-lower-
// deallocations` lowers a `bufferization.dealloc` with dynamic operand
// lists to a call of a private function, `dealloc_helper`, whose loops
// compare every memref of the list with every retained one and with every
// earlier one. Inlined, a list of N memrefs is N^2/2 literal loop
// iterations, and the formula compares N^2/2 pairs of views:
//
//   call @dealloc_helper(%bases, %retained, %conds, %deallocOut, %ownOut)
//
// A private function whose body is exactly that body (compared op by op
// with the text below, up to value names and locations) is instead encoded
// by what it computes, for calls whose five buffers are distinct, live and
// initialized where it reads, with literal extents it stays within:
//
//   ownOut[j]     = OR_i  (bases[i] == retained[j] && conds[i])
//   deallocOut[i] = conds[i] && AND_j bases[i] != retained[j]
//                            && AND_{k<i} bases[k] != bases[i]
//
// where "==" is what `arith.cmpi eq` means on the values ([verify.encoding.
// addr]: on aligned addresses of views, the views' buffers are compared).
// The last conjunct, for a list of views, is "no earlier view has this
// buffer": one Boolean per candidate buffer, "seen before", instead of the
// pairs. Calls where a condition does not hold are inlined. The reference
// pipeline's helper (DeallocHelper.cpp in lib/Ownership) takes the lists in
// another order and lets only an earlier base whose condition holds block a
// free: `&& AND_{k<i} !(conds[k] && bases[k] == bases[i])`.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"

#include "dealloc/Support/SolverPolicy.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include <map>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;
using smt::Expr;

namespace {
using BinOp = smt::Context::BinOp;

/// The body `bufferization-lower-deallocations` of MLIR 22 emits (the same
/// before and after `canonicalize` and `cse`).
constexpr const char *kHelperText = R"mlir(
func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %dim = memref.dim %arg0, %c0 : memref<?xindex>
  %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
  scf.for %arg5 = %c0 to %dim_0 step %c1 {
    memref.store %false, %arg4[%arg5] : memref<?xi1>
  }
  scf.for %arg5 = %c0 to %dim step %c1 {
    %0 = memref.load %arg0[%arg5] : memref<?xindex>
    %1 = memref.load %arg2[%arg5] : memref<?xi1>
    %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
      %5 = memref.load %arg1[%arg6] : memref<?xindex>
      %6 = arith.cmpi eq, %5, %0 : index
      scf.if %6 {
        %9 = memref.load %arg4[%arg6] : memref<?xi1>
        %10 = arith.ori %9, %1 : i1
        memref.store %10, %arg4[%arg6] : memref<?xi1>
      }
      %7 = arith.cmpi ne, %5, %0 : index
      %8 = arith.andi %arg7, %7 : i1
      scf.yield %8 : i1
    }
    %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
      %5 = memref.load %arg0[%arg6] : memref<?xindex>
      %6 = arith.cmpi ne, %5, %0 : index
      %7 = arith.andi %arg7, %6 : i1
      scf.yield %7 : i1
    }
    %4 = arith.andi %3, %1 : i1
    memref.store %4, %arg3[%arg5] : memref<?xi1>
  }
  return
}
)mlir";

/// The body the reference pipeline emits ([own.pipeline.helper]; the same
/// after `canonicalize` and `cse`).
constexpr const char *kReferenceHelperText = R"mlir(
func.func private @reference_dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xi1>, %arg2: memref<?xindex>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
  %true = arith.constant true
  %false = arith.constant false
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?xindex>
  %dim_0 = memref.dim %arg2, %c0 : memref<?xindex>
  scf.for %arg5 = %c0 to %dim_0 step %c1 {
    %0 = memref.load %arg2[%arg5] : memref<?xindex>
    %1 = scf.for %arg6 = %c0 to %dim step %c1 iter_args(%arg7 = %false) -> (i1) {
      %2 = memref.load %arg0[%arg6] : memref<?xindex>
      %3 = memref.load %arg1[%arg6] : memref<?xi1>
      %4 = arith.cmpi eq, %2, %0 : index
      %5 = arith.andi %3, %4 : i1
      %6 = arith.ori %arg7, %5 : i1
      scf.yield %6 : i1
    }
    memref.store %1, %arg4[%arg5] : memref<?xi1>
  }
  scf.for %arg5 = %c0 to %dim step %c1 {
    %0 = memref.load %arg0[%arg5] : memref<?xindex>
    %1 = memref.load %arg1[%arg5] : memref<?xi1>
    %2 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %false) -> (i1) {
      %7 = memref.load %arg0[%arg6] : memref<?xindex>
      %8 = memref.load %arg1[%arg6] : memref<?xi1>
      %9 = arith.cmpi eq, %7, %0 : index
      %10 = arith.andi %8, %9 : i1
      %11 = arith.ori %arg7, %10 : i1
      scf.yield %11 : i1
    }
    %3 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %false) -> (i1) {
      %7 = memref.load %arg2[%arg6] : memref<?xindex>
      %8 = arith.cmpi eq, %7, %0 : index
      %9 = arith.ori %arg7, %8 : i1
      scf.yield %9 : i1
    }
    %4 = arith.ori %2, %3 : i1
    %5 = arith.xori %4, %true : i1
    %6 = arith.andi %1, %5 : i1
    memref.store %6, %arg3[%arg5] : memref<?xi1>
  }
  return
}
)mlir";

/// A helper the contract knows: its body, the positions of its lists among
/// the arguments, and whether an earlier base blocks a free only if its
/// condition holds.
struct HelperSpec {
  const char *text;
  unsigned bases, retained, conds, deallocOut, ownOut;
  bool earlierOwnedOnly;
};
constexpr HelperSpec kHelpers[] = {
    {kHelperText, 0, 1, 2, 3, 4, false},
    {kReferenceHelperText, 0, 2, 1, 3, 4, true},
};
constexpr size_t kNumHelpers = sizeof(kHelpers) / sizeof(kHelpers[0]);

/// The linear index of element `i` of the 1-D view `v`.
Expr elementIndex(Encoder &E, const View &v, int64_t i) {
  smt::Context &c = E.ctx;
  return c.mkBin(BinOp::Add, v.offset,
                 c.mkBin(BinOp::Mul, c.bvVal(kIndexWidth, i), v.strides[0]));
}

/// The element of the 1-D view `v` at literal position `i`, if reading it
/// cannot fail: inside the buffer and initialized.
std::optional<Expr> readElement(Encoder &E, State &st, const View &v, int64_t i,
                                unsigned width) {
  smt::Context &c = E.ctx;
  unsigned eb = (width + 7) / 8;
  Expr lin = elementIndex(E, v, i);
  if (!E.heap.outsideBuffer(v, lin, eb).isFalse() ||
      !E.heap.loadInit(st, v, lin, eb).isTrue())
    return std::nullopt;
  return c.mkTrunc(E.heap.load(st, v, lin, eb), width);
}

/// Whether writing element `i` of `v` cannot fail.
bool writable(Encoder &E, const View &v, int64_t i) {
  return E.heap.outsideBuffer(v, elementIndex(E, v, i), 1).isFalse();
}

void writeBool(Encoder &E, State &st, const View &v, int64_t i, Expr b) {
  smt::Context &c = E.ctx;
  E.heap.store(st, v, elementIndex(E, v, i), c.mkZExt(c.boolToBV(b, 1), 64), 1);
}
} // namespace

int ModuleFacts::helperKind(func::FuncOp f) {
  auto it = helperMatch.find(f.getOperation());
  if (it != helperMatch.end())
    return it->second;
  int match = -1;
  auto idx =
      MemRefType::get({ShapedType::kDynamic}, IndexType::get(f.getContext()));
  auto i1 = MemRefType::get({ShapedType::kDynamic},
                            IntegerType::get(f.getContext(), 1));
  for (size_t k = 0; k < kNumHelpers && match < 0 && !f.isDeclaration(); ++k) {
    const HelperSpec &spec = kHelpers[k];
    SmallVector<Type> args(5, i1);
    for (unsigned list : {spec.bases, spec.retained})
      args[list] = idx;
    if (f.getFunctionType() != FunctionType::get(f.getContext(), args, {}))
      continue;
    helperTemplates.resize(kNumHelpers);
    if (!helperTemplates[k]) {
      // The template parses in the input's context; a failure (which would
      // be a bug here) is no match, and no diagnostic of the input's.
      ScopedDiagnosticHandler quiet(f.getContext(),
                                    [](Diagnostic &) { return success(); });
      helperTemplates[k] =
          parseSourceString<ModuleOp>(spec.text, ParserConfig(f.getContext()));
    }
    if (!helperTemplates[k])
      continue;
    auto tmpl = *helperTemplates[k]->getOps<func::FuncOp>().begin();
    if (OperationEquivalence::isRegionEquivalentTo(
            &f.getBody(), &tmpl.getBody(),
            OperationEquivalence::IgnoreLocations))
      match = k;
  }
  helperMatch[f.getOperation()] = match;
  return match;
}

Expr Encoder::indexEq(Expr a, Expr b) {
  auto va = valueEnv.addressViews().find(a.termId());
  auto vb = valueEnv.addressViews().find(b.termId());
  if (va != valueEnv.addressViews().end() &&
      vb != valueEnv.addressViews().end())
    return heap.sameBuffer(va->second, vb->second);
  return ctx.mkEq(a, b);
}

namespace {

/// The operands of a helper call whose contract applies: the two lists it
/// writes and the values of the three it reads.
struct HelperCall {
  const View *deallocOut = nullptr, *ownOut = nullptr;
  std::vector<Expr> bases, conds, retained;
};

/// The operands of a call of helper `spec` if its preconditions hold: each
/// read and write of the body is of a distinct, live buffer, inside it, and
/// each read is of an initialized element.
std::optional<HelperCall> readHelperCall(Encoder &E, State &st,
                                         const HelperSpec &spec,
                                         ArrayRef<SymValue> args) {
  std::vector<const View *> v;
  for (const SymValue &a : args) {
    if (a.kind != SymValue::Kind::MemRef)
      return std::nullopt;
    const View &w = a.view;
    if (w.cands.size() != 1 || w.retyped || !w.byteShift.isNull() ||
        w.sizes.size() != 1 || !E.heap.freedOf(st, w.cands[0]).isFalse() ||
        !E.heap.allocOf(st, w.cands[0]).isTrue())
      return std::nullopt;
    for (const View *u : v)
      if (u->cands[0] == w.cands[0])
        return std::nullopt;
    v.push_back(&w);
  }
  auto list = [&](unsigned position) -> const View & { return *v[position]; };
  const View &vBases = list(spec.bases), &vRetained = list(spec.retained),
             &vConds = list(spec.conds);
  HelperCall call;
  call.deallocOut = &list(spec.deallocOut);
  call.ownOut = &list(spec.ownOut);
  std::optional<int64_t> n = vBases.sizes[0].bvLiteral(),
                         m = vRetained.sizes[0].bvLiteral();
  if (!n || !m || *n < 0 || *m < 0)
    return std::nullopt;
  for (int64_t i = 0; i < *n; ++i) {
    std::optional<Expr> b = readElement(E, st, vBases, i, kIndexWidth);
    std::optional<Expr> c = readElement(E, st, vConds, i, 1);
    if (!b || !c || !writable(E, *call.deallocOut, i))
      return std::nullopt;
    call.bases.push_back(*b);
    call.conds.push_back(E.ctx.bvToBool(*c));
  }
  for (int64_t j = 0; j < *m; ++j) {
    std::optional<Expr> r = readElement(E, st, vRetained, j, kIndexWidth);
    if (!r || !writable(E, *call.ownOut, j))
      return std::nullopt;
    call.retained.push_back(*r);
  }
  return call;
}

/// "No earlier memref of the list has this one's buffer": by the buffers
/// seen so far, or pairwise (always where a base is not a view's address).
class EarlierBases {
public:
  EarlierBases(Encoder &E, const HelperSpec &spec, const HelperCall &call)
      : E(E), c(E.ctx), spec(spec), bases(call.bases), conds(call.conds) {
    for (const Expr &b : bases) {
      auto it = E.env().addressViews().find(b.termId());
      baseViews.push_back(it == E.env().addressViews().end() ? nullptr
                                                             : &it->second);
    }
    // Pairwise comparisons cost one term per candidate two views share (as
    // the inlined body does); the per-candidate encoding one per candidate,
    // but chains of "seen" Booleans the solver must follow. Pairs up to
    // SolverPolicy::sharedPairs shared candidates: in a chain of N joins
    // that each may pass on a fresh buffer they are N^3/6.
    byViews = llvm::all_of(baseViews, [](const View *w) { return w; });
    if (byViews) {
      llvm::DenseMap<unsigned, size_t> occurrences;
      size_t shared = 0;
      for (const View *w : baseViews)
        for (unsigned cand : w->cands)
          shared += occurrences[cand]++;
      byViews = shared > SolverPolicy::sharedPairs;
    }
  }

  /// Adds to `keep` that no base before base `i` has its buffer.
  void addNotEarlier(int64_t i, std::vector<Expr> &keep) {
    if (!byViews) {
      for (int64_t k = 0; k < i; ++k) {
        Expr same = sameUnder(k, i);
        keep.push_back(
            c.mkNot(spec.earlierOwnedOnly ? c.mkAnd(conds[k], same) : same));
      }
      return;
    }
    const View &w = *baseViews[i];
    // The candidates base i may view under conds[i], where its identity's
    // values there are known; all of them otherwise.
    std::vector<size_t> under = E.heap.candidatesUnder(w, conds[i]);
    std::vector<Expr> earlier;
    for (size_t k : under) {
      auto s = seen.find(w.cands[k]);
      if (s != seen.end() && !c.excludes(conds[i], w.pts[k]))
        earlier.push_back(c.mkAnd(w.pts[k], seenOf(s->second)));
    }
    keep.push_back(c.mkNot(c.mkOr(earlier)));
    if (spec.earlierOwnedOnly) {
      for (size_t k : under)
        if (!c.excludes(conds[i], w.pts[k]))
          seen[w.cands[k]].pending.push_back(c.mkAnd(w.pts[k], conds[i]));
    } else {
      for (auto [cand, pt] : llvm::zip(w.cands, w.pts))
        seen[cand].pending.push_back(pt);
    }
  }

private:
  // [verify.encoding.prune]: under conds[i] (a conjunct of the output), a
  // candidate of base i that conds[i] excludes adds nothing; "seen" terms
  // are named only when a later base asks for them.
  struct Seen {
    Expr named;                ///< some earlier view has it (null: none yet)
    std::vector<Expr> pending; ///< views since, each "has it"
  };

  Expr seenOf(Seen &s) {
    if (!s.pending.empty()) {
      if (!s.named.isNull())
        s.pending.insert(s.pending.begin(), s.named);
      Expr any = c.mkOr(s.pending);
      s.named = s.pending.size() == 1 ? any : E.heap.name(any, "seen");
      s.pending.clear();
    }
    return s.named;
  }

  /// Bases k and i are of the same buffer (where conds[i] holds).
  Expr sameUnder(int64_t k, int64_t i) {
    const View *a = baseViews[k], *b = baseViews[i];
    if (!a || !b)
      return E.indexEq(bases[k], bases[i]);
    std::vector<Expr> alts;
    for (auto [cand, pt] : llvm::zip(b->cands, b->pts)) {
      Expr other = E.heap.denotes(*a, cand);
      if (other.isFalse() || c.excludes(conds[i], pt) ||
          (spec.earlierOwnedOnly && c.excludes(conds[k], other)))
        continue;
      alts.push_back(c.mkAnd(other, pt));
    }
    return c.mkOr(alts);
  }

  Encoder &E;
  smt::Context &c;
  const HelperSpec &spec;
  const std::vector<Expr> &bases, &conds;
  std::vector<const View *> baseViews;
  bool byViews = false;
  std::map<unsigned, Seen> seen; // per slot
};

} // namespace

bool dealloc::verify::encodeHelperCall(Encoder &E, State &st,
                                       func::FuncOp callee,
                                       ArrayRef<SymValue> args) {
  smt::Context &ctx = E.ctx;
  int kind = E.opts.helperContract ? E.facts().helperKind(callee) : -1;
  if (kind < 0)
    return false;
  const HelperSpec &spec = kHelpers[kind];
  std::optional<HelperCall> call = readHelperCall(E, st, spec, args);
  if (!call)
    return false;
  const std::vector<Expr> &bases = call->bases, &conds = call->conds,
                          &retained = call->retained;
  EarlierBases earlier(E, spec, *call);
  std::vector<Expr> ownership(retained.size(), ctx.boolVal(false));
  for (size_t i = 0; i < bases.size(); ++i) {
    std::vector<Expr> keep{conds[i]};
    for (size_t j = 0; j < retained.size(); ++j) {
      Expr same = E.indexEq(retained[j], bases[i]);
      ownership[j] = ctx.mkOr(ownership[j], ctx.mkAnd(same, conds[i]));
      keep.push_back(ctx.mkNot(same));
    }
    earlier.addNotEarlier(i, keep);
    writeBool(E, st, *call->deallocOut, i, ctx.mkAnd(keep));
  }
  for (size_t j = 0; j < retained.size(); ++j)
    writeBool(E, st, *call->ownOut, j, ownership[j]);
  ++E.stats().helperContracts;
  return true;
}
