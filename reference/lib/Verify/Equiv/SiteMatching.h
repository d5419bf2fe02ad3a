//===- SiteMatching.h - Matching allocations of two versions ----*- C++ -*-===//
//
// spec/verification.md [equiv.match]: what Verify/Equiv/SiteMatching.cpp (tags,
// locations, classification) and Verify/Equiv/StructuralMatch.cpp (structure,
// function correspondence) share.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_SITEMATCHING_H
#define DEALLOC_LIB_VERIFY_SITEMATCHING_H

#include "dealloc/Verify/Equivalence.h"
#include "mlir/IR/BuiltinOps.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dealloc::verify {

/// Gives the k-th matched pair the same site number and name in both
/// versions.
void addSite(SiteNumbering &sa, SiteNumbering &sb, std::string name,
             mlir::Operation *a, mlir::Operation *b);

/// [equiv.match]: the allocations of one function that structure matches
/// (A's `oa`, B's `ob`, in walk order), numbered in `sa` / `sb`; the reason
/// if they cannot be matched. `fn` is the function's name in A.
std::optional<std::string>
matchStructure(const std::string &fn, const std::vector<mlir::Operation *> &oa,
               const std::vector<mlir::Operation *> &ob, SiteNumbering &sa,
               SiteNumbering &sb);

/// [equiv.match]: which function of A each function of B is. Public
/// functions by name (the ABI's symbols); private functions by the call
/// graph from them: the k-th call of a matched pair to a function that
/// allocates is the k-th of the other version's, whatever either callee is
/// named; a private function reached by no such call keeps its name if the
/// other version has one of that name. Returns B's name -> A's name; a
/// function of B not in it has no counterpart.
std::map<std::string, std::string> correspondFunctions(mlir::ModuleOp a,
                                                       mlir::ModuleOp b);

} // namespace dealloc::verify

#endif
