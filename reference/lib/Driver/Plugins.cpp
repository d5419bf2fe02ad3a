//===- Plugins.cpp - --load-dialect-plugin for every tool -----------------===//
//
// spec/safety.md [safety.verdicts]: a library that cannot be loaded is a
// bad argument (the tool's exit code for unreadable input).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/Plugins.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"

namespace dealloc {

bool loadDialectPlugins(llvm::ArrayRef<std::string> paths,
                        mlir::DialectRegistry &registry,
                        llvm::raw_ostream &err) {
  for (const std::string &path : paths) {
    llvm::Expected<mlir::DialectPlugin> plugin =
        mlir::DialectPlugin::load(path);
    if (!plugin) {
      err << "error: --" << kDialectPluginOption << ": cannot load '" << path
          << "': " << llvm::toString(plugin.takeError()) << "\n";
      return false;
    }
    plugin->registerDialectRegistryCallbacks(registry);
  }
  return true;
}

} // namespace dealloc
