//===- Dialects.cpp - The dialects dealloc-run parses ---------------------===//
//
// Reading a program (and its bad-input errors) is the drivers' job
// (lib/Driver/Tool.cpp).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Interpreter.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"

using namespace mlir;

namespace dealloc {

void registerDialects(MLIRContext &context) {
  DialectRegistry registry;
  registerAllDialects(registry);
  context.appendDialectRegistry(registry);
  // Ops of unknown dialects parse and are reported UNSUPPORTED by the scan.
  context.allowUnregisteredDialects(true);
}

} // namespace dealloc
