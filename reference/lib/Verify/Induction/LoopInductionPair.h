//===- LoopInductionPair.h - Relational invariants of loop pairs -*- C++
//-*-===//
//
// Internal to DeallocVerify. docs/verifier-proofs.md [equiv.loops]: a loop
// whose iterations allocate matched input-program sites is proved in each
// version by the safety check's induction ([verify.induction]) over a header
// whose site counts, epoch and free points are unconstrained; the abstract
// iteration is kept as a LoopRecord. The two versions' records are then
// paired and a relational invariant between their headers is proved by
// induction over both iterations together (a product of the two loops run
// in lock step): the versions have allocated every matched site equally
// often, each matched buffer live in one version is represented in the
// other, and a matched buffer is freed in the same interval in both, or in
// the current interval in one of them and not yet in the other. Loops that
// allocate inside a related loop's iteration are kept in its record and
// related as pairs inside the outer pair's iteration
// (Verify/Induction/LoopPairProof.h).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_LOOPINDUCTIONPAIR_H
#define DEALLOC_LIB_VERIFY_LOOPINDUCTIONPAIR_H

#include "dealloc/SMT/Solver.h"
#include "dealloc/Verify/SymbolicHeap.h"
#include "dealloc/Verify/Verify.h"

#include <string>
#include <vector>

namespace dealloc::verify {

class Encoder;

/// One version's loop proved by [verify.induction] whose iterations allocate
/// matched sites: what the relational proof of [equiv.loops] needs.
struct LoopRecord {
  mlir::Operation *op = nullptr;
  /// scf.for, scf.parallel, affine.for: bounds, step and their comparison.
  bool counted = false;
  smt::Context::Cmp lt = smt::Context::Cmp::Slt;
  Expr lb, ub, step;
  /// The runs reaching the loop, and its initial iter_args.
  State entry;
  std::vector<SymValue> entryIters;
  /// The abstract iteration: from the header H (induction variable Hiv) to
  /// the state after it P; the invariants assumed at H (well-formedness
  /// included); the continuation condition and the guard where it is
  /// decided (counted: iv < ub at the entry's guard; scf.while: the
  /// condition operand after the before region).
  State H, P;
  Expr Hiv, Piv;
  std::vector<SymValue> Hiters, Piters;
  Expr assumed, cont, contGuard;
  /// The iteration's constraints and address constraints (rolled back from
  /// the heap after the proof) and its slots (outer, summary, body).
  std::vector<Expr> constraints, addrConstraints;
  /// How many of the heap's constraints and address constraints precede
  /// the loop (the later ones define the code after it: not needed).
  size_t entryConstraints = 0, entryAddrConstraints = 0;
  std::vector<Slot> slots;
  /// The slots before the loop's; [entrySlots, headerSlots) are its
  /// header's summary slots (at H and at X).
  size_t entrySlots = 0, headerSlots = 0;
  /// The header the code after the loop continues from.
  State X;
  std::vector<SymValue> Xiters;
  /// The loops of the iteration (from H to P) that allocate matched sites,
  /// proved inside it, in encoding order: related as pairs inside this
  /// loop's pair (their entry and exit states' slots are in `slots`).
  std::vector<LoopRecord> inner;
};

/// [equiv.match] and [equiv.def] (2): a heap slot of A and one of B stand
/// for the same input-program buffer (site and instance): null where they
/// never do (no matched site, or different literal sites). Summary slots
/// (Slot::siteVar) have a site below `sites` exactly when they have one.
Expr sameSiteInstance(smt::Context &c, const Slot &a, const Slot &b,
                      size_t sites);

/// Proves the relational invariant of each pair of loops (A's k-th record
/// with B's k-th). On success appends to `facts` what every pair of runs
/// reaching both loops satisfies at their exits; otherwise returns false
/// and says why; `suspect` then says whether the proof found a pair header
/// from which the versions' iterations free differently or iterate
/// differently often (a difference after more iterations than --unroll may
/// exist), not merely an undecided query or a relation missing at the
/// loops' entries.
bool proveLoopPairs(Encoder &ea, Encoder &eb, std::vector<LoopRecord> &la,
                    std::vector<LoopRecord> &lb, std::vector<Expr> &facts,
                    std::string &why, bool &suspect);

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_LOOPINDUCTIONPAIR_H
