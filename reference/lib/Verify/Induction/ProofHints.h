//===- ProofHints.h - What the encoding records for its proofs --*- C++ -*-===//
//
// Internal to DeallocVerify. The state the encoder keeps for the proofs
// that follow or run inside it, besides the formula itself: lemma points
// ([verify.lemmas], Verify/Induction/Lemmas.cpp), slot fusion
// ([verify.encoding.fusion], Verify/Heap/SlotFusion.cpp) and loop induction
// ([verify.induction], Verify/Induction/LoopInduction.cpp); and the counts
// --solver-stats reports.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_LIB_VERIFY_PROOFHINTS_H
#define DEALLOC_LIB_VERIFY_PROOFHINTS_H

#include "dealloc/Verify/SymbolicHeap.h"
#include "mlir/IR/Operation.h"
#include <memory>
#include <vector>

namespace dealloc::verify {

struct InductionSolver;

class ProofHints {
public:
  /// Per enclosing op being encoded (structured op, inlined call): the
  /// memref values live after it (their views: Encoder::viewOf), which a
  /// run inside may still free; computed when first asked
  /// (Encoder::outerRefs), since most ops have no lemma point or fusion
  /// inside.
  struct LiveAfterOp {
    mlir::Operation *op;
    /// The value environment's clock when the op's encoding began.
    unsigned clock;
    std::shared_ptr<const ValueRefs> refs;
  };

  /// [verify.lemmas]: record reachability lemmas (safety check only).
  bool recordingLemmas() const { return recordLemmas; }
  void setRecordingLemmas(bool on) { recordLemmas = on; }
  /// Values, flags and slots recorded at lemma points so far.
  size_t lemmaEntries() const { return entries; }
  void addLemmaEntries(size_t n) { entries += n; }

  /// Loops being encoded around the current op (LoopLikeOpInterface).
  unsigned loopDepth() const { return loops; }
  void enterLoops(unsigned n) { loops += n; }
  void leaveLoops(unsigned n) { loops -= n; }

  /// The enclosing ops, innermost last (LiveAfterOp).
  std::vector<LiveAfterOp> &liveOuter() { return outer; }

  /// [verify.induction]: the invariants assumed of the abstract loop
  /// headers being encoded, innermost last.
  std::vector<Expr> &inductionAssumptions() { return assumptions; }
  /// One solver for the induction queries of the whole function, so the
  /// constraints before a loop are preprocessed once, not once per query.
  std::shared_ptr<InductionSolver> &inductionSolver() { return solver; }

private:
  bool recordLemmas = false;
  size_t entries = 0;
  unsigned loops = 0;
  std::vector<LiveAfterOp> outer;
  std::vector<Expr> assumptions;
  std::shared_ptr<InductionSolver> solver;
};

/// --solver-stats: what one encoding did besides building the formula.
struct EncoderStats {
  /// The loop proofs' queries and their time (with the syncing of their
  /// solver).
  unsigned inductionQueries = 0;
  double inductionSeconds = 0;
  /// Of those, the slice queries answered by an earlier one of the same
  /// shape (InductionSolver::answers).
  size_t inductionReused = 0;
  /// Loop proofs attempted (a loop's iteration whose encoding saw none
  /// depends on no assumption).
  unsigned inductionAttempts = 0;
  /// Calls encoded by the dealloc helper's specification
  /// (Encoder::encodeHelperCall).
  unsigned helperContracts = 0;
};

} // namespace dealloc::verify

#endif // DEALLOC_LIB_VERIFY_PROOFHINTS_H
