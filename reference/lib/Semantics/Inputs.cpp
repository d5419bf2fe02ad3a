//===- Inputs.cpp - Input text and input enumeration (spec/safety.md) -----===//
//
// [input.text], [input.i1], [input.int], [input.float], [input.memref.fresh],
// [input.memref.alias], [input.memref.extents], [input.cap], [input.order].
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Semantics/Value.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace dealloc {

std::string formatInput(const Input &input) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      input.args, os,
      [&](const InputValue &v) {
        switch (v.kind) {
        case InputValue::Bool: os << (v.b ? "true" : "false"); break;
        case InputValue::Int: os << v.i; break;
        case InputValue::Float: os << llvm::format("%.17g", v.f); break;
        case InputValue::Buffer:
          os << "b" << v.group;
          if (!v.extents.empty()) {
            os << "[";
            llvm::interleave(v.extents, os, "x");
            os << "]";
          }
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
  return isSupportedScalar(t) || isSupportedMemRef(t);
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
  llvm::DenseMap<unsigned, unsigned> renumber;  // K as written -> canonical
  llvm::DenseMap<unsigned, unsigned> firstArg;  // canonical -> first arg
  for (auto [k, part] : llvm::enumerate(parts)) {
    StringRef p = part.trim();
    Type t = type.getInput(k);
    std::string where = "argument " + std::to_string(k) + " ('" + p.str() + "')";
    InputValue v;
    if (!hasInputModel(t)) {
      std::string ts;
      llvm::raw_string_ostream(ts) << t;
      return inputError(where + ": type " + ts + " has no input model");
    }
    if (t.isInteger(1)) {
      if (p != "true" && p != "false")
        return inputError(where + ": expected true or false");
      v.kind = InputValue::Bool;
      v.b = p == "true";
    } else if (intWidth(t)) {
      v.kind = InputValue::Int;
      if (p.getAsInteger(10, v.i))
        return inputError(where + ": expected a decimal integer");
    } else if (isa<FloatType>(t)) {
      v.kind = InputValue::Float;
      if (p.getAsDouble(v.f))
        return inputError(where + ": expected a decimal number");
    } else {
      auto mt = cast<MemRefType>(t);
      v.kind = InputValue::Buffer;
      if (!p.consume_front("b"))
        return inputError(where + ": expected bK or bK[AxB] for a memref");
      StringRef digits = p.take_while(llvm::isDigit);
      StringRef rest = p.drop_front(digits.size());
      unsigned written;
      if (digits.empty() || digits.getAsInteger(10, written))
        return inputError(where + ": expected a buffer number after 'b'");
      if (!rest.empty()) {
        if (!rest.consume_front("[") || !rest.consume_back("]"))
          return inputError(where + ": expected [AxB] after the buffer number");
        SmallVector<StringRef, 4> dims;
        rest.split(dims, 'x');
        for (StringRef d : dims) {
          int64_t e;
          if (d.getAsInteger(10, e) || e < 0)
            return inputError(where + ": extents must be non-negative integers");
          v.extents.push_back(e);
        }
        if (v.extents.size() != mt.getNumDynamicDims())
          return inputError(where + ": " + llvm::Twine(v.extents.size()) +
                            " extents given, the type has " +
                            llvm::Twine(mt.getNumDynamicDims()) +
                            " dynamic dimensions");
      }
      auto [it, inserted] = renumber.try_emplace(written, renumber.size());
      v.group = it->second;
      if (inserted) {
        firstArg.insert({v.group, static_cast<unsigned>(k)});
      } else {
        unsigned first = firstArg.lookup(v.group);
        if (type.getInput(first) != t)
          return inputError(where + ": shares a buffer with argument " +
                            llvm::Twine(first) + " of a different type");
        if (!v.extents.empty() && !in.args[first].extents.empty() &&
            v.extents != in.args[first].extents)
          return inputError(where + ": extents differ from argument " +
                            llvm::Twine(first) + ", which shares its buffer");
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

llvm::Expected<std::vector<Input>> enumerateInputs(FunctionType type,
                                                   uint64_t maxInputs,
                                                   uint64_t &total) {
  // Digits of an odometer: one per scalar argument (in argument order), then
  // one set partition per group of memref arguments of identical type (in
  // order of first appearance). The last digit varies fastest ([input.order]).
  struct ScalarDigit { unsigned arg; unsigned radix; unsigned value = 0; };
  struct GroupDigit { Type type; SmallVector<unsigned, 4> args; SmallVector<unsigned, 4> rgs; };
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
    if (isa<MemRefType>(t)) {
      auto g = llvm::find_if(groups, [&](auto &g) { return g.type == t; });
      if (g == groups.end()) {
        groups.push_back({t, {}, {}});
        g = groups.end() - 1;
      }
      g->args.push_back(k);
      g->rgs.push_back(0);
      continue;
    }
    unsigned radix = t.isInteger(1) ? 2 : intWidth(t) ? std::size(kIntArgValues) : 1;
    scalars.push_back({static_cast<unsigned>(k), radix});
    total = satMul(total, radix);
  }
  for (auto &g : groups)
    total = satMul(total, bell(g.args.size()));

  std::vector<Input> out;
  while (out.size() < maxInputs) {
    Input in;
    in.args.resize(type.getNumInputs());
    for (auto &s : scalars) {
      Type t = type.getInput(s.arg);
      InputValue &v = in.args.at(s.arg);
      if (t.isInteger(1)) {
        v.kind = InputValue::Bool;
        v.b = s.value == 1;
      } else if (intWidth(t)) {
        v.kind = InputValue::Int;
        v.i = kIntArgValues[static_cast<size_t>(s.value)];
      } else {
        v.kind = InputValue::Float;
        v.f = kFloatArgValue;
      }
    }
    // Buffer numbers by first appearance in argument order.
    llvm::DenseMap<std::pair<unsigned, unsigned>, unsigned> ids;
    SmallVector<std::pair<unsigned, unsigned>, 8> key(type.getNumInputs());
    for (auto [gi, g] : llvm::enumerate(groups))
      for (auto [a, block] : llvm::zip(g.args, g.rgs))
        key[a] = {static_cast<unsigned>(gi), block};
    for (unsigned a = 0; a < type.getNumInputs(); ++a) {
      if (!isa<MemRefType>(type.getInput(a)))
        continue;
      auto it = ids.try_emplace(key[a], ids.size()).first;
      in.args[a].kind = InputValue::Buffer;
      in.args[a].group = it->second;
    }
    out.push_back(std::move(in));
    // Advance: last group's partition fastest, then earlier groups, then
    // scalars from the last argument to the first.
    bool carry = true;
    for (auto g = groups.rbegin(); carry && g != groups.rend(); ++g)
      carry = !nextPartition(g->rgs);
    for (auto s = scalars.rbegin(); carry && s != scalars.rend(); ++s) {
      if (++s->value < s->radix)
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
