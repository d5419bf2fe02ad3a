//===- StructuralMatch.cpp - allocations matched by structure -------------===//
//
// spec/verification.md [equiv.match]: the input program's allocations that
// neither a tag nor a shared source location names are matched by
// structure: per function (functions matched by name if public, by the call
// graph if private), the k-th allocation of a pre-order walk of A with the
// k-th of B, where both have the same sequence of (heap or stack, type,
// sizes). Nothing here reads a location, an attribute, a private name or the
// order of functions in the module.
//
//===----------------------------------------------------------------------===//
#include "Equiv/SiteMatching.h"
#include "dealloc/Support/OpTable.h"
#include "dealloc/Support/Ordinal.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include <set>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

void dealloc::verify::addSite(SiteNumbering &sa, SiteNumbering &sb,
                              std::string name, Operation *a, Operation *b) {
  int n = sa.names.size();
  sa.names.push_back(name);
  sb.names.push_back(std::move(name));
  sa.siteOf[a] = n;
  sb.siteOf[b] = n;
}

namespace {
/// What structure compares of one allocation: "heap memref<?xf32>" or
/// "stack ..." (an expanded `memref.realloc` is an alloc), and per index
/// operand (dynamic sizes, symbols) the function argument or constant it
/// is, "" where it is neither.
struct Shape {
  std::string kind;
  std::vector<std::string> sizes;
};
} // namespace

/// `%argN` for an argument of the function's entry block, the value of an
/// integer constant, "" otherwise.
static std::string traceOperand(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Block *owner = arg.getOwner();
    if (owner->isEntryBlock() && isa<func::FuncOp>(owner->getParentOp()))
      return "%arg" + std::to_string(arg.getArgNumber());
    return "";
  }
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return std::to_string(*c);
  return "";
}

static Shape shapeOf(Operation *op) {
  Shape s;
  s.kind = isa<memref::AllocaOp>(op) ? "stack " : "heap ";
  llvm::raw_string_ostream os(s.kind);
  os << op->getResult(0).getType();
  for (Value v : op->getOperands())
    if (v.getType().isIndex())
      s.sizes.push_back(traceOperand(v));
  return s;
}

/// Two allocations can be one of the input program: the same kind and
/// type, and no size both trace to different arguments or constants.
static bool compatible(const Shape &p, const Shape &q) {
  if (p.kind != q.kind || p.sizes.size() != q.sizes.size())
    return false;
  for (size_t i = 0; i < p.sizes.size(); ++i)
    if (!p.sizes[i].empty() && !q.sizes[i].empty() && p.sizes[i] != q.sizes[i])
      return false;
  return true;
}

/// The first few allocations of a list, for a reason.
static std::string describe(const std::vector<Shape> &shapes) {
  constexpr size_t kShown = 6;
  std::string s;
  for (size_t i = 0; i < shapes.size() && i < kShown; ++i) {
    s += (s.empty() ? "" : ", ") + shapes[i].kind;
    bool traced = llvm::any_of(shapes[i].sizes,
                               [](const std::string &t) { return !t.empty(); });
    if (traced) {
      s += "(";
      for (auto [k, t] : llvm::enumerate(shapes[i].sizes))
        s += (k ? ", " : "") + (t.empty() ? std::string("?") : t);
      s += ")";
    }
  }
  if (shapes.size() > kShown)
    s += ", ... (" + std::to_string(shapes.size()) + " in all)";
  return s.empty() ? "none" : s;
}

/// Where `small` is `large` with some elements left out in exactly one way
/// (elements paired where compatible): `at[i]` is the index in `large` of
/// `small[i]`.
static bool embedUniquely(const std::vector<Shape> &small,
                          const std::vector<Shape> &large,
                          std::vector<size_t> &at) {
  // ways[i]: embeddings of small[0..i) into the prefix of `large` seen so
  // far, counted up to 2.
  std::vector<unsigned> ways(small.size() + 1, 0);
  ways[0] = 1;
  for (const Shape &l : large)
    for (size_t i = small.size(); i > 0; --i)
      if (compatible(small[i - 1], l))
        ways[i] = std::min(2u, ways[i] + ways[i - 1]);
  if (ways[small.size()] != 1)
    return false;
  // The only embedding is the leftmost one (taking the first compatible
  // element never rules out a later one).
  for (size_t j = 0, i = 0; i < small.size(); ++j)
    if (compatible(small[i], large[j])) {
      at.push_back(j);
      ++i;
    }
  return true;
}

std::optional<std::string> dealloc::verify::matchStructure(
    const std::string &fn, const std::vector<Operation *> &oa,
    const std::vector<Operation *> &ob, SiteNumbering &sa, SiteNumbering &sb) {
  std::vector<Shape> ka, kb;
  for (Operation *op : oa)
    ka.push_back(shapeOf(op));
  for (Operation *op : ob)
    kb.push_back(shapeOf(op));
  // pairs[k]: (index in A, index in B) of the k-th matched allocation.
  std::vector<std::pair<size_t, size_t>> pairs;
  std::vector<size_t> at;
  bool same = ka.size() == kb.size();
  for (size_t k = 0; same && k < ka.size(); ++k)
    same = compatible(ka[k], kb[k]);
  if (same) {
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
           " matched by structure differ (A: " + describe(ka) +
           "; B: " + describe(kb) + ") ([equiv.match])";
  }
  for (auto [i, j] : pairs)
    addSite(sa, sb,
            "the " + ordinal(i + 1) + " allocation of @" + fn + " (" +
                ka[i].kind + ")",
            oa[i], ob[j]);
  return std::nullopt;
}

/// Functions with a body that allocate an input-program buffer
/// (`memref.alloc`, `alloca`, `realloc`), themselves or through a callee.
static std::set<std::string> allocatingFunctions(ModuleOp m) {
  std::set<std::string> out;
  std::map<std::string, std::set<std::string>> callers;
  for (auto fn : m.getOps<func::FuncOp>()) {
    if (fn.isDeclaration())
      continue;
    fn.walk([&](Operation *op) {
      if (auto call = dyn_cast<func::CallOp>(op))
        callers[call.getCallee().str()].insert(fn.getSymName().str());
      else if (opAllocates(op) && !isa<bufferization::CloneOp>(op))
        out.insert(fn.getSymName().str());
    });
  }
  std::vector<std::string> work(out.begin(), out.end());
  while (!work.empty()) {
    std::string f = work.back();
    work.pop_back();
    for (const std::string &c : callers[f])
      if (out.insert(c).second)
        work.push_back(c);
  }
  return out;
}

/// The callees of `fn`'s calls to allocating functions, in walk order.
static std::vector<std::string>
allocatingCalls(func::FuncOp fn, const std::set<std::string> &alloc) {
  std::vector<std::string> out;
  fn.walk<WalkOrder::PreOrder>([&](func::CallOp call) {
    if (alloc.count(call.getCallee().str()))
      out.push_back(call.getCallee().str());
  });
  return out;
}

std::map<std::string, std::string>
dealloc::verify::correspondFunctions(ModuleOp a, ModuleOp b) {
  std::map<std::string, std::string> bToA;
  std::set<std::string> taken; // A's functions with a counterpart
  std::set<std::string> alloc[2] = {allocatingFunctions(a),
                                    allocatingFunctions(b)};
  std::vector<std::pair<func::FuncOp, func::FuncOp>> work;
  auto pair = [&](func::FuncOp fa, func::FuncOp fb) {
    bToA[fb.getSymName().str()] = fa.getSymName().str();
    taken.insert(fa.getSymName().str());
    work.push_back({fa, fb});
  };
  for (auto fb : b.getOps<func::FuncOp>())
    if (fb.isPublic())
      if (auto fa = a.lookupSymbol<func::FuncOp>(fb.getSymName());
          fa && fa.isPublic())
        pair(fa, fb);
  // Depth-first from the public functions: the k-th allocating call of a
  // pair's A is the k-th of its B (both versions keep the input program's
  // calls; a version that calls differently often leaves its callees to
  // their names).
  while (!work.empty()) {
    auto [fa, fb] = work.back();
    work.pop_back();
    if (fa.isDeclaration() || fb.isDeclaration())
      continue;
    std::vector<std::string> ca = allocatingCalls(fa, alloc[0]),
                             cb = allocatingCalls(fb, alloc[1]);
    if (ca.size() != cb.size())
      continue;
    for (size_t k = 0; k < ca.size(); ++k) {
      auto ga = a.lookupSymbol<func::FuncOp>(ca[k]);
      auto gb = b.lookupSymbol<func::FuncOp>(cb[k]);
      if (ga && gb && ga.isPrivate() && gb.isPrivate() && !bToA.count(cb[k]) &&
          !taken.count(ca[k]))
        pair(ga, gb);
    }
  }
  for (auto fb : b.getOps<func::FuncOp>())
    if (!bToA.count(fb.getSymName().str()) &&
        !taken.count(fb.getSymName().str()) &&
        a.lookupSymbol<func::FuncOp>(fb.getSymName()))
      bToA[fb.getSymName().str()] = fb.getSymName().str();
  return bToA;
}
