//===- JsonLocation.h - One location format in JSON output ------*- C++ -*-===//
//
// The tools' JSON records write every location as `file:line:col`
// (docs/conformance.md#json). dealloc-run's runs keep MLIR's attribute
// syntax `loc("file":line:col)` for their text output; this rewrites it for
// JSON. Other location kinds (names, fused, unknown) are left as printed.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_JSONLOCATION_H
#define DEALLOC_SUPPORT_JSONLOCATION_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace dealloc {

inline std::string jsonLocation(llvm::StringRef loc) {
  llvm::StringRef rest = loc;
  if (!rest.consume_front("loc(\"") || !rest.consume_back(")"))
    return loc.str();
  size_t quote = rest.rfind('"');
  if (quote == llvm::StringRef::npos)
    return loc.str();
  llvm::StringRef file = rest.take_front(quote),
                  lineCol = rest.drop_front(quote + 1);
  // lineCol is ":LINE:COL".
  llvm::StringRef line, col;
  std::tie(line, col) = lineCol.drop_front(1).split(':');
  unsigned l, c;
  if (!lineCol.starts_with(":") || line.getAsInteger(10, l) ||
      col.getAsInteger(10, c))
    return loc.str();
  return (file + ":" + line + ":" + col).str();
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_JSONLOCATION_H
