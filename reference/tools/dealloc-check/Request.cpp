//===- Request.cpp - Reading one dealloc-check request line ---------------===//
//
// The request format is in dealloc-check.cpp's header comment.
//
//===----------------------------------------------------------------------===//
#include "Server.h"

#include <limits>
#include <type_traits>

using namespace llvm;
using namespace dealloc::check;

std::string dealloc::check::parseRequest(StringRef line,
                                          const ServerOptions &defaults,
                                          Request &req) {
  Expected<json::Value> value = json::parse(line);
  if (!value)
    return "not JSON: " + toString(value.takeError());
  json::Object *obj = value->getAsObject();
  if (!obj)
    return "not a JSON object";
  if (const json::Value *id = obj->get("id"))
    req.id = *id;
  std::optional<StringRef> tool = obj->getString("tool");
  if (!tool || !parseJobKind(*tool, req.kind))
    return "\"tool\" must be one of reference, verify, run, equiv";
  const json::Array *inputs = obj->getArray("inputs");
  if (!inputs || inputs->size() != inputCount(req.kind))
    return "\"inputs\" must be a list of " +
           std::to_string(inputCount(req.kind)) + " MLIR text(s)";
  const json::Array *names = obj->getArray("names");
  for (size_t i = 0; i < inputs->size(); ++i) {
    std::optional<StringRef> text = (*inputs)[i].getAsString();
    if (!text)
      return "\"inputs\" must hold strings";
    std::string name = "input" + std::to_string(i) + ".mlir";
    if (names && i < names->size() && (*names)[i].getAsString())
      name = (*names)[i].getAsString()->str();
    req.inputs.push_back({name, text->str()});
  }
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
  count("unroll", kUnsigned, o.unroll);
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
