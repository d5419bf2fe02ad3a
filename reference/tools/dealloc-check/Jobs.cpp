//===- Jobs.cpp - One dealloc-check job through the project's libraries ---===//
//
// Each job gets fresh MLIR contexts configured like the tool it replaces:
// reference jobs parse with every dialect and extension and reject
// unregistered ops (as dealloc-opt does); verify and equiv jobs let ops of
// unregistered dialects parse, so that they are UNSUPPORTED (as in
// dealloc-verify); run jobs use dealloc::registerDialects, which lets unknown
// ops parse so that the support scan reports them UNSUPPORTED (as dealloc-run
// does).
//
//===----------------------------------------------------------------------===//
#include "Jobs.h"

#include "dealloc/Driver/Nesting.h"
#include "dealloc/Driver/RunOutput.h"
#include "dealloc/Driver/Tool.h"
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
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace dealloc::check {

PendingVerifyAnswer &pendingVerifyAnswer() {
  static PendingVerifyAnswer answer;
  return answer;
}

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

  Session(const DialectRegistry &registry, JobKind kind, std::string &err)
      : context(registry, MLIRContext::Threading::DISABLED), errStream(err),
        handler(diagSourceMgr, &context, errStream) {
    if (kind == JobKind::Run)
      dealloc::registerDialects(context);
    else
      context.allowUnregisteredDialects(kind != JobKind::Reference);
  }

  /// Parses and verifies one input; null (diagnostics in `err`) on failure.
  OwningOpRef<ModuleOp> parse(const JobInput &input) {
    if (!checkNesting(input.text, input.name, errStream))
      return nullptr;
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

/// dealloc-opt --reference-buffer-deallocation-pipeline: the module after
/// the pipeline; exit 1 if a pass fails (as MlirOptMain).
int reference(Session &s, ModuleOp module, const JobOptions &options,
              llvm::raw_ostream &os) {
  PassManager pm(&s.context);
  if (failed(parsePassPipeline(options.pipeline, pm, s.errStream)))
    return ExitBadInput;
  if (failed(pm.run(module)))
    return 1;
  module->print(os);
  os << "\n";
  return ExitOk;
}

verify::VerifyOptions verifyOptions(const JobOptions &options) {
  verify::VerifyOptions opts;
  opts.unroll = options.unroll;
  opts.timeoutMs = options.verifyTimeoutMs;
  opts.functionTimeoutMs = options.verifyFunctionTimeoutMs;
  opts.reuseAddresses = options.reuseAddresses;
  opts.strictUB = options.strictUB;
  return opts;
}

/// `text` as the contents of a JSON string.
std::string escaped(llvm::StringRef text) {
  std::string quoted;
  llvm::raw_string_ostream os(quoted);
  os << llvm::json::Value(text.str());
  os.flush();
  return quoted.substr(1, quoted.size() - 2);
}

/// dealloc-verify --json: every public function with a body, in module
/// order, each answer also kept for pendingVerifyAnswer().
int safety(ModuleOp module, const JobOptions &options, llvm::raw_ostream &os) {
  PendingVerifyAnswer &pending = pendingVerifyAnswer();
  int exitCode = verify::verifyFunctions(
      module, publicFunctions(module), verifyOptions(options), /*json=*/true,
      os,
      [&](llvm::StringRef answer) { pending.escapedPending = escaped(answer); },
      [&](func::FuncOp, const verify::FunctionResult &, llvm::StringRef line) {
        pending.escapedOut += escaped(line);
      });
  pending = PendingVerifyAnswer();
  return exitCode;
}

/// dealloc-run --json: every public function over its enumerated inputs.
int execute(Session &s, ModuleOp module, const JobOptions &options,
            llvm::raw_ostream &os) {
  ModuleIndex index(module);
  CheckOptions check;
  check.run.index = &index;
  check.run.reuseAddresses = options.reuseAddresses;
  check.run.maxSteps = options.maxSteps;
  check.maxInputs = options.maxInputs;
  check.strictUB = options.strictUB;
  return checkFunctions(module, publicFunctions(module), check,
                        RunOutputForm::Json, os, s.errStream);
}

} // namespace

JobOutput runJob(JobKind kind, const std::vector<JobInput> &inputs,
                 const JobOptions &options, const DialectRegistry &registry) {
  JobOutput result;
  Session s(registry, kind, result.err);
  std::vector<OwningOpRef<ModuleOp>> modules;
  for (const JobInput &input : inputs) {
    modules.push_back(s.parse(input));
    if (!modules.back()) {
      // dealloc-opt (MlirOptMain) exits 1 on unreadable input, the others 3.
      result.exitCode = kind == JobKind::Reference ? 1 : ExitBadInput;
      return result;
    }
  }
  // As the tools: nothing to check is no answer (exit 2), not SAFE.
  if ((kind == JobKind::Verify || kind == JobKind::Run) &&
      publicFunctions(*modules[0]).empty()) {
    s.errStream << "error: no public function with a body in '"
                << inputs[0].name << "': nothing to check\n";
    result.exitCode = ExitUnsure;
    return result;
  }
  llvm::raw_string_ostream os(result.out);
  switch (kind) {
  case JobKind::Reference:
    result.exitCode = reference(s, *modules[0], options, os);
    break;
  case JobKind::Verify:
    result.exitCode = safety(*modules[0], options, os);
    break;
  case JobKind::Run:
    result.exitCode = execute(s, *modules[0], options, os);
    break;
  case JobKind::Equiv:
    result.exitCode =
        verify::runEquivalence(*modules[0], *modules[1],
                               /*function=*/"", verifyOptions(options),
                               /*json=*/true, os);
    break;
  }
  return result;
}

} // namespace dealloc::check
