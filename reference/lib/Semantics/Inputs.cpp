//===- Inputs.cpp - Input text and input enumeration (spec/safety.md) -----===//
//
// [input.text], [input.i1], [input.int], [input.float], [input.memref.fresh],
// [input.memref.alias], [input.memref.extents], [input.unranked], [input.cap],
// [input.order].
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Semantics/TypeSupport.h"
#include "dealloc/Semantics/Value.h"
#include "dealloc/Support/SolverPolicy.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;

namespace dealloc {

/// A scalar value (Bool, Int, Float) in [input.text]'s syntax.
static void formatScalar(llvm::raw_ostream &os, const InputValue &v) {
  switch (v.kind) {
  case InputValue::Bool:
    os << (v.b ? "true" : "false");
    break;
  case InputValue::Int:
    os << v.i;
    break;
  case InputValue::Float:
    os << llvm::format("%.17g", v.f);
    break;
  default:
    break;
  }
}

/// Whether two scalar values are the same value.
static bool sameScalar(const InputValue &a, const InputValue &b) {
  return a.kind == b.kind && a.b == b.b && a.i == b.i &&
         llvm::bit_cast<uint64_t>(a.f) == llvm::bit_cast<uint64_t>(b.f);
}

/// [input.text]: a vector of more lanes than this that is not a splat is
/// printed sparse, `<a | k:v ...>`.
constexpr size_t kListedLanes = 1024;

/// The lane value of `v` that most lanes hold (the first to occur among
/// equally frequent ones).
static const InputValue &commonLane(const InputValue &v) {
  std::map<std::string, std::pair<size_t, size_t>> seen; // text: count, first
  const InputValue *best = &v.lanes.front();
  size_t bestCount = 0;
  for (auto [k, l] : llvm::enumerate(v.lanes)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    formatScalar(os, l);
    auto &[count, first] = seen.try_emplace(text, 0, k).first->second;
    if (++count > bestCount ||
        (count == bestCount && first < (size_t)(best - &v.lanes.front()))) {
      best = &v.lanes[first];
      bestCount = count;
    }
  }
  return *best;
}

/// [input.vector]: `<a b c>`, or `<a>` when every lane is `a`; a vector of
/// more than kListedLanes lanes `<a | k:v ...>`: every lane `a` but the
/// lanes k (row-major numbers, ascending), which are v.
static void formatVector(llvm::raw_ostream &os, const InputValue &v) {
  os << "<";
  bool splat =
      !v.lanes.empty() && llvm::all_of(v.lanes, [&](const InputValue &l) {
        return sameScalar(l, v.lanes.front());
      });
  if (splat) {
    formatScalar(os, v.lanes.front());
  } else if (v.lanes.size() > kListedLanes) {
    const InputValue &common = commonLane(v);
    formatScalar(os, common);
    os << " |";
    for (auto [k, l] : llvm::enumerate(v.lanes))
      if (!sameScalar(l, common)) {
        os << " " << k << ":";
        formatScalar(os, l);
      }
  } else {
    llvm::interleave(
        v.lanes, os, [&](const InputValue &l) { formatScalar(os, l); }, " ");
  }
  os << ">";
}

std::string formatInput(const Input &input) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      input.args, os,
      [&](const InputValue &v) {
        switch (v.kind) {
        case InputValue::Buffer:
          os << "b" << v.group;
          if (!v.extents.empty() || v.unranked) { // [input.unranked]: b0[]
            os << "[";
            llvm::interleave(v.extents, os, "x");
            os << "]";
          }
          break;
        case InputValue::Vector:
          formatVector(os, v);
          break;
        default:
          formatScalar(os, v);
          break;
        }
      },
      ",");
  return s;
}

static llvm::Error inputError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Argument types with an input model.
static bool hasInputModel(Type t) {
  return isSupportedScalar(t) || isSupportedMemRef(t) || isModelledVector(t) ||
         isModelledUnranked(t);
}

/// [input.text], [input.unranked]: `bK` or `bK[AxB...]` (`bK[]`: no
/// extents) into `v` (its group as written); whether brackets were given.
/// An error message, or empty.
static std::string parseBuffer(StringRef p, InputValue &v, unsigned &written,
                               bool &shape) {
  if (!p.consume_front("b"))
    return "expected bK or bK[AxB] for a memref";
  StringRef digits = p.take_while(llvm::isDigit);
  StringRef rest = p.drop_front(digits.size());
  if (digits.empty() || digits.getAsInteger(10, written))
    return "expected a buffer number after 'b'";
  shape = !rest.empty();
  if (!shape)
    return "";
  if (!rest.consume_front("[") || !rest.consume_back("]"))
    return "expected [AxB] after the buffer number";
  SmallVector<StringRef, 4> dims;
  if (!rest.empty())
    rest.split(dims, 'x');
  for (StringRef d : dims) {
    int64_t e;
    if (d.getAsInteger(10, e) || e < 0)
      return "extents must be non-negative integers";
    v.extents.push_back(e);
  }
  return "";
}

/// Checks the extents of memref argument `v` of type `t` against the type
/// ([input.memref.extents], [input.unranked]); an error message, or empty.
static std::string checkExtents(Type t, const InputValue &v, bool shape,
                                bool first) {
  if (v.unranked) {
    if (first && !shape)
      return "an unranked memref needs its shape: bK[AxB...] (bK[] for "
             "rank 0)";
    return "";
  }
  auto mt = cast<MemRefType>(t);
  if (shape && v.extents.size() != mt.getNumDynamicDims())
    return std::to_string(v.extents.size()) + " extents given, the type has " +
           std::to_string(mt.getNumDynamicDims()) + " dynamic dimensions";
  return "";
}

/// Parses the scalar `p` of type `t` (i1, integer or index, float) into
/// `v`; an error message, or empty.
static std::string parseScalar(StringRef p, Type t, InputValue &v) {
  if (t.isInteger(1)) {
    if (p != "true" && p != "false")
      return "expected true or false";
    v.kind = InputValue::Bool;
    v.b = p == "true";
  } else if (intWidth(t)) {
    v.kind = InputValue::Int;
    if (p.getAsInteger(10, v.i))
      return "expected a decimal integer";
  } else {
    v.kind = InputValue::Float;
    if (p.getAsDouble(v.f))
      return "expected a decimal number";
  }
  return "";
}

/// [input.vector]: `<a | k:v ...>`: every lane `a` but lanes k, which are
/// v (into `v`, whose lanes are every lane `a`). An error message, or empty.
static std::string parseSparseLanes(StringRef entries, VectorType vt,
                                    InputValue &v) {
  SmallVector<StringRef, 8> parts;
  llvm::SplitString(entries, parts, " \t");
  for (StringRef part : parts) {
    auto [lane, value] = part.split(':');
    int64_t k = 0;
    if (value.empty() || lane.getAsInteger(10, k) || k < 0 ||
        k >= vt.getNumElements())
      return "'" + part.str() + "': expected k:v with a lane k from 0 to " +
             std::to_string(vt.getNumElements() - 1);
    if (std::string err = parseScalar(value, vt.getElementType(), v.lanes[k]);
        !err.empty())
      return "lane " + std::to_string(k) + " '" + value.str() + "': " + err;
  }
  return "";
}

/// [input.vector]: `<a b c ...>` with one value per lane, `<a>` for every
/// lane `a`, or `<a | k:v ...>`; into `v` with every lane. An error
/// message, or empty.
static std::string parseVector(StringRef p, VectorType vt, InputValue &v) {
  if (!p.consume_front("<") || !p.consume_back(">"))
    return "expected <a b ...> for a vector";
  auto [lanes, entries] = p.split('|');
  bool sparse = lanes.size() != p.size();
  SmallVector<StringRef, 8> parts;
  llvm::SplitString(lanes, parts, " \t");
  int64_t n = vt.getNumElements();
  if (sparse && parts.size() != 1)
    return "expected one value before '|'";
  if (parts.size() != 1 && static_cast<int64_t>(parts.size()) != n)
    return std::to_string(parts.size()) + " lanes given, the type has " +
           std::to_string(n) + " (or give one for all)";
  v.kind = InputValue::Vector;
  for (StringRef lane : parts) {
    InputValue l;
    if (std::string err = parseScalar(lane, vt.getElementType(), l);
        !err.empty())
      return "lane '" + lane.str() + "': " + err;
    v.lanes.push_back(l);
  }
  if (parts.size() == 1)
    v.lanes.assign(static_cast<size_t>(n), v.lanes.front());
  return sparse ? parseSparseLanes(entries, vt, v) : "";
}

llvm::Expected<Input> parseInput(StringRef text, FunctionType type) {
  SmallVector<StringRef, 8> parts;
  if (!text.trim().empty())
    text.split(parts, ',');
  if (parts.size() != type.getNumInputs())
    return inputError("input '" + text + "' has " + llvm::Twine(parts.size()) +
                      " values, the function has " +
                      llvm::Twine(type.getNumInputs()) + " arguments");
  Input in;
  llvm::DenseMap<unsigned, unsigned> renumber; // K as written -> canonical
  llvm::DenseMap<unsigned, unsigned> firstArg; // canonical -> first arg
  for (auto [k, part] : llvm::enumerate(parts)) {
    StringRef p = part.trim();
    Type t = type.getInput(k);
    std::string where =
        "argument " + std::to_string(k) + " ('" + p.str() + "')";
    InputValue v;
    if (!hasInputModel(t)) {
      std::string ts;
      llvm::raw_string_ostream(ts) << t;
      return inputError(where + ": type " + ts + " has no input model");
    }
    if (auto vt = dyn_cast<VectorType>(t)) {
      if (std::string err = parseVector(p, vt, v); !err.empty())
        return inputError(where + ": " + err);
    } else if (!isa<BaseMemRefType>(t)) {
      if (std::string err = parseScalar(p, t, v); !err.empty())
        return inputError(where + ": " + err);
    } else {
      v.kind = InputValue::Buffer;
      v.unranked = isa<UnrankedMemRefType>(t);
      unsigned written = 0;
      bool shape = false;
      if (std::string err = parseBuffer(p, v, written, shape); !err.empty())
        return inputError(where + ": " + err);
      auto [it, inserted] = renumber.try_emplace(written, renumber.size());
      v.group = it->second;
      if (std::string err = checkExtents(t, v, shape, inserted); !err.empty())
        return inputError(where + ": " + err);
      if (inserted) {
        firstArg.insert({v.group, static_cast<unsigned>(k)});
      } else {
        unsigned first = firstArg.lookup(v.group);
        const InputValue &f = in.args[first];
        if (type.getInput(first) != t)
          return inputError(where + ": shares a buffer with argument " +
                            llvm::Twine(first) + " of a different type");
        if (shape && (v.unranked || !f.extents.empty()) &&
            v.extents != f.extents)
          return inputError(where + ": extents differ from argument " +
                            llvm::Twine(first) + ", which shares its buffer");
        if (v.unranked) // [input.unranked]: the shared descriptor
          v.extents = f.extents;
      }
    }
    in.args.push_back(v);
  }
  return in;
}

/// Saturating multiplication.
static uint64_t satMul(uint64_t a, uint64_t b) {
  if (a != 0 && b > UINT64_MAX / a)
    return UINT64_MAX;
  return a * b;
}

/// Saturating addition.
static uint64_t satAdd(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/// Bell number B(n), saturating.
static uint64_t bell(unsigned n) {
  std::vector<uint64_t> row{1};
  for (unsigned i = 0; i < n; ++i) {
    std::vector<uint64_t> next{row.back()};
    for (uint64_t x : row) {
      uint64_t y = next.back();
      next.push_back(y > UINT64_MAX - x ? UINT64_MAX : y + x);
    }
    row = std::move(next);
  }
  return row.front();
}

/// Advances a restricted growth string (a set partition); false on wrap.
static bool nextPartition(SmallVectorImpl<unsigned> &rgs) {
  for (int64_t i = static_cast<int64_t>(rgs.size()) - 1; i > 0; --i) {
    unsigned maxBefore = 0;
    for (int64_t j = 0; j < i; ++j)
      maxBefore = std::max(maxBefore, rgs[j]);
    if (rgs[i] <= maxBefore) {
      ++rgs[i];
      for (size_t j = i + 1; j < rgs.size(); ++j)
        rgs[j] = 0;
      return true;
    }
  }
  std::fill(rgs.begin(), rgs.end(), 0);
  return false;
}

/// The number of enumerated values of a scalar argument of type `t`.
static size_t scalarArgCount(Type t) {
  return t.isInteger(1) ? 2 : intWidth(t) ? std::size(kIntArgValues) : 1;
}

/// The i-th enumerated value of a scalar argument of type `t` ([input.i1],
/// [input.int], [input.float]).
static InputValue scalarArgValue(Type t, size_t i) {
  InputValue v;
  if (t.isInteger(1)) {
    v.kind = InputValue::Bool;
    v.b = i == 1;
  } else if (intWidth(t)) {
    v.kind = InputValue::Int;
    v.i = kIntArgValues[i];
  } else {
    v.kind = InputValue::Float;
    v.f = kFloatArgValue;
  }
  return v;
}

std::vector<InputValue> vectorArgValues(VectorType t) {
  Type elem = t.getElementType();
  size_t n = static_cast<size_t>(t.getNumElements());
  size_t scalars = scalarArgCount(elem);
  std::vector<InputValue> out;
  InputValue v;
  v.kind = InputValue::Vector;
  for (size_t i = 0; i < scalars; ++i) {
    v.lanes.assign(n, scalarArgValue(elem, i));
    out.push_back(v);
  }
  if (n < 2)
    return out;
  // The ramp: lane k holds k (i1: k odd; floats: k.0).
  for (size_t k = 0; k < n; ++k) {
    InputValue &l = v.lanes[k];
    l.b = k % 2 == 1;
    l.i = llvm::APInt(intWidth(elem) ? intWidth(elem) : 64, k, false, true)
              .getSExtValue();
    l.f = static_cast<double>(k);
  }
  out.push_back(v);
  return out;
}

namespace {
/// [input.order]: the digit of a group of memref arguments of identical
/// type: a set partition (restricted growth string over `args`) and, for
/// an unranked type ([input.unranked]), a rank per block of it, the last
/// block's fastest, varying faster than the partition.
struct GroupDigit {
  Type type;
  SmallVector<unsigned, 4> args;
  SmallVector<unsigned, 4> rgs;
  SmallVector<unsigned, 4> ranks;

  bool unranked() const { return isa<UnrankedMemRefType>(type); }
  /// Resets the ranks to 0, one per block of the partition.
  void resetRanks() {
    unsigned blocks = 0;
    for (unsigned b : rgs)
      blocks = std::max(blocks, b + 1);
    ranks.assign(unranked() ? blocks : 0, 0);
  }
  /// Advances; false on wrap.
  bool next() {
    for (auto r = ranks.rbegin(); r != ranks.rend(); ++r) {
      if (++*r <= SolverPolicy::maxUnrankedArgRank)
        return true;
      *r = 0;
    }
    bool more = nextPartition(rgs);
    resetRanks();
    return more;
  }
  /// The number of values: B(n), or for an unranked type the partitions
  /// weighted by (ranks)^blocks (sum over k of S(n,k) * ranks^k).
  uint64_t count() const {
    size_t n = args.size();
    if (!unranked())
      return bell(static_cast<unsigned>(n));
    // Stirling numbers of the second kind S(n, k), saturating.
    std::vector<uint64_t> row{1};
    for (size_t i = 0; i < n; ++i) {
      std::vector<uint64_t> next(row.size() + 1, 0);
      for (size_t k = 0; k < row.size(); ++k) {
        next[k + 1] = satAdd(next[k + 1], row[k]);
        next[k] = satAdd(next[k], satMul(row[k], k));
      }
      row = std::move(next);
    }
    uint64_t total = 0, power = 1;
    for (uint64_t s : row) {
      total = satAdd(total, satMul(s, power));
      power = satMul(power, SolverPolicy::maxUnrankedArgRank + 1);
    }
    return total;
  }
};

struct ScalarDigit {
  unsigned arg;
  std::vector<InputValue> values;
  unsigned value = 0;
};
} // namespace

/// The values a scalar or vector argument of type `t` runs through
/// ([input.i1], [input.int], [input.float], [input.vector]).
static std::vector<InputValue> argValues(Type t) {
  std::vector<InputValue> values;
  if (auto vt = dyn_cast<VectorType>(t))
    return vectorArgValues(vt);
  for (size_t i = 0; i < scalarArgCount(t); ++i)
    values.push_back(scalarArgValue(t, i));
  return values;
}

/// The input of the odometer's current digits.
static Input currentInput(FunctionType type, ArrayRef<ScalarDigit> scalars,
                          ArrayRef<GroupDigit> groups) {
  Input in;
  in.args.resize(type.getNumInputs());
  for (const ScalarDigit &s : scalars)
    in.args.at(s.arg) = s.values[s.value];
  // Buffer numbers by first appearance in argument order.
  llvm::DenseMap<std::pair<unsigned, unsigned>, unsigned> ids;
  SmallVector<std::pair<unsigned, unsigned>, 8> key(type.getNumInputs());
  for (auto [gi, g] : llvm::enumerate(groups))
    for (auto [a, block] : llvm::zip(g.args, g.rgs)) {
      key[a] = {static_cast<unsigned>(gi), block};
      if (g.unranked()) { // [input.unranked]: extents 2, the block's rank
        in.args[a].unranked = true;
        in.args[a].extents.assign(g.ranks[block], kDynamicExtent);
      }
    }
  for (unsigned a = 0; a < type.getNumInputs(); ++a) {
    if (!isa<BaseMemRefType>(type.getInput(a)))
      continue;
    auto it = ids.try_emplace(key[a], ids.size()).first;
    in.args[a].kind = InputValue::Buffer;
    in.args[a].group = it->second;
  }
  return in;
}

llvm::Expected<std::vector<Input>>
enumerateInputs(FunctionType type, uint64_t maxInputs, uint64_t &total) {
  // Digits of an odometer: one per scalar argument (in argument order), then
  // one set partition per group of memref arguments of identical type (in
  // order of first appearance). The last digit varies fastest ([input.order]).
  // A scalar or vector argument's digit runs over its values in order
  // ([input.i1], [input.int], [input.float], [input.vector]).
  std::vector<ScalarDigit> scalars;
  std::vector<GroupDigit> groups;
  total = 1;
  for (auto [k, t] : llvm::enumerate(type.getInputs())) {
    if (!hasInputModel(t)) {
      std::string ts;
      llvm::raw_string_ostream(ts) << t;
      return inputError("argument " + llvm::Twine(k) + " has type " + ts +
                        ", which has no input model");
    }
    if (isa<BaseMemRefType>(t)) {
      auto g = llvm::find_if(groups, [&](auto &g) { return g.type == t; });
      if (g == groups.end()) {
        groups.push_back({t, {}, {}, {}});
        g = groups.end() - 1;
      }
      g->args.push_back(k);
      g->rgs.push_back(0);
      continue;
    }
    std::vector<InputValue> values = argValues(t);
    total = satMul(total, values.size());
    scalars.push_back({static_cast<unsigned>(k), std::move(values)});
  }
  for (auto &g : groups) {
    g.resetRanks();
    total = satMul(total, g.count());
  }

  std::vector<Input> out;
  while (out.size() < maxInputs) {
    out.push_back(currentInput(type, scalars, groups));
    // Advance: last group fastest, then earlier groups, then scalars from
    // the last argument to the first.
    bool carry = true;
    for (auto g = groups.rbegin(); carry && g != groups.rend(); ++g)
      carry = !g->next();
    for (auto s = scalars.rbegin(); carry && s != scalars.rend(); ++s) {
      if (++s->value < s->values.size())
        carry = false;
      else
        s->value = 0;
    }
    if (carry)
      break;
  }
  return out;
}

} // namespace dealloc
