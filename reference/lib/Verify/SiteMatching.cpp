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
//     with --mlir-print-debuginfo), otherwise by structure: per function,
//     the k-th such allocation in a pre-order walk, if both versions have
//     the same sequence of (heap or stack, type) there.
//
//===----------------------------------------------------------------------===//
#include "Replay.h"
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
/// pointer buffers of a lowered `bufferization.dealloc`): an allocation
/// without a `dealloc.site` attribute, of `index` or `i1` elements, whose
/// result, through `memref.cast`s, is passed to a call and otherwise only
/// loaded from, stored into and freed, with a `memref.dealloc` in the
/// allocation's own block. It is freed in the function that allocates it
/// and never escapes.
static bool isScratch(Operation *op) {
  if (op->hasAttr("dealloc.site") ||
      !isa<memref::AllocOp, memref::AllocaOp>(op))
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
/// One version's allocation ops, classified ([equiv.match]).
struct VersionSites {
  std::map<std::string, std::vector<Operation *>> tagged, located;
  /// Per function (pre-order walk): allocations matched by structure.
  std::map<std::string, std::vector<Operation *>> structural;
  std::set<std::string> files; ///< file names of the untagged allocations
  llvm::DenseMap<Operation *, size_t> order; ///< walk order of all site ops
};
} // namespace

static std::string functionOf(Operation *op) {
  auto fn = op->getParentOfType<func::FuncOp>();
  return fn ? fn.getSymName().str() : "";
}

/// Tagged ops, and the untagged input-program allocations with their file
/// locations (`located` is filled by the caller once it knows whether the
/// versions share a source file).
static void collect(ModuleOp m, VersionSites &v,
                    std::vector<Operation *> &untagged) {
  m.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isSiteOp(op))
      return;
    v.order[op] = v.order.size();
    if (auto t = tagOf(op)) {
      v.tagged[*t].push_back(op);
      return;
    }
    if (isa<bufferization::CloneOp>(op) || isScratch(op))
      return; // a pass's own buffer: compared by its effect ([equiv.def])
    untagged.push_back(op);
    if (auto fl = fileLocation(op))
      v.files.insert(fl->getFilename().str());
  });
}

/// "heap memref<2xf32>" / "stack memref<2xf32>": what structural matching
/// compares (an expanded `memref.realloc` is an alloc).
static std::string shapeKey(Operation *op) {
  std::string s = isa<memref::AllocaOp>(op) ? "stack " : "heap ";
  llvm::raw_string_ostream os(s);
  os << op->getResult(0).getType();
  return s;
}

/// The first few allocations of a list, for a reason.
static std::string describe(const std::vector<Operation *> &ops) {
  constexpr size_t kShown = 6;
  std::string s;
  for (size_t i = 0; i < ops.size() && i < kShown; ++i)
    s += (s.empty() ? "" : ", ") + shapeKey(ops[i]);
  if (ops.size() > kShown)
    s += ", ... (" + std::to_string(ops.size()) + " in all)";
  return s.empty() ? "none" : s;
}

static std::string ordinal(size_t k) {
  const char *suffix = "th";
  if (k % 100 < 11 || k % 100 > 13)
    suffix = k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th";
  return std::to_string(k) + suffix;
}

static void addSite(SiteNumbering &sa, SiteNumbering &sb, std::string name,
                    Operation *a, Operation *b) {
  int n = sa.names.size();
  sa.names.push_back(name);
  sb.names.push_back(std::move(name));
  sa.siteOf[a] = n;
  sb.siteOf[b] = n;
}

/// Where `small` is `large` with some elements left out in exactly one way:
/// `at[i]` is the index in `large` of `small[i]`.
static bool embedUniquely(const std::vector<std::string> &small,
                          const std::vector<std::string> &large,
                          std::vector<size_t> &at) {
  // ways[i]: embeddings of small[0..i) into the prefix of `large` seen so
  // far, counted up to 2.
  std::vector<unsigned> ways(small.size() + 1, 0);
  ways[0] = 1;
  for (const std::string &l : large)
    for (size_t i = small.size(); i > 0; --i)
      if (small[i - 1] == l)
        ways[i] = std::min(2u, ways[i] + ways[i - 1]);
  if (ways[small.size()] != 1)
    return false;
  // The only embedding is the leftmost one.
  for (size_t j = 0, i = 0; i < small.size(); ++j)
    if (large[j] == small[i]) {
      at.push_back(j);
      ++i;
    }
  return true;
}

/// [equiv.match]: the allocations of function `fn` matched by structure
/// (A's `oa`, B's `ob`, in walk order); the reason if they cannot be.
static std::optional<std::string>
matchStructure(const std::string &fn, const std::vector<Operation *> &oa,
               const std::vector<Operation *> &ob, SiteNumbering &sa,
               SiteNumbering &sb) {
  std::vector<std::string> ka, kb;
  for (Operation *op : oa)
    ka.push_back(shapeKey(op));
  for (Operation *op : ob)
    kb.push_back(shapeKey(op));
  // pairs[k]: (index in A, index in B) of the k-th matched allocation.
  std::vector<std::pair<size_t, size_t>> pairs;
  std::vector<size_t> at;
  if (ka == kb) {
    for (size_t k = 0; k < ka.size(); ++k)
      pairs.push_back({k, k});
  } else if (ka.size() < kb.size() && embedUniquely(ka, kb, at)) {
    for (size_t k = 0; k < at.size(); ++k)
      pairs.push_back({k, at[k]});
  } else if (kb.size() < ka.size() && embedUniquely(kb, ka, at)) {
    for (size_t k = 0; k < at.size(); ++k)
      pairs.push_back({at[k], k});
  } else {
    return "allocation sites cannot be matched: the allocations of @" + fn +
           " without dealloc.site or a source location both versions share "
           "differ (A: " + describe(oa) + "; B: " + describe(ob) +
           ") ([equiv.match])";
  }
  for (auto [i, j] : pairs)
    addSite(sa, sb,
            "the " + ordinal(i + 1) + " allocation of @" + fn + " (" + ka[i] +
                ")",
            oa[i], ob[j]);
  return std::nullopt;
}

SiteMatch dealloc::verify::matchSites(ModuleOp a, ModuleOp b,
                                      SiteNumbering &sa, SiteNumbering &sb) {
  SiteMatch res;
  VersionSites va, vb;
  std::vector<Operation *> ua, ub;
  collect(a, va, ua);
  collect(b, vb, ub);
  // A location is a key only where both versions carry locations of one
  // source file: otherwise it says where a version was printed.
  std::set<std::string> shared;
  for (const std::string &f : va.files)
    if (vb.files.count(f))
      shared.insert(f);
  std::map<std::string, size_t> count[2];
  auto locKey = [&](Operation *op) -> std::optional<std::string> {
    auto fl = fileLocation(op);
    if (fl && shared.count(fl->getFilename().str()))
      return printLocation(*fl);
    return std::nullopt;
  };
  for (int x = 0; x < 2; ++x)
    for (Operation *op : x ? ub : ua)
      if (auto k = locKey(op))
        ++count[x][*k];
  // A location several allocations of one version share names none of
  // them: those are matched by structure, in walk order with the rest.
  for (int x = 0; x < 2; ++x)
    for (Operation *op : x ? ub : ua) {
      VersionSites &v = x ? vb : va;
      auto k = locKey(op);
      if (!k || count[0][*k] > 1 || count[1][*k] > 1)
        v.structural[functionOf(op)].push_back(op);
      else
        v.located[*k].push_back(op);
    }
  for (auto &[key, ops] : va.tagged) {
    auto it = vb.tagged.find(key);
    if (ops.size() > 1 || (it != vb.tagged.end() && it->second.size() > 1)) {
      res.failure = "allocation sites cannot be matched: several allocations "
                    "carry '" + key + "' ([equiv.match])";
      return res;
    }
    // A key in one version only: an allocation a canonicalization removed.
    if (it != vb.tagged.end())
      addSite(sa, sb, key, ops[0], it->second[0]);
  }
  for (auto &[key, ops] : vb.tagged)
    if (ops.size() > 1) {
      res.failure = "allocation sites cannot be matched: several allocations "
                    "carry '" + key + "' ([equiv.match])";
      return res;
    }
  // A location in one version only is matched by structure with the
  // other version's allocations without a key (a pass may have given an
  // allocation another location, or none); with none left there, it
  // names an allocation the other version removed.
  for (int x = 0; x < 2; ++x) {
    VersionSites &v = x ? vb : va, &o = x ? va : vb;
    std::set<std::string> touched;
    for (auto &[key, ops] : v.located)
      if (!o.located.count(key)) {
        v.structural[functionOf(ops[0])].push_back(ops[0]);
        touched.insert(functionOf(ops[0]));
      }
    for (const std::string &fn : touched)
      llvm::sort(v.structural[fn], [&](Operation *p, Operation *q) {
        return v.order.lookup(p) < v.order.lookup(q);
      });
  }
  for (auto &[key, ops] : va.located) {
    auto it = vb.located.find(key);
    if (it != vb.located.end())
      addSite(sa, sb, key, ops[0], it->second[0]);
  }
  // A tag in one version only: an allocation the other version removed,
  // unless the other version has an allocation without a tag there that
  // structure leaves unmatched (a pass may have dropped the tag).
  std::map<std::string, std::string> tagOnly[2];
  for (int x = 0; x < 2; ++x)
    for (auto &[key, ops] : (x ? vb : va).tagged)
      if (!(x ? va : vb).tagged.count(key))
        tagOnly[x].insert({functionOf(ops[0]), key});
  // Structure: per function, the same sequence in both versions.
  std::set<std::string> fns;
  for (auto *v : {&va, &vb})
    for (auto &[fn, ops] : v->structural)
      fns.insert(fn);
  for (const std::string &fn : fns) {
    if (auto why = matchStructure(fn, va.structural[fn], vb.structural[fn],
                                  sa, sb)) {
      res.unmatched[fn] = *why;
      continue;
    }
    for (int x = 0; x < 2; ++x) {
      auto it = tagOnly[x].find(fn);
      if (it == tagOnly[x].end())
        continue;
      for (Operation *op : (x ? va : vb).structural[fn])
        if (!(x ? sa : sb).siteOf.count(op)) {
          res.unmatched[fn] =
              "allocation sites cannot be matched: @" + fn + " of " +
              (x ? "B" : "A") + " has '" + it->second + "', which " +
              (x ? "A" : "B") + " lacks, and " + (x ? "A" : "B") +
              " has an allocation without dealloc.site that structure "
              "leaves unmatched ([equiv.match])";
          break;
        }
    }
  }
  return res;
}

std::optional<std::string>
SiteMatch::reasonFor(ModuleOp a, ModuleOp b, llvm::StringRef fn) const {
  if (failure)
    return failure;
  if (unmatched.empty())
    return std::nullopt;
  // The encoder inlines callees with a body: their sites count too.
  std::set<std::string> seen{fn.str()};
  std::vector<std::string> work{fn.str()};
  while (!work.empty()) {
    std::string f = work.back();
    work.pop_back();
    if (auto it = unmatched.find(f); it != unmatched.end())
      return it->second;
    for (ModuleOp m : {a, b})
      if (auto callee = m.lookupSymbol<func::FuncOp>(f))
        callee.walk([&](func::CallOp call) {
          if (seen.insert(call.getCallee().str()).second)
            work.push_back(call.getCallee().str());
        });
  }
  return std::nullopt;
}
