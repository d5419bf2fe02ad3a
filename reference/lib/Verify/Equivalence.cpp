//===- Equivalence.cpp - dealloc-equivalence of two versions --------------===//
//
// spec/verification.md [equiv.sites], [equiv.def], [equiv.output]: both
// versions are encoded over the same symbolic input; allocation sites of the
// input program are matched by `dealloc.site` attribute or source location;
// a distinguishing input is one where the versions end differently, or
// free a matched buffer in different intervals between input-program
// allocations.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/Equivalence.h"
#include "Encoder.h"
#include "Replay.h"
#include "StopSites.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/JSON.h"
#include <chrono>
#include <map>

#ifdef DEALLOC_HAVE_SEMANTICS
#include "dealloc/Semantics/Interpreter.h"
#endif

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// [equiv.sites]: the ops that create a buffer.
static bool isSiteOp(Operation *op) {
  return isa<memref::AllocOp, memref::AllocaOp, memref::ReallocOp,
             bufferization::CloneOp>(op);
}

/// [equiv.sites]: the key of an allocation op, if it has one. A clone's
/// location key is kept apart from the allocations' keys (a clone of an
/// allocation's result may carry the allocation's location).
static std::optional<std::string> siteKey(Operation *op) {
  if (auto a = op->getAttrOfType<IntegerAttr>("dealloc.site"))
    return "dealloc.site = " + std::to_string(a.getInt());
  Location loc = op->getLoc();
  while (true) {
    if (auto nl = dyn_cast<NameLoc>(loc)) {
      loc = nl.getChildLoc();
      continue;
    }
    if (auto fused = dyn_cast<FusedLoc>(loc)) {
      for (Location l : fused.getLocations())
        if (isa<FileLineColLoc>(l)) {
          loc = l;
          break;
        }
      if (!isa<FileLineColLoc>(loc))
        return std::nullopt;
      continue;
    }
    break;
  }
  if (!isa<FileLineColLoc>(loc))
    return std::nullopt;
  if (isa<bufferization::CloneOp>(op))
    return "bufferization.clone at " + printLocation(loc);
  return printLocation(loc);
}

std::optional<std::string> dealloc::verify::allocationSiteKey(Operation *op) {
  return isSiteOp(op) ? siteKey(op) : std::nullopt;
}


/// [equiv.sites]: a scratch buffer of a deallocation pass (the flag and
/// pointer buffers of a lowered `bufferization.dealloc`): an allocation
/// without a `dealloc.site` attribute whose result, through `memref.cast`s,
/// is only loaded from, stored into, passed to calls and freed, with a
/// `memref.dealloc` in the allocation's own block. It is freed in the
/// function that allocates it and never escapes.
static bool isScratch(Operation *op) {
  if (op->hasAttr("dealloc.site") ||
      !isa<memref::AllocOp, memref::AllocaOp>(op))
    return false;
  bool freedHere = false;
  SmallVector<Value> work{op->getResult(0)};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto cast = dyn_cast<memref::CastOp>(user)) {
        work.push_back(cast.getResult());
        continue;
      }
      if (isa<memref::DeallocOp>(user)) {
        freedHere |= user->getBlock() == op->getBlock();
        continue;
      }
      if (isa<memref::LoadOp, func::CallOp>(user))
        continue;
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getMemRef() == v)
        continue;
      return false;
    }
  }
  return freedHere;
}

using KeyMap = std::map<std::string, std::vector<Operation *>>;

static void collectSites(ModuleOp m, KeyMap &keyed,
                         std::vector<Operation *> &unkeyed) {
  m.walk([&](Operation *op) {
    if (!isSiteOp(op))
      return;
    if (auto k = siteKey(op))
      keyed[*k].push_back(op);
    else
      unkeyed.push_back(op);
  });
}

/// Matches sites; returns an UNKNOWN reason if they cannot be matched.
static std::optional<std::string> matchSites(ModuleOp a, ModuleOp b,
                                             SiteNumbering &sa,
                                             SiteNumbering &sb) {
  KeyMap ka, kb;
  std::vector<Operation *> ua, ub;
  collectSites(a, ka, ua);
  collectSites(b, kb, ub);
  for (auto *u : {&ua, &ub})
    if (!u->empty())
      return "allocation sites cannot be matched: the allocation at " +
             printLocation((*u)[0]->getLoc()) + " in " +
             (u == &ua ? "A" : "B") +
             " has neither a file location nor a dealloc.site attribute "
             "([equiv.sites])";
  for (auto &[key, ops] : ka) {
    auto it = kb.find(key);
    if (it == kb.end())
      continue;
    if (ops.size() > 1 || it->second.size() > 1) {
      // An explicit site attribute must be unique; a location shared by
      // several allocations (the lowering's scratch buffers share their
      // dealloc op's location) is not an input-program site.
      if (key.rfind("dealloc.site", 0) == 0)
        return "allocation sites cannot be matched: several allocations "
               "carry '" + key + "' ([equiv.sites])";
      continue;
    }
    int n = sa.names.size();
    sa.names.push_back(key);
    sb.names.push_back(key);
    sa.siteOf[ops[0]] = n;
    sb.siteOf[it->second[0]] = n;
  }
  // Nothing matched although a version has an allocation that may be an
  // input-program site: locations of two different files (outputs printed
  // without --mlir-print-debuginfo), not a version the user meant to
  // compare. Scratch buffers and shared locations do not count.
  auto candidate = [](const KeyMap &k) -> Operation * {
    for (auto &[key, ops] : k)
      if (ops.size() == 1 && !isScratch(ops[0]))
        return ops[0];
    return nullptr;
  };
  if (sa.names.empty())
    for (auto [k, tag] : {std::pair{&ka, "A"}, std::pair{&kb, "B"}})
      if (Operation *op = candidate(*k))
        return "allocation sites cannot be matched: no allocation site of "
               "A appears in B (the allocation at " +
               printLocation(op->getLoc()) + " in " + tag +
               " has no counterpart; print both with --mlir-print-debuginfo "
               "from the same source, or tag sites with dealloc.site) "
               "([equiv.sites])";
  return std::nullopt;
}

/// What one version does on `input`, under dealloc-run's semantics.
static std::optional<Verdict> replayOne(ModuleOp m, func::FuncOp fn,
                                        const std::string &input,
                                        const VerifyOptions &opts,
                                        std::string &text,
                                        std::optional<VersionRun> &run) {
#ifdef DEALLOC_HAVE_SEMANTICS
  auto in = parseInput(input, fn.getFunctionType());
  if (!in) {
    text = "input not accepted by dealloc-run: " + llvm::toString(in.takeError());
    return std::nullopt;
  }
  RunOptions ro;
  ro.reuseAddresses = opts.reuseAddresses;
  RunResult r = runFunction(m, fn, *in, ro);
  text = verdictName(r.verdict).str() +
         (r.message.empty() ? "" : " (" + r.message + ")");
  run = VersionRun{r.verdict, r.clause, r.message};
  return r.verdict;
#else
  text = "not replayed: built without dealloc-run's semantics library";
  return std::nullopt;
#endif
}

static std::vector<Expr> ofKind(SymbolicHeap &h, Verdict k) {
  std::vector<Expr> out;
  for (const Violation &v : h.violations)
    if (v.kind == k)
      out.push_back(v.cond);
  return out;
}

static const Verdict kViolationKinds[] = {
    Verdict::Leak, Verdict::DoubleFree, Verdict::UseAfterFree,
    Verdict::InvalidFree, Verdict::AbiViolation};

/// Where an --equiv check's time went, for --solver-stats.
struct EquivStats {
  double encodeSeconds = 0, querySeconds = 0;
  unsigned queries = 0;
  /// Per version: violation conditions, constraints, heap slots; empty
  /// if the check ended before both were encoded.
  std::string sizes;
};

static EquivResult compareVersions(ModuleOp a, ModuleOp b, StringRef name,
                                   const VerifyOptions &opts,
                                   EquivStats &stats);

EquivResult dealloc::verify::checkEquivalence(ModuleOp a, ModuleOp b,
                                              StringRef name,
                                              const VerifyOptions &opts) {
  auto start = std::chrono::steady_clock::now();
  smt::Budget budget(opts.functionTimeoutMs);
  EquivStats stats;
  EquivResult res = compareVersions(a, b, name, opts, stats);
  res.seconds = std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  if (opts.stats) {
    auto secs = [](double s) {
      char buf[32];
      snprintf(buf, sizeof buf, "%.2f s", s);
      return std::string(buf);
    };
    opts.stats(name, "equivalence: " + equivVerdictName(res.verdict).str() +
                         " in " + secs(res.seconds) + "; encoding " +
                         secs(stats.encodeSeconds) + stats.sizes +
                         "; queries " + secs(stats.querySeconds) + " (" +
                         std::to_string(stats.queries) + ")");
  }
  return res;
}

static EquivResult compareVersions(ModuleOp a, ModuleOp b, StringRef name,
                                   const VerifyOptions &opts,
                                   EquivStats &stats) {
  EquivResult res;
  res.function = name.str();
  auto fa = a.lookupSymbol<func::FuncOp>(name);
  auto fb = b.lookupSymbol<func::FuncOp>(name);
  if (!fa || !fb || fa.isDeclaration() || fb.isDeclaration()) {
    res.reason = std::string("function has no body in ") + (fa ? "B" : "A");
    return res;
  }
  if (fa.getFunctionType() != fb.getFunctionType()) {
    res.reason = "the versions' signatures differ";
    return res;
  }
  SiteNumbering sa, sb;
  if (auto why = matchSites(a, b, sa, sb)) {
    res.reason = *why;
    return res;
  }
  smt::Context ctx;
  Encoder ea(ctx, a, opts, &sa), eb(ctx, b, opts, &sb);
  eb.inputsFrom = &ea;
  auto encodeStart = std::chrono::steady_clock::now();
  for (auto [e, f, tag] : {std::tuple{&ea, fa, "A"}, std::tuple{&eb, fb, "B"}})
    if (!e->encodeEntry(f)) {
      res.reason = std::string(tag) + ": " + e->failure->reason + " at " +
                   printLocation(e->failure->loc);
      return res;
    }
  stats.encodeSeconds = std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - encodeStart)
                            .count();
  for (auto [e, tag] : {std::pair{&ea, "A"}, std::pair{&eb, "B"}})
    stats.sizes += std::string(stats.sizes.empty() ? " (" : ", ") + tag +
                   ": " + std::to_string(e->heap.violations.size()) +
                   " violation conditions, " +
                   std::to_string(e->heap.constraints.size()) +
                   " constraints, " + std::to_string(e->heap.slots.size()) +
                   " heap slots";
  stats.sizes += ")";
  smt::Solver S(ctx);
  for (Encoder *e : {&ea, &eb})
    for (const Expr &c : e->heap.constraintsToAssert())
      S.add(c);
  auto anyStop = [&](SymbolicHeap &h) {
    std::vector<Expr> v;
    for (const Stop &s : h.stops)
      v.push_back(s.cond);
    return ctx.mkOr(v);
  };
  Expr stopA = anyStop(ea.heap), stopB = anyStop(eb.heap);
  Expr running = ctx.mkAnd(ctx.mkNot(stopA), ctx.mkNot(stopB));
  Expr lastQuery;
  auto check = [&](Expr q, smt::Result &r) {
    Expr lit = ctx.freshBool("equiv_query");
    S.add(ctx.mkImplies(lit, q));
    lastQuery = lit;
    auto began = std::chrono::steady_clock::now();
    r = S.check({lit}, opts.timeoutMs);
    ++stats.queries;
    stats.querySeconds += std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - began)
                              .count();
    if (r == smt::Result::Unknown)
      res.reason = timeoutReason(opts, smt::Budget::spent());
    return r;
  };
  auto outcome = [&](SymbolicHeap &h) -> std::string {
    for (Verdict k : kViolationKinds)
      for (const Violation &v : h.violations)
        if (v.kind == k && S.evalBool(v.cond))
          return verdictName(k).str() + " at " + printLocation(v.loc);
    return "returns without violation";
  };
  auto distinguish = [&](const std::string &what, bool verdictsMustDiffer) {
    res.input = inputFromModel(ea, S, fa);
    res.reason = what;
    std::string ta, tb;
    auto va = replayOne(a, fa, res.input, opts, ta, res.runA);
    auto vb = replayOne(b, fb, res.input, opts, tb, res.runB);
    res.details.push_back("A: " + ta);
    res.details.push_back("B: " + tb);
    res.verdict = EquivVerdict::Different;
    if (!va || !vb || (verdictsMustDiffer && *va == *vb)) {
      res.verdict = EquivVerdict::Unknown;
      res.reason = "distinguishing input " + res.input + " (" + what +
                   ") did not reproduce under dealloc-run ([verify.replay])";
    }
    return res;
  };
  // 1. The versions end differently ([equiv.def], outcome).
  std::vector<Expr> differ;
  for (Verdict k : kViolationKinds)
    differ.push_back(ctx.mkNe(ctx.mkOr(ofKind(ea.heap, k)),
                              ctx.mkOr(ofKind(eb.heap, k))));
  smt::Result r;
  if (check(ctx.mkAnd(running, ctx.mkOr(differ)), r) == smt::Result::Unknown)
    return res;
  // [verify.output]: small inputs; the model still satisfies the query.
  // False (res says timeout) if the solver gives no model again.
  auto minimize = [&] {
    if (minimizeInput(ea, S, {lastQuery}, opts.timeoutMs))
      return true;
    res.reason = timeoutReason(opts, smt::Budget::spent());
    return false;
  };
  if (r == smt::Result::Sat) {
    if (!minimize())
      return res;
    return distinguish("A: " + outcome(ea.heap) + "; B: " + outcome(eb.heap),
                       true);
  }
  // 2. Both return: matched buffers are freed in the same interval.
  const State &xa = *ea.exitState, &xb = *eb.exitState;
  std::vector<Expr> frees;
  std::vector<std::tuple<Expr, std::string>> explain;
  size_t nSites = sa.names.size();
  auto countOf = [&](const State &x, size_t s) {
    return s < x.siteCount.size() ? x.siteCount[s] : ctx.bvVal(kIndexWidth, 0);
  };
  for (size_t s = 0; s < nSites; ++s) {
    Expr c = ctx.mkNe(countOf(xa, s), countOf(xb, s));
    frees.push_back(c);
    explain.push_back({c, "site " + sa.names[s] +
                              " allocates a different number of times"});
  }
  auto atOf = [&](const State &x, unsigned slot) {
    return slot < x.freedAt.size() ? x.freedAt[slot] : ctx.bvVal(kIndexWidth, 0);
  };
  for (unsigned i = 0; i < ea.heap.slots.size(); ++i) {
    const Slot &si = ea.heap.slots[i];
    if (si.site < 0)
      continue;
    for (unsigned j = 0; j < eb.heap.slots.size(); ++j) {
      const Slot &sj = eb.heap.slots[j];
      if (sj.site != si.site)
        continue;
      Expr same = ctx.mkAnd({ea.heap.allocOf(xa, i), eb.heap.allocOf(xb, j),
                             ctx.mkEq(si.siteInstance, sj.siteInstance)});
      Expr fa_ = ea.heap.freedOf(xa, i), fb_ = eb.heap.freedOf(xb, j);
      Expr bad = ctx.mkAnd(
          same, ctx.mkOr(ctx.mkNe(fa_, fb_),
                         ctx.mkAnd(fa_, ctx.mkNe(atOf(xa, i), atOf(xb, j)))));
      frees.push_back(bad);
      explain.push_back(
          {bad, "a buffer of site " + sa.names.at(si.site) +
                    " is freed at a different point: in one version only, "
                    "or after a different number of input-program "
                    "allocations"});
    }
  }
  Expr bothReturn = ctx.mkAnd({running, xa.guard, xb.guard});
  if (check(ctx.mkAnd(bothReturn, ctx.mkOr(frees)), r) == smt::Result::Unknown)
    return res;
  if (r == smt::Result::Sat) {
    if (!minimize())
      return res;
    std::string what = "the versions free buffers differently";
    for (auto &[c, text] : explain)
      if (S.evalBool(c)) {
        what = text;
        break;
      }
    // dealloc-run reports verdicts only: both runs are expected to be SAFE.
    return distinguish(what, false);
  }
  // 3. Runs that stop (unroll bound, undefined behaviour) were not compared.
  // [safety.defined]: by default an input on which a version reaches
  // undefined behaviour is excluded (listed below), only the encoding's own
  // stops make the answer UNKNOWN.
  auto counts = [&](const Stop &s) {
    return opts.strictUB || !isUndefinedBehaviour(s.kind);
  };
  std::vector<Expr> stopping;
  for (Encoder *e : {&ea, &eb})
    for (const Stop &s : e->heap.stops)
      if (counts(s))
        stopping.push_back(s.cond);
  if (check(ctx.mkOr(stopping), r) == smt::Result::Unknown)
    return res;
  if (r == smt::Result::Sat) {
    if (!minimize())
      return res;
    res.input = inputFromModel(ea, S, fa);
    for (Encoder *e : {&ea, &eb})
      for (const Stop &s : e->heap.stops)
        if (counts(s) && S.evalBool(s.cond)) {
          res.reason = "no difference found, but input " +
                       quotedInput(res.input) + " reaches " + s.reason +
                       " at " + printLocation(s.loc);
          if (s.isBound)
            res.bound = s.bound;
          return res;
        }
    res.reason = "no difference found, but some run stops";
    return res;
  }
  if (!opts.strictUB) {
    auto ask = [&](Expr q) {
      smt::Result a;
      check(q, a);
      return a;
    };
    if (auto none = scanExcludedEquiv(ea, eb, a, b, fa, fb, opts, S, ask,
                                      minimize, res.excluded, res.excludedCut,
                                      res.definedUndecided)) {
      res.reason = *none;
      return res;
    }
    res.reason.clear(); // a timed-out listing query set it
  }
  res.verdict = EquivVerdict::Equivalent;
  return res;
}

void dealloc::verify::printEquivResult(llvm::raw_ostream &os,
                                       const EquivResult &r, bool json) {
  if (json) {
    // [verify.report.json]: dealloc-run's field names; "A" and "B" say what
    // each version does on the distinguishing input.
    llvm::json::Object o;
    o["function"] = r.function;
    o["verdict"] = equivVerdictName(r.verdict).str();
    if (!r.input.empty() || r.verdict == EquivVerdict::Different)
      o["input"] = r.input;
    if (!r.reason.empty()) {
      std::string clause = clauseOf(r.reason);
      if (!clause.empty())
        o["clause"] = clause;
      o["message"] = withoutClause(r.reason, clause);
    }
    for (auto [tag, run] : {std::pair{"A", &r.runA}, std::pair{"B", &r.runB}})
      if (*run) {
        llvm::json::Object v{{"verdict", verdictName((*run)->verdict).str()}};
        if (!(*run)->clause.empty())
          v["clause"] = (*run)->clause;
        if (!(*run)->message.empty())
          v["message"] = (*run)->message;
        o[tag] = std::move(v);
      }
    if (r.bound)
      o["bound"] = int64_t(*r.bound);
    if (!r.excluded.empty() || !r.excludedCut.empty())
      addExcludedJson(o, r.excluded, r.excludedCut, r.definedUndecided);
    std::string text;
    llvm::raw_string_ostream ts(text);
    ts << llvm::json::Value(std::move(o));
    os << jsonWithSeconds(text, r.seconds) << "\n";
    return;
  }
  os << "@" << r.function << ": " << equivVerdictName(r.verdict);
  if (r.verdict == EquivVerdict::Different)
    os << " on input " << quotedInput(r.input) << " ("
       << r.reason << ")";
  else if (r.verdict == EquivVerdict::Unknown)
    os << " (" << r.reason << ")";
  else if (!r.excluded.empty() || !r.excludedCut.empty())
    os << " (on defined inputs: undefined behaviour excluded, "
          "[safety.defined])";
  os << "\n";
  for (const std::string &d : r.details)
    os << "  " << d << "\n";
  if (!r.excluded.empty() || !r.excludedCut.empty())
    for (const std::string &line :
         excludedNotes(r.excluded, r.excludedCut, r.definedUndecided))
      os << "  " << line << "\n";
}

int dealloc::verify::runEquivalence(ModuleOp a, ModuleOp b, StringRef function,
                                    const VerifyOptions &opts, bool json,
                                    llvm::raw_ostream &os,
                                    std::vector<EquivResult> *results) {
  std::vector<std::string> names;
  if (!function.empty()) {
    names.push_back(function.str());
  } else {
    for (auto fn : a.getOps<func::FuncOp>())
      if (fn.isPublic() && !fn.isDeclaration())
        names.push_back(fn.getSymName().str());
    for (auto fn : b.getOps<func::FuncOp>())
      if (fn.isPublic() && !fn.isDeclaration() &&
          !llvm::is_contained(names, fn.getSymName().str()))
        names.push_back(fn.getSymName().str());
  }
  int code = ExitOk;
  for (const std::string &n : names) {
    EquivResult r = checkEquivalence(a, b, n, opts);
    printEquivResult(os, r, json);
    code = combineExitCodes(code, exitCodeFor(r.verdict));
    if (results)
      results->push_back(std::move(r));
  }
  return code;
}
