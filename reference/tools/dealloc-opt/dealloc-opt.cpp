//===- dealloc-opt.cpp - mlir-opt with the reference deallocation passes --===//
//
// `mlir-opt` with every upstream dialect, extension and pass registered, plus
// the project's reference passes (`--reference-buffer-deallocation`,
// `--reference-buffer-deallocation-pipeline`); see spec/ownership.md.
//
//===----------------------------------------------------------------------===//

#include "dealloc/Support/DeepStack.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#ifdef DEALLOC_HAVE_REFERENCE_PASSES
#include "dealloc/Ownership/Passes.h"
#endif

static int toolMain(int argc, char **argv) {
  mlir::registerAllPasses();
#ifdef DEALLOC_HAVE_REFERENCE_PASSES
  dealloc::registerReferencePasses();
#endif
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "dealloc-spec optimizer driver\n", registry));
}

/// Everything runs on a thread with a large stack (Support/DeepStack.h).
int main(int argc, char **argv) {
  return dealloc::runWithDeepStack([&] { return toolMain(argc, argv); });
}
