//===- Plugins.h - --load-dialect-plugin for every tool ---------*- C++ -*-===//
//
// The dialects of a downstream project (or of the test plugin's
// `dealloc_test`, reference/tools/dealloc-test-plugin) are loaded into a
// tool from a dialect plugin library, with mlir-opt's option
// `--load-dialect-plugin=PATH` (repeatable). A library that cannot be loaded
// is a bad argument: a message naming it and the tool's exit code for
// unreadable input ([safety.verdicts]), never a crash and never ignored.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_DRIVER_PLUGINS_H
#define DEALLOC_DRIVER_PLUGINS_H

#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace dealloc {

/// The option's name and help text, shared by the tools that declare it.
inline constexpr const char *kDialectPluginOption = "load-dialect-plugin";
inline constexpr const char *kDialectPluginHelp =
    "Load dialects from a plugin library (as mlir-opt does); repeatable";

/// Loads each library of `paths` and registers its dialects into
/// `registry`. On a library that cannot be loaded prints "error:
/// --load-dialect-plugin: cannot load 'PATH': why" to `err` and returns
/// false.
bool loadDialectPlugins(llvm::ArrayRef<std::string> paths,
                        mlir::DialectRegistry &registry,
                        llvm::raw_ostream &err);

} // namespace dealloc

#endif // DEALLOC_DRIVER_PLUGINS_H
