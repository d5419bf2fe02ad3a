//===- Nesting.h - The nesting limit checked before parsing -----*- C++ -*-===//
//
// spec/safety.md [safety.input.nesting]. MLIR's parser recurses once per
// nested bracket, brace, parenthesis or angle bracket and enforces no limit:
// a 2 MB file of a million nested `[` overflowed even the tools' 1 GiB stack
// (Support/DeepStack.h) and crashed every tool without a word. The tools
// therefore scan their input before parsing and refuse a nest deeper than
// kMaxNesting with a message that names where it gets too deep.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_DRIVER_NESTING_H
#define DEALLOC_DRIVER_NESTING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace dealloc {

/// The deepest nesting of `(`, `[`, `{` and `<` (together) an input may
/// have. The parser's deepest recursion per level, a region of an op in a
/// region, takes about 10 KiB of stack: 50,000 levels fit the 1 GiB stack
/// with room for the tools' own recursions.
inline constexpr unsigned kMaxNesting = 50000;

/// Whether `text` (an MLIR file named `name`) nests at most kMaxNesting
/// deep, outside strings and comments; if not, prints
/// "NAME:LINE:COL: error: ..." to `os` and returns false.
bool checkNesting(llvm::StringRef text, llvm::StringRef name,
                  llvm::raw_ostream &os);

} // namespace dealloc

#endif // DEALLOC_DRIVER_NESTING_H
