//===- dealloc-opt.cpp - mlir-opt with the reference deallocation passes --===//
//
// `mlir-opt` with every upstream dialect, extension and pass registered, plus
// the project's reference passes (`--reference-buffer-deallocation`,
// `--reference-buffer-deallocation-pipeline`); see spec/ownership.md.
// `--load-dialect-plugin` is mlir-opt's own option, except that a library
// that cannot be loaded ends the run (exit 1, as unreadable input) where
// mlir-opt goes on without it.
//
//===----------------------------------------------------------------------===//

#include "dealloc/Driver/Nesting.h"
#include "dealloc/Driver/Plugins.h"
#include "dealloc/Support/DeepStack.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

#ifdef DEALLOC_HAVE_REFERENCE_PASSES
#include "dealloc/Ownership/Passes.h"
#endif

/// mlir-opt's --load-dialect-plugin registers each library it can load and
/// ignores the others ("Request ignored"): here one that cannot be loaded
/// is an error, as in the project's other tools.
static bool dialectPluginsLoaded() {
  auto *option =
      llvm::cl::getRegisteredOptions().lookup(dealloc::kDialectPluginOption);
  auto *paths = static_cast<llvm::cl::list<std::string> *>(option);
  if (!paths)
    return true;
  mlir::DialectRegistry unused;
  return dealloc::loadDialectPlugins(*paths, unused, llvm::errs());
}

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
  if (!dialectPluginsLoaded())
    return 1;
  // [safety.input.nesting]: a nest MLIR's parser would overflow on is
  // refused before parsing (exit 1, as any input it cannot read).
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, input, output, registry));
  std::string error;
  auto file = mlir::openInputFile(input, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (!dealloc::checkNesting(file->getBuffer(),
                             input == "-" ? "<stdin>" : llvm::StringRef(input),
                             llvm::errs()))
    return 1;
  auto out = mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // The buffer read once (standard input included) is the one processed.
  if (mlir::failed(
          mlir::MlirOptMain(out->os(), std::move(file), registry, config)))
    return 1;
  out->keep();
  return 0;
}

/// Everything runs on a thread with a large stack (Support/DeepStack.h).
int main(int argc, char **argv) {
  return dealloc::runWithDeepStack([&] { return toolMain(argc, argv); });
}
