//===- SolverPolicy.h - The symbolic checks' tuning constants ---*- C++ -*-===//
//
// Every time limit, size limit and default bound of dealloc-verify's queries
// and encoding that is not a user's option, in one place, each with its meaning
// (the clause it tunes, in spec/verification.md or docs/verifier-*.md). A limit
// that is reached makes an answer UNKNOWN, an encoding over-approximate or a
// proof aid be skipped: tuning these changes how often and how fast the checks
// decide, never whether a SAFE answer is right. Measurements behind the values:
// docs/bench-verify.md.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_SOLVERPOLICY_H
#define DEALLOC_SUPPORT_SOLVERPOLICY_H

#include <cstddef>
#include <cstdint>

namespace dealloc {

struct SolverPolicy {
  // -- Defaults of the options (dealloc-verify, dealloc-check) --
  /// --timeout: solver time per query, ms ([verify.timeout]).
  static constexpr unsigned defaultTimeoutMs = 20000;
  /// --function-timeout: time for one function's check, ms.
  static constexpr unsigned defaultFunctionTimeoutMs = 120000;
  /// --unroll: iterations of an input-dependent loop encoded ([verify.bound]).
  static constexpr unsigned defaultUnroll = 4;

  // -- Safety queries ([verify.queries]; Verify/Check/SafetyCheck.cpp) --
  /// Solver time for a group of conditions before it is split, ms.
  static constexpr unsigned groupTimeoutMs = 500;
  /// Solver time of the first query, the disjunction of every condition, ms.
  static constexpr unsigned firstQueryTimeoutMs = 4 * groupTimeoutMs;
  /// Conditions above which that first query is skipped (Z3 preprocesses
  /// them before its time limit applies).
  static constexpr size_t firstQueryMax = 10000;
  /// Solver time of a query on its slice first ([verify.queries.local]), ms.
  static constexpr unsigned localTimeoutMs = 1000;
  /// Conditions above which a disjunction goes to the one-shot bit-blasting
  /// solver before the incremental one (also per loop iteration,
  /// [verify.induction]).
  static constexpr size_t bitBlastOver = 200;
  /// Limit of a one-shot bit-blasting query for a group, ms (twice that
  /// for a single condition).
  static constexpr unsigned bitBlastMs = 2000;
  /// Limit of the one-shot query for every condition at once, ms (at most
  /// the --timeout).
  static constexpr unsigned firstBitBlastMs = 60000;
  /// One-shot queries not refuted in a row after which none is tried again.
  static constexpr unsigned bitBlastMisses = 3;
  /// A full query slower than this is listed by --solver-stats, ms.
  static constexpr unsigned slowQueryMs = 100;

  // -- Lemmas ([verify.lemmas]; Verify/Induction/Lemmas.cpp,
  // Verify/Induction/LocalProver.cpp) --
  /// Solver time for one round of a lemma point, ms.
  static constexpr unsigned lemmaTimeoutMs = 1000;
  /// Houdini rounds per lemma point.
  static constexpr unsigned lemmaRounds = 8;
  /// Solver time for all lemma points of a function, ms; the rest is skipped.
  static constexpr unsigned lemmaBudgetMs = 20000;
  /// Solver time of the per-op queries on the whole formula after which the
  /// lemmas are proved, ms.
  static constexpr unsigned lemmaTriggerMs = 5000;
  /// Values, flags and slots recorded at lemma points per function, beyond
  /// which no point is recorded.
  static constexpr size_t lemmaEntries = size_t(1) << 21;
  /// Definitions followed from a query's constants into its slice
  /// ([verify.queries.local]).
  static constexpr unsigned coneDepth = 3;

  // -- Stop sites ([verify.stops]; Verify/Check/StopSites.cpp) --
  /// Stop sites enumerated per function at most.
  static constexpr unsigned maxStopSites = 16;
  /// Solver time for the enumeration after the first site, ms.
  static constexpr unsigned stopBudgetMs = 20000;

  // -- Counterexamples ([verify.inputs]; Verify/Check/Replay.cpp) --
  /// Magnitude up to which an integer input is minimised; beyond, the
  /// model's value is kept.
  static constexpr int64_t maxMinimizedMagnitude = int64_t(1) << 20;
  /// Lanes of a vector input minimised one by one; later lanes keep the
  /// model's values where the vector cannot be all 0.
  static constexpr size_t maxMinimizedLanes = 64;

  // -- Vectors ([op.vector.values]) --
  /// Most lanes of a modelled vector type, in both tools: dealloc-run holds
  /// every lane of a vector (an RtValue each, 176 bytes: 65,536 lanes are
  /// 11.5 MB per value), so the limit bounds its memory, not a verdict's
  /// soundness. Larger vectors are UNSUPPORTED, naming it.
  static constexpr int64_t maxVectorLanes = int64_t(1) << 16;
  /// Most lanes of a vector dealloc-verify packs into one bit-vector term
  /// (its lanes and their initializedness bits; a term merges at joins and
  /// is carried by loops). A larger vector is lazy: its lanes are terms made
  /// when an op asks for them (LazyVectors.cpp), so a read of 65,536 lanes
  /// of which one is extracted makes one load.
  static constexpr int64_t maxPackedLanes = 1024;
  /// Most lanes of a lazy vector one op asks for (an elementwise op, a
  /// transfer_write, a reduction take every lane): each is a term of the
  /// formula. Beyond, the op is UNSUPPORTED, naming the limit.
  static constexpr int64_t maxDemandedLanes = 4096;

  // -- Encoding ([verify.encoding]) --
  /// Iterations of a loop whose trip count is a constant encoded before the
  /// run is cut ([verify.bound]); --unroll where that is higher.
  static constexpr unsigned maxLiteralIterations = 1024;
  /// Regions nested deeper are not encoded ([verify.encoding.nesting]; each
  /// level is a recursion of the encoder, Support/DeepStack.h).
  static constexpr unsigned maxRegionDepth = 10000;
  /// Largest static element count of a buffer whose contents are one term
  /// per element ([verify.encoding.contents]).
  static constexpr int64_t explicitElements = 1024;
  /// The same in byte mode (modules with `memref.view`), in bytes.
  static constexpr int64_t explicitBytes = 256;
  /// Largest copy of `memref.realloc` encoded element by element (bytes in
  /// byte mode); larger ones leave the new contents unconstrained.
  static constexpr int64_t explicitCopyElements = 64;
  static constexpr int64_t explicitCopyBytes = 256;
  /// Candidates above which a merged memref value's identity is one named
  /// bit-vector term, its flags equalities with it, rather than a named
  /// merge per candidate ([verify.encoding.ids]).
  static constexpr size_t idViewCands = 8;
  /// Shared candidates of pairs of bases above which the helper contract
  /// encodes "no earlier base has this buffer" per candidate, not per pair
  /// ([verify.encoding.helper]).
  static constexpr size_t sharedPairs = 100000;
  /// Largest dynamic extent of a memref argument of the entry function or
  /// of a contract model ([verify.inputs]).
  static constexpr int64_t maxArgExtent = int64_t(1) << 20;
  /// Largest static iteration domain of a linalg op whose body loads from
  /// memory, encoded point by point ([verify.encoding.linalg.loads]); a
  /// larger or dynamic one is UNSUPPORTED.
  static constexpr int64_t linalgBodyPoints = 256;
  /// Largest rank of an unranked memref argument of the entry function:
  /// dealloc-run enumerates the ranks 0 .. this, dealloc-verify checks each
  /// ([input.unranked]); a function whose behaviour may depend on a larger
  /// rank is UNKNOWN, never SAFE.
  static constexpr unsigned maxUnrankedArgRank = 2;

  // -- Loop induction ([verify.induction]; LoopInduction*.cpp) --
  /// Solver time per induction query, ms.
  static constexpr unsigned inductionQueryMs = 5000;
  /// Abstract iterations per loop proof.
  static constexpr unsigned inductionRounds = 12;
  /// Loop-invariant i1 values a loop's candidates may mention, and the
  /// iter_args above which none does (Verify/Induction/LoopInvariants.cpp).
  static constexpr size_t liveBools = 4;
  static constexpr size_t liveBoolIterArgs = 16;
  /// Time one loop's proof may take in all, ms.
  static constexpr unsigned loopBudgetMs = 20000;
  /// Definitions and facts followed from a query's constants into its slice.
  static constexpr unsigned inductionSliceDepth = 4;
  /// Facts above which a constant does not pull the facts mentioning it
  /// into a slice.
  static constexpr size_t hubFacts = 8;
  /// Words of the keys of reused induction answers kept at most (64 MiB).
  static constexpr size_t answerWords = size_t(8) << 20;
  /// The newest constraints a slice pushes that get a scope each.
  static constexpr size_t singleScopes = 8;

  // -- Equivalence ([equiv.loops]; Verify/Equiv/Equivalence.cpp,
  // Verify/Induction/LoopInductionPair.cpp) --
  /// Slot pairs a relation of a loop pair's proof may compare before the
  /// proof gives up (a loop after thousands of matched allocations).
  static constexpr size_t maxSlotPairs = 40000;
  /// Solver time per query of a loop pair's proof, ms.
  static constexpr unsigned pairQueryMs = 20000;
  /// Where the pair proof found a header after which the versions may
  /// differ, the bounded answer is searched again with --unroll raised
  /// 4-fold up to this many iterations, or up to the second where the loop
  /// pair has nested pairs (each unrolled outer iteration unrolls the inner
  /// loops: 16 x 16 iterations took 1.6 GB and 30 s).
  static constexpr unsigned deepestUnroll = 64;
  static constexpr unsigned deepestNestedUnroll = 8;

  // -- The SMT library (lib/SMT) --
  /// Terms from which a Z3 context is too large to reuse for the next
  /// function, and its deletion is deferred.
  static constexpr size_t spareContextTerms = 200000;
  /// The one-shot solver does not flatten first where flattening would
  /// multiply the and/or operands more than flatGrowth times (plus
  /// flatOperands).
  static constexpr double flatGrowth = 16;
  static constexpr double flatOperands = 100000;
  /// Context::excludes ([verify.encoding.prune]): steps followed from a
  /// term (through conjunctions, negations, if-then-else terms, names'
  /// definitions), and literals kept per term (the shallowest).
  static constexpr unsigned impliedDepth = 4;
  static constexpr unsigned impliedLiterals = 8;
  /// Share of a one-shot query's limit its first way gets, in thirds.
  static constexpr unsigned firstWayThirds = 2;
  /// Time left below which the second way is not tried, ms.
  static constexpr unsigned secondWayMinMs = 50;
  /// OverrunGuard ([verify.timeout.overrun]): time a check may run past its
  /// budget before the process ends: budget / overrunGraceDivisor, at least
  /// overrunGraceMinMs.
  static constexpr unsigned overrunGraceDivisor = 2;
  static constexpr unsigned overrunGraceMinMs = 10000;
};

} // namespace dealloc

#endif // DEALLOC_SUPPORT_SOLVERPOLICY_H
