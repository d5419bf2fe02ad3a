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

/// The option structs (ReferenceDeallocationOptions,
/// ReferenceLowerDeallocationsOptions) and the create functions
/// (createReferenceDeallocation, createReferenceSplitDeallocations,
/// createReferenceLowerDeallocations), generated from Passes.td.
#define GEN_PASS_DECL
#include "dealloc/Ownership/Passes.h.inc"

/// Registers the passes and --reference-buffer-deallocation-pipeline with the
/// global registry (used by dealloc-opt and dealloc-check).
void registerReferencePasses();

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_PASSES_H
