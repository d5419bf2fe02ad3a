//===- Request.cpp - Reading one dealloc-check request line ---------------===//
//
// The request format is in dealloc-check.cpp's header comment.
//
//===----------------------------------------------------------------------===//
#include "Server.h"

#include "dealloc/Driver/OptionRanges.h"

#include <algorithm>
#include <limits>
#include <type_traits>

using namespace llvm;
using namespace dealloc::check;

/// The deepest nesting of arrays and objects in `line` (outside strings),
/// counted before parsing: llvm::json's parser recurses once per level and
/// a line of a million `[` overflowed the stack.
static unsigned nestingDepth(StringRef line, unsigned stopAt) {
  unsigned depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < line.size() && deepest <= stopAt; ++i) {
    char c = line[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

/// The request's "id", echoed exactly as received: null, a string or an
/// integer (a float, e.g. 1e400, would come back rounded or as `inf`,
/// which is not JSON).
static std::string readId(const json::Object &obj, Request &req) {
  const json::Value *id = obj.get("id");
  if (!id)
    return "";
  bool ok = id->kind() == json::Value::Null || id->getAsString() ||
            id->getAsInteger() || id->getAsUINT64();
  if (!ok)
    return "\"id\" must be null, a string or an integer from -2^63 to "
           "2^64-1";
  req.id = *id;
  return "";
}

/// "inputs" and "names": one MLIR text, and optionally one file name, per
/// input of the job kind.
static std::string readInputs(const json::Object &obj, Request &req) {
  const json::Array *inputs = obj.getArray("inputs");
  if (!inputs || inputs->size() != inputCount(req.kind))
    return "\"inputs\" must be a list of " +
           std::to_string(inputCount(req.kind)) + " MLIR text(s)";
  const json::Array *names = obj.getArray("names");
  if (obj.get("names") && (!names || names->size() != inputs->size() ||
                           !llvm::all_of(*names, [](const json::Value &v) {
                             return v.getAsString() &&
                                    !v.getAsString()->empty();
                           })))
    return "\"names\" must be a list of " + std::to_string(inputs->size()) +
           " non-empty file name(s), one per input";
  for (size_t i = 0; i < inputs->size(); ++i) {
    std::optional<StringRef> text = (*inputs)[i].getAsString();
    if (!text)
      return "\"inputs\" must hold strings";
    std::string name = names ? (*names)[i].getAsString()->str()
                             : "input" + std::to_string(i) + ".mlir";
    req.inputs.push_back({name, text->str()});
  }
  return "";
}

std::string dealloc::check::parseRequest(StringRef line,
                                         const ServerOptions &defaults,
                                         Request &req) {
  if (nestingDepth(line, kMaxRequestDepth) > kMaxRequestDepth)
    return "JSON nested deeper than " + std::to_string(kMaxRequestDepth) +
           " levels";
  Expected<json::Value> value = json::parse(line);
  if (!value)
    return "not JSON: " + toString(value.takeError());
  json::Object *obj = value->getAsObject();
  if (!obj)
    return "not a JSON object";
  if (std::string bad = readId(*obj, req); !bad.empty())
    return bad;
  for (const auto &kv : *obj)
    if (!llvm::is_contained({"id", "tool", "inputs", "names", "options"},
                            StringRef(kv.first)))
      return "unknown field \"" + StringRef(kv.first).str() + "\"";
  std::optional<StringRef> tool = obj->getString("tool");
  if (!tool || !parseJobKind(*tool, req.kind))
    return "\"tool\" must be one of reference, verify, run, equiv";
  if (std::string bad = readInputs(*obj, req); !bad.empty())
    return bad;
  JobOptions &o = req.options;
  req.memoryMb = defaults.memoryMb;
  o.verifyTimeoutMs = defaults.timeoutMs;
  o.unroll = defaults.unroll;
  const json::Value *optsValue = obj->get("options");
  if (!optsValue)
    return "";
  const json::Object *opts = optsValue->getAsObject();
  if (!opts)
    return "\"options\" must be an object";
  // Values of the wrong type or out of range are bad requests, as the
  // command-line tools reject them (they were ignored, or wrapped around).
  std::string bad;
  auto count = [&](StringRef key, uint64_t max, auto &dst, int64_t min = 0) {
    const json::Value *v = opts->get(key);
    if (!v || !bad.empty())
      return;
    std::optional<int64_t> i = v->getAsInteger();
    if (!i || *i < min || uint64_t(*i) > max)
      bad = "\"options\".\"" + key.str() + "\" must be an integer from " +
            std::to_string(min) + " to " + std::to_string(max);
    else
      dst = static_cast<std::remove_reference_t<decltype(dst)>>(*i);
  };
  constexpr uint64_t kUnsigned = std::numeric_limits<unsigned>::max();
  count("timeout_ms", kUnsigned, o.verifyTimeoutMs);
  count("function_timeout_ms", kUnsigned, o.verifyFunctionTimeoutMs);
  count("unroll", dealloc::kMaxUnroll, o.unroll);
  count("max_inputs", std::numeric_limits<int64_t>::max(), o.maxInputs, 1);
  count("max_steps", std::numeric_limits<int64_t>::max(), o.maxSteps);
  count("memory_mb", kUnsigned, req.memoryMb);
  auto flag = [&](StringRef key, bool &dst) {
    if (const json::Value *v = opts->get(key)) {
      if (auto b = v->getAsBoolean())
        dst = *b;
      else if (bad.empty())
        bad = "\"options\".\"" + key.str() + "\" must be true or false";
    }
  };
  flag("reuse_addresses", o.reuseAddresses);
  flag("strict_ub", o.strictUB);
  if (const json::Value *v = opts->get("pipeline")) {
    if (auto s = v->getAsString())
      o.pipeline = s->str();
    else if (bad.empty())
      bad = "\"options\".\"pipeline\" must be a string";
  }
  for (const auto &kv : *opts) {
    StringRef key = kv.first;
    if (bad.empty() &&
        !llvm::is_contained({"timeout_ms", "function_timeout_ms", "unroll",
                             "max_inputs", "max_steps", "memory_mb",
                             "reuse_addresses", "strict_ub", "pipeline"},
                            key))
      bad = "unknown option \"" + key.str() + "\"";
  }
  return bad;
}
