//===- Nesting.cpp - The nesting limit checked before parsing -------------===//
//
// spec/safety.md [safety.input.nesting].
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/Nesting.h"

namespace dealloc {

namespace {

/// The position of byte `at` of `text` as 1-based line and column.
std::pair<size_t, size_t> lineAndColumn(llvm::StringRef text, size_t at) {
  llvm::StringRef before = text.take_front(at);
  size_t line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  size_t col = lineStart == llvm::StringRef::npos ? at + 1 : at - lineStart;
  return {line, col};
}

/// Whether `c` at `i` closes a level: `)`, `]`, `}`, and `>` except in
/// `->` (a function type's arrow) and `>=` (an integer set's constraint).
bool closes(llvm::StringRef text, size_t i) {
  char c = text[i];
  if (c == ')' || c == ']' || c == '}')
    return true;
  if (c != '>')
    return false;
  bool arrow = i > 0 && text[i - 1] == '-';
  bool compare = i + 1 < text.size() && text[i + 1] == '=';
  return !arrow && !compare;
}

} // namespace

bool checkNesting(llvm::StringRef text, llvm::StringRef name,
                  llvm::raw_ostream &os) {
  size_t depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '"') {
      // A string: to its closing quote, over escapes.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
    } else if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        break;
    } else if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxNesting) {
        auto [line, col] = lineAndColumn(text, i);
        os << name << ":" << line << ":" << col
           << ": error: nested deeper than " << kMaxNesting
           << " levels (parentheses, brackets, braces and angle brackets "
              "together); the input is not parsed ([safety.input.nesting])\n";
        return false;
      }
    } else if (depth > 0 && closes(text, i)) {
      --depth;
    }
  }
  return true;
}

} // namespace dealloc
