//===- Ordinal.h - English ordinals in the tools' messages ------*- C++ -*-===//
//
// "1st", "2nd", "3rd", "4th", "11th", "21st": how the tools' messages and
// drawings count allocations of a site (dealloc-verify's site matching and
// its --equiv-dot drawing).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_ORDINAL_H
#define DEALLOC_SUPPORT_ORDINAL_H

#include <cstdint>
#include <string>

namespace dealloc {

/// `k` with its English ordinal suffix.
inline std::string ordinal(uint64_t k) {
  const char *suffix = "th";
  if (k % 100 < 11 || k % 100 > 13)
    suffix = k % 10 == 1   ? "st"
             : k % 10 == 2 ? "nd"
             : k % 10 == 3 ? "rd"
                           : "th";
  return std::to_string(k) + suffix;
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_ORDINAL_H
