//===- dealloc-opt.cpp - mlir-opt with the reference deallocation passes --===//
//
// `mlir-opt` with every upstream dialect, extension and pass registered, plus
// the project's reference passes (`--reference-buffer-deallocation`,
// `--reference-buffer-deallocation-pipeline`); see spec/ownership.md.
//
//===----------------------------------------------------------------------===//

#include "dealloc/Driver/Nesting.h"
#include "dealloc/Support/DeepStack.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"

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
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "dealloc-spec optimizer driver\n", registry);
  // [safety.input.nesting]: a nest MLIR's parser would overflow on is
  // refused before parsing (exit 1, as any input it cannot read). Standard
  // input is read once, by MlirOptMain: not checked.
  if (input != "-") {
    if (auto file = mlir::openInputFile(input))
      if (!dealloc::checkNesting(file->getBuffer(), input, llvm::errs()))
        return 1;
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}

/// Everything runs on a thread with a large stack (Support/DeepStack.h).
int main(int argc, char **argv) {
  return dealloc::runWithDeepStack([&] { return toolMain(argc, argv); });
}
