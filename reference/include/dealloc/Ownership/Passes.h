//===- Passes.h - The reference deallocation passes -------------*- C++ -*-===//
//
// The reference implementation of ownership-based buffer deallocation
// (spec/ownership.md, spec/limitations.md) and a reference lowering of
// `bufferization.dealloc` that follows spec/bufferization-dealloc.md literally.
//
//   --reference-buffer-deallocation           [own.*], upstream's option
//                                              private-function-dynamic-ownership
//   --reference-split-deallocations           [own.pipeline.split]
//   --reference-lower-deallocations           [dealloc.*], literal lowering
//   --reference-buffer-deallocation-pipeline  [own.pipeline], executable IR
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_PASSES_H
#define DEALLOC_OWNERSHIP_PASSES_H

#include "mlir/Pass/Pass.h"
#include <memory>

namespace dealloc {

/// Options shared by the reference pass and the reference pipeline; the names
/// and defaults are upstream's (`--ownership-based-buffer-deallocation`).
struct ReferenceDeallocationOptions {
  /// [own.call.private.dynamic]: private functions with a body return one
  /// extra `i1` ownership result per memref result instead of following the
  /// function-boundary ABI.
  bool privateFunctionDynamicOwnership = false;
};

/// The reference deallocation pass: inserts `bufferization.dealloc` ops.
std::unique_ptr<mlir::Pass>
createReferenceDeallocationPass(ReferenceDeallocationOptions options = {});

/// Options of --reference-lower-deallocations ([own.pipeline.helper]).
struct ReferenceLowerDeallocationsOptions {
  /// A dealloc with more memref operands than this is lowered through a
  /// helper function with loops instead of inline IR quadratic in its size.
  unsigned helperAbove = 16;
  /// Lower only those deallocs (the pipeline lowers them before upstream's
  /// simplification, which is quadratic on them).
  bool helperOnly = false;
};

/// Lowers every `bufferization.dealloc` literally, per [dealloc.free.condition],
/// [dealloc.free.once], [dealloc.retain] and [dealloc.results].
std::unique_ptr<mlir::Pass> createReferenceLowerDeallocationsPass(
    ReferenceLowerDeallocationsOptions options = {});

/// Splits each `bufferization.dealloc` whose operands view distinct
/// allocations into one dealloc per allocation ([own.pipeline.split]).
std::unique_ptr<mlir::Pass> createReferenceSplitDeallocationsPass();

/// Registers the passes and the pipeline with the global registry (used by
/// dealloc-opt).
void registerReferencePasses();

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_PASSES_H
