//===- Jobs.cpp - One dealloc-check job through the project's libraries ---===//
//
// Each job gets fresh MLIR contexts configured like the tool it replaces:
// reference and verify jobs parse with every dialect and extension and reject
// unregistered ops (as dealloc-opt and dealloc-verify do); run jobs use
// dealloc::registerDialects, which lets unknown ops parse so that the support
// scan reports them UNSUPPORTED (as dealloc-run does).
//
//===----------------------------------------------------------------------===//
#include "Jobs.h"

#include "dealloc/Ownership/Passes.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/Verdict.h"
#include "dealloc/Verify/Equivalence.h"
#include "dealloc/Verify/Verify.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace dealloc::check {

bool parseJobKind(llvm::StringRef name, JobKind &kind) {
  if (name == "reference")
    kind = JobKind::Reference;
  else if (name == "verify")
    kind = JobKind::Verify;
  else if (name == "run")
    kind = JobKind::Run;
  else if (name == "equiv")
    kind = JobKind::Equiv;
  else
    return false;
  return true;
}

unsigned inputCount(JobKind kind) { return kind == JobKind::Equiv ? 2 : 1; }

namespace {

/// A context, its diagnostics printed (with source lines) into `err`, and the
/// source managers of the modules parsed into it. Each input is parsed from
/// its own source manager (a parse reads a manager's main buffer); the
/// diagnostics manager holds a copy of every input to print source lines.
struct Session {
  MLIRContext context;
  llvm::SourceMgr diagSourceMgr;
  std::vector<std::unique_ptr<llvm::SourceMgr>> parseSourceMgrs;
  llvm::raw_string_ostream errStream;
  SourceMgrDiagnosticHandler handler;

  Session(const DialectRegistry &registry, bool forRun, std::string &err)
      : context(registry, MLIRContext::Threading::DISABLED), errStream(err),
        handler(diagSourceMgr, &context, errStream) {
    if (forRun)
      dealloc::registerDialects(context);
    else
      context.allowUnregisteredDialects(false);
  }

  /// Parses and verifies one input; null (diagnostics in `err`) on failure.
  OwningOpRef<ModuleOp> parse(const JobInput &input) {
    diagSourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(input.text, input.name),
        llvm::SMLoc());
    parseSourceMgrs.push_back(std::make_unique<llvm::SourceMgr>());
    parseSourceMgrs.back()->AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(input.text, input.name),
        llvm::SMLoc());
    return parseSourceFile<ModuleOp>(*parseSourceMgrs.back(),
                                     ParserConfig(&context));
  }
};

JobOutput reference(const JobInput &input, const JobOptions &options,
                    const DialectRegistry &registry) {
  JobOutput result;
  Session s(registry, /*forRun=*/false, result.err);
  OwningOpRef<ModuleOp> module = s.parse(input);
  // dealloc-opt (MlirOptMain) exits 1 on unreadable input and pass failure.
  if (!module) {
    result.exitCode = 1;
    return result;
  }
  PassManager pm(&s.context);
  if (failed(parsePassPipeline(options.pipeline, pm, s.errStream))) {
    result.exitCode = ExitBadInput;
    return result;
  }
  if (failed(pm.run(*module))) {
    result.exitCode = 1;
    return result;
  }
  llvm::raw_string_ostream os(result.out);
  module->print(os);
  os << "\n";
  return result;
}

verify::VerifyOptions verifyOptions(const JobOptions &options) {
  verify::VerifyOptions opts;
  opts.unroll = options.unroll;
  opts.timeoutMs = options.verifyTimeoutMs;
  opts.reuseAddresses = options.reuseAddresses;
  return opts;
}

/// dealloc-verify --json: every public function with a body.
JobOutput safety(const JobInput &input, const JobOptions &options,
                 const DialectRegistry &registry) {
  JobOutput result;
  Session s(registry, /*forRun=*/false, result.err);
  OwningOpRef<ModuleOp> module = s.parse(input);
  if (!module) {
    result.exitCode = ExitBadInput;
    return result;
  }
  llvm::raw_string_ostream os(result.out);
  int exitCode = ExitOk;
  for (const verify::FunctionResult &r :
       verify::verifyModule(*module, verifyOptions(options))) {
    verify::printResult(os, r, /*json=*/true);
    verify::emitDiagnostic(r);
    exitCode = combineExitCodes(exitCode, exitCodeFor(r.verdict));
  }
  result.exitCode = exitCode;
  return result;
}

/// dealloc-verify --equiv --json A B.
JobOutput equivalence(const JobInput &a, const JobInput &b,
                      const JobOptions &options,
                      const DialectRegistry &registry) {
  JobOutput result;
  Session s(registry, /*forRun=*/false, result.err);
  OwningOpRef<ModuleOp> ma = s.parse(a);
  OwningOpRef<ModuleOp> mb = ma ? s.parse(b) : nullptr;
  if (!ma || !mb) {
    result.exitCode = ExitBadInput;
    return result;
  }
  llvm::raw_string_ostream os(result.out);
  result.exitCode = verify::runEquivalence(*ma, *mb, /*function=*/"",
                                           verifyOptions(options),
                                           /*json=*/true, os);
  return result;
}

/// dealloc-run --json: every public function over its enumerated inputs.
JobOutput execute(const JobInput &input, const JobOptions &options,
                  const DialectRegistry &registry) {
  JobOutput result;
  Session s(registry, /*forRun=*/true, result.err);
  OwningOpRef<ModuleOp> module = s.parse(input);
  if (!module) {
    result.exitCode = ExitBadInput;
    return result;
  }
  CheckOptions check;
  check.run.reuseAddresses = options.reuseAddresses;
  check.run.maxSteps = options.maxSteps;
  check.maxInputs = options.maxInputs;
  llvm::raw_string_ostream os(result.out);
  int exitCode = ExitOk;
  for (func::FuncOp fn : publicFunctions(*module)) {
    llvm::Expected<FunctionReport> report = checkFunction(*module, fn, check);
    if (!report) {
      s.errStream << "error: " << llvm::toString(report.takeError()) << "\n";
      result.exitCode = ExitBadInput;
      return result;
    }
    printReportJson(os, *report);
    exitCode = combineExitCodes(exitCode, reportExitCode(*report));
  }
  result.exitCode = exitCode;
  return result;
}

} // namespace

JobOutput runJob(JobKind kind, const std::vector<JobInput> &inputs,
                 const JobOptions &options, const DialectRegistry &registry) {
  switch (kind) {
  case JobKind::Reference:
    return reference(inputs[0], options, registry);
  case JobKind::Verify:
    return safety(inputs[0], options, registry);
  case JobKind::Run:
    return execute(inputs[0], options, registry);
  case JobKind::Equiv:
    return equivalence(inputs[0], inputs[1], options, registry);
  }
  return {ExitBadInput, "", "error: unknown job kind\n"};
}

} // namespace dealloc::check
