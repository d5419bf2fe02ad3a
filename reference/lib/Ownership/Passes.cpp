//===- Pipeline.cpp - The reference deallocation pipeline -----------------===//
//
// [own.pipeline] in spec/ownership.md:
//   expand-realloc{emit-deallocs=false}   upstream      [own.realloc]
//   canonicalize                          upstream
//   reference-buffer-deallocation         reference     [own.*]
//   canonicalize                          upstream
//   reference-split-deallocations         reference     [own.pipeline.split]
//   reference-lower-deallocations         reference     [own.pipeline.helper]
//     {helper-only}                                     (large deallocs)
//   buffer-deallocation-simplification    upstream      (optional: simplify=0)
//   reference-lower-deallocations         reference     [dealloc.*]
//   cse, canonicalize                     upstream
//
//===----------------------------------------------------------------------===//
#include "dealloc/Ownership/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
struct PipelineOptions : PassPipelineOptions<PipelineOptions> {
  Option<bool> privateFunctionDynamicOwnership{
      *this, "private-function-dynamic-ownership",
      llvm::cl::desc("As for --reference-buffer-deallocation "
                     "([own.call.private.dynamic])"),
      llvm::cl::init(false)};
  Option<bool> simplify{
      *this, "simplify",
      llvm::cl::desc("Run upstream's buffer-deallocation-simplification "
                     "before the reference lowering"),
      llvm::cl::init(true)};
  Option<unsigned> helperAbove{
      *this, "helper-above",
      llvm::cl::desc("Lower a dealloc with more memref operands than this "
                     "through a helper function ([own.pipeline.helper])"),
      llvm::cl::init(dealloc::ReferenceLowerDeallocationsOptions().helperAbove)};
};

void buildPipeline(OpPassManager &pm, const PipelineOptions &options) {
  memref::ExpandReallocPassOptions expand;
  expand.emitDeallocs = false;
  pm.addPass(memref::createExpandReallocPass(expand));
  pm.addPass(createCanonicalizerPass());
  dealloc::ReferenceDeallocationOptions dealloc;
  dealloc.privateFunctionDynamicOwnership =
      options.privateFunctionDynamicOwnership;
  pm.addPass(dealloc::createReferenceDeallocationPass(dealloc));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(dealloc::createReferenceSplitDeallocationsPass());
  dealloc::ReferenceLowerDeallocationsOptions lower;
  lower.helperAbove = options.helperAbove;
  lower.helperOnly = true;
  pm.addPass(dealloc::createReferenceLowerDeallocationsPass(lower));
  if (options.simplify)
    pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  lower.helperOnly = false;
  pm.addPass(dealloc::createReferenceLowerDeallocationsPass(lower));
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}
} // namespace

void dealloc::registerReferencePasses() {
  PassRegistration<Pass>([] { return createReferenceDeallocationPass(); });
  PassRegistration<Pass>([] { return createReferenceSplitDeallocationsPass(); });
  PassRegistration<Pass>([] { return createReferenceLowerDeallocationsPass(); });
  PassPipelineRegistration<PipelineOptions>(
      "reference-buffer-deallocation-pipeline",
      "The reference deallocation pipeline: pre-deallocation IR to executable "
      "IR (spec/ownership.md, [own.pipeline])",
      buildPipeline);
}
