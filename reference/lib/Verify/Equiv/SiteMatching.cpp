//===- SiteMatching.cpp - input-program allocation sites of two versions --===//
//
// spec/verification.md [equiv.match]: which allocations of two versions A and
// B of one program are the input program's, and which of A's is which of
// B's. What an allocation IS decides, not where it is printed:
//   - a `dealloc.site = N` attribute is the input program's tag;
//   - a deallocation pass's own buffers (the scratch buffers of a lowered
//     `bufferization.dealloc`, and every untagged `bufferization.clone`) are
//     not input-program sites: [equiv.def] compares them by their effect;
//   - the other allocations (`memref.alloc`, `alloca`, `realloc`) are
//     matched by a source location both versions share (outputs printed
//     with --mlir-print-debuginfo), otherwise by structure
//     (Verify/Equiv/StructuralMatch.cpp).
// Tags are a convenience, never needed: in a function where the versions'
// tags disagree in coverage (a tag one version lacks while it has untagged
// allocations there, or a tag used twice) both versions' tags are ignored
// and the function is matched as if neither carried any.
//
//===----------------------------------------------------------------------===//
#include "Equiv/SiteMatching.h"
#include "Check/Replay.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Verify/Equivalence.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include <map>
#include <set>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

/// [equiv.match]: the ops that create a buffer (OpTable.def: Allocates).
static bool isSiteOp(Operation *op) { return opAllocates(op); }

static std::optional<std::string> tagOf(Operation *op) {
  if (auto a = op->getAttrOfType<IntegerAttr>("dealloc.site"))
    return "dealloc.site = " + std::to_string(a.getInt());
  return std::nullopt;
}

/// The file location of `op` (looking through name and fused locations).
static std::optional<FileLineColLoc> fileLocation(Operation *op) {
  Location loc = op->getLoc();
  while (true) {
    if (auto nl = dyn_cast<NameLoc>(loc)) {
      loc = nl.getChildLoc();
      continue;
    }
    if (auto fused = dyn_cast<FusedLoc>(loc)) {
      for (Location l : fused.getLocations())
        if (isa<FileLineColLoc>(l))
          return cast<FileLineColLoc>(l);
      return std::nullopt;
    }
    break;
  }
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return fl;
  return std::nullopt;
}

/// [equiv.match]: a scratch buffer of a deallocation pass (the flag and
/// pointer buffers of a lowered `bufferization.dealloc`), if it carries no
/// tag that is used: an allocation of `index` or `i1` elements, whose
/// result, through `memref.cast`s, is passed to a call and otherwise only
/// loaded from, stored into and freed, with a `memref.dealloc` in the
/// allocation's own block. It is freed in the function that allocates it
/// and never escapes.
static bool isScratch(Operation *op) {
  if (!isa<memref::AllocOp, memref::AllocaOp>(op))
    return false;
  Type elem = cast<MemRefType>(op->getResult(0).getType()).getElementType();
  if (!elem.isIndex() && !elem.isInteger(1))
    return false;
  bool freedHere = false, called = false;
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
      if (isa<func::CallOp>(user)) {
        called = true;
        continue;
      }
      if (isa<memref::LoadOp>(user))
        continue;
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getMemRef() == v)
        continue;
      return false;
    }
  }
  return freedHere && called;
}

namespace {
/// An allocation op of one version that may be an input-program site.
struct Candidate {
  Operation *op;
  std::string fn; ///< its function's key: A's name (B's if it has none)
  std::optional<std::string> tag;
  /// Without its tag, a pass's own buffer: a clone or a scratch buffer.
  bool passShaped;
};

/// Both versions' candidates and how their tags and locations are used.
struct Matching {
  std::vector<Candidate> ops[2];
  std::map<std::string, std::string> display; ///< function key -> name
  std::set<std::string> untrusted; ///< functions whose tags are ignored
  std::map<std::string, std::vector<Operation *>> tagged[2], located[2];
  /// Per function key (walk order): allocations matched by structure.
  std::map<std::string, std::vector<Operation *>> structural[2];
  std::set<std::string> files[2]; ///< file names of untagged allocations
  llvm::DenseMap<Operation *, size_t> order[2]; ///< walk order
};
} // namespace

/// Version x's candidates, keyed by A's function names (`toA`: B's name
/// -> A's; a function of B without counterpart keeps its name, marked so
/// that it meets none of A's).
static void collect(ModuleOp m, int x, Matching &mt,
                    const std::map<std::string, std::string> &toA) {
  m.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isSiteOp(op))
      return;
    mt.order[x][op] = mt.order[x].size();
    auto fn = op->getParentOfType<func::FuncOp>();
    std::string name = fn ? fn.getSymName().str() : "", key = name;
    if (x == 1) {
      auto it = toA.find(name);
      key = it != toA.end() ? it->second : "B:" + name;
    }
    mt.display.insert({key, name});
    mt.ops[x].push_back(
        {op, key, tagOf(op), isa<bufferization::CloneOp>(op) || isScratch(op)});
  });
}

/// [equiv.match]: the functions in which tags are not used: a tag one
/// version has twice, or has while the other version lacks it and has an
/// allocation without a tag in that function. Ignoring a function's tags
/// can make another function's tag one-sided: repeated until nothing
/// changes.
static void distrustTags(Matching &mt) {
  for (bool changed = true; changed;) {
    changed = false;
    std::map<std::string, std::vector<const Candidate *>> tags[2];
    std::set<std::string> untagged[2];
    for (int x = 0; x < 2; ++x)
      for (const Candidate &c : mt.ops[x]) {
        if (c.tag && !mt.untrusted.count(c.fn))
          tags[x][*c.tag].push_back(&c);
        else if (!c.passShaped)
          untagged[x].insert(c.fn);
      }
    auto distrust = [&](const std::vector<const Candidate *> &cs) {
      for (const Candidate *c : cs)
        changed |= mt.untrusted.insert(c->fn).second;
    };
    for (int x = 0; x < 2; ++x)
      for (auto &[key, cs] : tags[x]) {
        auto it = tags[1 - x].find(key);
        bool other = it != tags[1 - x].end();
        if (cs.size() > 1 || (other && it->second.size() > 1)) {
          distrust(cs);
          if (other)
            distrust(it->second);
        } else if (!other && untagged[1 - x].count(cs[0]->fn)) {
          distrust(cs);
        }
      }
  }
}

/// Sorts each version's candidates into tagged, located and structural.
static void classify(Matching &mt) {
  for (int x = 0; x < 2; ++x)
    for (const Candidate &c : mt.ops[x]) {
      if (c.tag && !mt.untrusted.count(c.fn))
        mt.tagged[x][*c.tag].push_back(c.op);
      else if (!c.passShaped)
        if (auto fl = fileLocation(c.op))
          mt.files[x].insert(fl->getFilename().str());
    }
  // A location is a key only where both versions carry locations of one
  // source file: otherwise it says where a version was printed.
  std::set<std::string> shared;
  for (const std::string &f : mt.files[0])
    if (mt.files[1].count(f))
      shared.insert(f);
  auto locKey = [&](Operation *op) -> std::optional<std::string> {
    auto fl = fileLocation(op);
    if (fl && shared.count(fl->getFilename().str()))
      return printLocation(*fl);
    return std::nullopt;
  };
  auto untagged = [&](const Candidate &c) {
    return !(c.tag && !mt.untrusted.count(c.fn)) && !c.passShaped;
  };
  std::map<std::string, size_t> count[2];
  for (int x = 0; x < 2; ++x)
    for (const Candidate &c : mt.ops[x])
      if (untagged(c))
        if (auto k = locKey(c.op))
          ++count[x][*k];
  // A location several allocations of one version share names none of
  // them: those are matched by structure, in walk order with the rest.
  for (int x = 0; x < 2; ++x)
    for (const Candidate &c : mt.ops[x]) {
      if (!untagged(c))
        continue;
      auto k = locKey(c.op);
      if (!k || count[0][*k] > 1 || count[1][*k] > 1)
        mt.structural[x][c.fn].push_back(c.op);
      else
        mt.located[x][*k].push_back(c.op);
    }
}

/// A location in one version only is matched by structure with the other
/// version's allocations without a key (a pass may have given an
/// allocation another location, or none); with none left there, it names
/// an allocation the other version removed.
static void unlocate(Matching &mt) {
  for (int x = 0; x < 2; ++x) {
    std::set<std::string> touched;
    std::map<Operation *, std::string> keyOf;
    for (const Candidate &c : mt.ops[x])
      keyOf[c.op] = c.fn;
    for (auto &[key, ops] : mt.located[x])
      if (!mt.located[1 - x].count(key)) {
        mt.structural[x][keyOf[ops[0]]].push_back(ops[0]);
        touched.insert(keyOf[ops[0]]);
      }
    for (const std::string &fn : touched)
      llvm::sort(mt.structural[x][fn], [&](Operation *p, Operation *q) {
        return mt.order[x].lookup(p) < mt.order[x].lookup(q);
      });
  }
}

/// Records `why` for function key `fn` under each version's own names.
static void unmatchable(SiteMatch &res, const Matching &mt,
                        const std::map<std::string, std::string> &toA,
                        const std::string &fn, const std::string &why) {
  if (!llvm::StringRef(fn).starts_with("B:"))
    res.unmatched[0][fn] = why;
  for (auto &[nb, na] : toA)
    if (na == fn)
      res.unmatched[1][nb] = why;
  if (llvm::StringRef(fn).starts_with("B:"))
    res.unmatched[1][mt.display.at(fn)] = why;
}

SiteMatch dealloc::verify::matchSites(ModuleOp a, ModuleOp b, SiteNumbering &sa,
                                      SiteNumbering &sb) {
  SiteMatch res;
  Matching mt;
  std::map<std::string, std::string> toA = correspondFunctions(a, b);
  collect(a, 0, mt, toA);
  collect(b, 1, mt, toA);
  distrustTags(mt);
  classify(mt);
  unlocate(mt);
  // A tag in one version only: an allocation the other version removed
  // (distrustTags left it only where the other version has no untagged
  // allocation in that function).
  for (auto &[key, ops] : mt.tagged[0])
    if (auto it = mt.tagged[1].find(key); it != mt.tagged[1].end())
      addSite(sa, sb, key, ops[0], it->second[0]);
  for (auto &[key, ops] : mt.located[0])
    if (auto it = mt.located[1].find(key); it != mt.located[1].end())
      addSite(sa, sb, key, ops[0], it->second[0]);
  // Functions of one version only (by the keys of collect()).
  std::set<std::string> fns, oneSided[2], inB;
  for (auto &[nb, na] : toA)
    inB.insert(na);
  for (int x = 0; x < 2; ++x)
    for (auto &[fn, ops] : mt.structural[x])
      if (!ops.empty() &&
          (x ? llvm::StringRef(fn).starts_with("B:") : !inB.count(fn)))
        oneSided[x].insert(fn);
  for (auto &[fn, ops] : mt.structural[0])
    fns.insert(fn);
  for (auto &[fn, ops] : mt.structural[1])
    fns.insert(fn);
  for (const std::string &fn : fns)
    if (auto why = matchStructure(mt.display.at(fn), mt.structural[0][fn],
                                  mt.structural[1][fn], sa, sb))
      unmatchable(res, mt, toA, fn, *why);
  // Functions of A and of B with allocations that structure compares but
  // no counterpart (renamed, and reached by no call that pairs them): the
  // allocations might be the same; not compared in both, so no answer.
  if (!oneSided[0].empty() && !oneSided[1].empty())
    for (int x = 0; x < 2; ++x)
      for (const std::string &fn : oneSided[x])
        unmatchable(res, mt, toA, fn,
                    "allocation sites cannot be matched: @" +
                        mt.display.at(fn) + " of " + (x ? "B" : "A") +
                        " has no counterpart in " + (x ? "A" : "B") +
                        " by name or by the calls from the public functions, "
                        "and " +
                        (x ? "A" : "B") +
                        " has such a function too ([equiv.match])");
  return res;
}

std::optional<std::string> SiteMatch::reasonFor(ModuleOp a, ModuleOp b,
                                                llvm::StringRef fn) const {
  // The encoder inlines callees with a body: their sites count too.
  for (int x = 0; x < 2; ++x) {
    if (unmatched[x].empty())
      continue;
    ModuleOp m = x ? b : a;
    std::set<std::string> seen{fn.str()};
    std::vector<std::string> work{fn.str()};
    while (!work.empty()) {
      std::string f = work.back();
      work.pop_back();
      if (auto it = unmatched[x].find(f); it != unmatched[x].end())
        return it->second;
      if (auto callee = m.lookupSymbol<func::FuncOp>(f))
        callee.walk([&](func::CallOp call) {
          if (seen.insert(call.getCallee().str()).second)
            work.push_back(call.getCallee().str());
        });
    }
  }
  return std::nullopt;
}
