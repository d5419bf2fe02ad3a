//===- Passes.cpp - Pass wrappers, registration and the pipeline ---------===//
//
// Plumbing, not the algorithm: --reference-buffer-deallocation as an MLIR pass
// with upstream's option (the pass itself is ReferenceDeallocation.h and the
// files it lists), the registration of the reference passes, and
// --reference-buffer-deallocation-pipeline, [own.pipeline] in
// spec/ownership.md:
//   expand-realloc{emit-deallocs=false}   upstream      [own.realloc]
//   canonicalize (bottom-up, see below)   upstream [own.pipeline.canonicalize]
//   reference-buffer-deallocation         reference     [own.*]
//   canonicalize (bottom-up)              upstream
//   reference-split-deallocations         reference     [own.pipeline.split]
//   reference-lower-deallocations         reference     [own.pipeline.helper]
//     {helper-only}                                     (large deallocs)
//   buffer-deallocation-simplification    upstream      (only with simplify=1)
//   reference-lower-deallocations         reference     [dealloc.*]
//   cse, canonicalize (bottom-up,         upstream
//     without CombineIfs)
//
//===----------------------------------------------------------------------===//
#include "ReferenceDeallocation.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace dealloc {
#define GEN_PASS_REGISTRATION
#include "dealloc/Ownership/Passes.h.inc"
} // namespace dealloc

using namespace mlir;

namespace dealloc {
#define GEN_PASS_DEF_REFERENCEDEALLOCATION
#include "dealloc/Ownership/Passes.h.inc"
} // namespace dealloc

namespace {
/// --reference-buffer-deallocation: runs deallocateFunctions
/// (ReferenceDeallocation.cpp) with the pass's options.
struct ReferenceDeallocationPass
    : dealloc::impl::ReferenceDeallocationBase<ReferenceDeallocationPass> {
  using Base::Base;
  void runOnOperation() override {
    dealloc::ReferenceDeallocationOptions options;
    options.privateFunctionDynamicOwnership = privateFunctionDynamicOwnership;
    if (failed(dealloc::deallocateFunctions(getOperation(), options)))
      signalPassFailure();
  }
};

/// The pipeline's options: those of its passes it passes on, with the
/// passes' defaults (Passes.td), and whether to run upstream's simplification.
struct PipelineOptions : PassPipelineOptions<PipelineOptions> {
  Option<bool> privateFunctionDynamicOwnership{
      *this, "private-function-dynamic-ownership",
      llvm::cl::desc("As for --reference-buffer-deallocation "
                     "([own.call.private.dynamic])"),
      llvm::cl::init(dealloc::ReferenceDeallocationOptions()
                         .privateFunctionDynamicOwnership)};
  Option<bool> simplify{
      *this, "simplify",
      llvm::cl::desc("Also run upstream's buffer-deallocation-simplification "
                     "before the reference lowering (super-linear on long "
                     "chains, [own.pipeline])"),
      llvm::cl::init(false)};
  Option<unsigned> helperAbove{
      *this, "helper-above",
      llvm::cl::desc("Lower a dealloc with more memref operands than this "
                     "through a helper function ([own.pipeline.helper])"),
      llvm::cl::init(
          dealloc::ReferenceLowerDeallocationsOptions().helperAbove)};
};

/// [own.pipeline.canonicalize] Upstream's canonicalizer without
/// RemoveDuplicateSuccessorInputUses (quadratic in the successor inputs, e.g.
/// iter_args, on every visit), bottom-up (users before the ops that define
/// their operands; top-down, every erased use of an scf.for revisits the loop,
/// and every rewrite at nesting depth k revisits the k enclosing ops). The
/// last one, after the lowering, also without CombineIfs: bottom-up it merges
/// a run of n `scf.if %true` ops into one growing if (O(n^2) moves) before
/// RemoveStaticCondition inlines them.
std::unique_ptr<Pass> createCanonicalize(bool afterLowering) {
  GreedyRewriteConfig config; // otherwise the canonicalize pass's defaults
  config.setUseTopDownTraversal(false).setRegionSimplificationLevel(
      GreedySimplifyRegionLevel::Normal);
  SmallVector<std::string> disabled = {
      "(anonymous namespace)::RemoveDuplicateSuccessorInputUses"};
  if (afterLowering)
    disabled.push_back("(anonymous namespace)::CombineIfs");
  return createCanonicalizerPass(config, disabled);
}

void buildPipeline(OpPassManager &pm, const PipelineOptions &options) {
  memref::ExpandReallocPassOptions expand;
  expand.emitDeallocs = false;
  pm.addPass(memref::createExpandReallocPass(expand));
  pm.addPass(createCanonicalize(/*afterLowering=*/false));
  dealloc::ReferenceDeallocationOptions dealloc;
  dealloc.privateFunctionDynamicOwnership =
      options.privateFunctionDynamicOwnership;
  pm.addPass(dealloc::createReferenceDeallocation(dealloc));
  pm.addPass(createCanonicalize(/*afterLowering=*/false));
  pm.addPass(dealloc::createReferenceSplitDeallocations());
  dealloc::ReferenceLowerDeallocationsOptions lower;
  lower.helperAbove = options.helperAbove;
  lower.helperOnly = true;
  pm.addPass(dealloc::createReferenceLowerDeallocations(lower));
  if (options.simplify)
    pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  lower.helperOnly = false;
  pm.addPass(dealloc::createReferenceLowerDeallocations(lower));
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalize(/*afterLowering=*/true));
}
} // namespace

void dealloc::registerReferencePasses() {
  registerDeallocPasses();
  PassPipelineRegistration<PipelineOptions>(
      "reference-buffer-deallocation-pipeline",
      "The reference deallocation pipeline: pre-deallocation IR to executable "
      "IR (spec/ownership.md, [own.pipeline])",
      buildPipeline);
}
