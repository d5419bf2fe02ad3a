//===- Flattening.cpp - When the one-shot solver flattens -----------------===//
//
// See Flattening.h.
//
//===----------------------------------------------------------------------===//
#include "Flattening.h"

#include "dealloc/Support/SolverPolicy.h"
#include <unordered_map>
#include <utility>

using namespace dealloc::smt;

bool dealloc::smt::flatteningMultiplies(const std::vector<z3::expr> &roots) {
  // Per and/or node: its operands once flattened (a child of the same kind
  // contributes its own); the sums over the DAG, nested and flattened.
  std::unordered_map<unsigned, double> flat;
  double nested = 0, flattened = 0;
  std::vector<std::pair<z3::expr, bool>> todo;
  for (const z3::expr &r : roots)
    todo.push_back({r, false});
  while (!todo.empty()) {
    auto [e, expanded] = todo.back();
    todo.pop_back();
    unsigned id = e.id();
    if (!expanded && flat.count(id))
      continue;
    if (!e.is_app()) {
      flat[id] = 0;
      continue;
    }
    unsigned n = e.num_args();
    if (!expanded) {
      flat[id] = 0; // visited; set for real once the operands are done
      todo.push_back({e, true});
      for (unsigned i = 0; i < n; ++i)
        if (!flat.count(e.arg(i).id()))
          todo.push_back({e.arg(i), false});
      continue;
    }
    Z3_decl_kind k = e.decl().decl_kind();
    if (k != Z3_OP_AND && k != Z3_OP_OR)
      continue;
    double f = 0;
    for (unsigned i = 0; i < n; ++i) {
      z3::expr a = e.arg(i);
      f += a.is_app() && a.decl().decl_kind() == k ? flat[a.id()] : 1;
    }
    flat[id] = f;
    nested += n;
    flattened += f;
  }
  return flattened >
         SolverPolicy::flatGrowth * nested + SolverPolicy::flatOperands;
}

NoFlattening::NoFlattening(bool on) : on(on) {
  if (on)
    z3::set_param("rewriter.flat", false);
}

NoFlattening::~NoFlattening() {
  if (on)
    z3::set_param("rewriter.flat", true);
}
