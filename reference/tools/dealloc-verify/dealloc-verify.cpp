//===- dealloc-verify.cpp - Prove deallocation safety with Z3 -------------===//
//
// dealloc-verify FILE|-          safety of every public function
// dealloc-verify --equiv A B     dealloc-equivalence of two versions
// dealloc-verify --stages PIPELINE FILE
//                                which pipeline stage changed behaviour
// Options: --function F --json --timeout MS --unroll N --reuse-addresses
//          --no-replay --verify-diagnostics --dot FILE (safety, --equiv)
//          --load-pass-plugin LIB (passes for --stages)
//          --load-dialect-plugin LIB (dialects of the input; every tool)
// Exit: 0 all SAFE/EQUIVALENT, 1 a violation/difference, 2 UNSUPPORTED
// (also an op of an unregistered dialect) or UNKNOWN, or nothing to check
// (no public function with a body), 3 unreadable input, a bad flag, or
// output that cannot be written; with --verify-diagnostics 0 iff the
// diagnostics match (spec/verification.md [verify.output],
// [verify.unsupported]).
//
//===----------------------------------------------------------------------===//
#include "EquivDot.h"
#include "dealloc/Driver/Dot.h"
#include "dealloc/Driver/Nesting.h"
#include "dealloc/Driver/OptionRanges.h"
#include "dealloc/Driver/Tool.h"
#include "dealloc/SMT/OverrunGuard.h"
#include "dealloc/SMT/Solver.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/DeepStack.h"
#include "dealloc/Support/OutOfMemory.h"
#include "dealloc/Support/SolverPolicy.h"
#include "dealloc/Support/ToolOutput.h"
#include "dealloc/Verify/Equivalence.h"
#include "dealloc/Verify/Verify.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"

#include <sys/resource.h>
#include <unistd.h>

using namespace llvm;
using namespace dealloc;
using namespace dealloc::verify;

/// The common options, then the tool's own (all listed by --help).
static CommonOptions common;
static cl::list<std::string> files(cl::Positional, cl::cat(common.category),
                                   cl::desc("<file.mlir | ->..."));
static cl::opt<unsigned>
    timeoutMs("timeout", cl::cat(common.category),
              cl::desc("Solver timeout per query in ms (0: none)"),
              cl::init(SolverPolicy::defaultTimeoutMs));
static cl::opt<unsigned> functionTimeoutMs(
    "function-timeout", cl::cat(common.category),
    cl::desc("Time for the check of one function as a whole in ms (0: none)"),
    cl::init(SolverPolicy::defaultFunctionTimeoutMs));
static cl::opt<unsigned>
    unroll("unroll", cl::cat(common.category),
           cl::desc("Iterations of input-dependent loops to encode"),
           cl::init(SolverPolicy::defaultUnroll));
static cl::opt<bool>
    noReplay("no-replay", cl::cat(common.category),
             cl::desc("Do not replay counterexamples (they become UNKNOWN)"));
static cl::opt<bool>
    equiv("equiv", cl::cat(common.category),
          cl::desc("Check dealloc-equivalence of two files A B"));
static cl::opt<std::string>
    stages("stages", cl::cat(common.category),
           cl::desc("Check each stage of PIPELINE on FILE"));
static cl::opt<std::string> dotFile(
    "dot", cl::cat(common.category), cl::value_desc("FILE"),
    cl::desc("Write the first counterexample's replayed run as a Graphviz CFG "
             "to FILE (with --equiv: both versions' runs on the first "
             "distinguishing input, the first diverging free in red)"));
static cl::opt<bool>
    noHelperContract("no-helper-contract", cl::cat(common.category),
                     cl::desc("Inline calls of dealloc_helper instead of "
                              "encoding them by its specification"));
static cl::opt<bool>
    statsFlag("solver-stats", cl::cat(common.category),
              cl::desc("Print on stderr, per check of a function, the "
                       "encoding's size and where the time went"));
static cl::opt<int64_t> memoryLimitMb(
    "memory-limit", cl::cat(common.category), cl::value_desc("MiB"),
    cl::desc("Address-space limit of the process; where it runs out the "
             "check answers UNKNOWN ([verify.memory]) (default: half the "
             "machine's memory; 0: none)"),
    cl::init(-1));
static cl::list<std::string> passPlugins(
    "load-pass-plugin", cl::cat(common.category), cl::value_desc("LIB"),
    cl::desc("Load passes from a plugin library (as mlir-opt and dealloc-opt "
             "do), so that --stages can run them"));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics", cl::cat(common.category),
    cl::desc("Check verdict diagnostics against expected-* comments"));

/// Parses one file from its own source manager (the diagnostics source
/// manager holds a copy of every buffer, to print source lines).
static OwningOpRefModule parse(std::unique_ptr<MemoryBuffer> buffer,
                               mlir::MLIRContext &ctx, SourceMgr &own) {
  own.AddNewSourceBuffer(std::move(buffer), SMLoc());
  mlir::ParserConfig config(&ctx);
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(own, config);
  if (module && failed(::mlir::verify(*module)))
    return nullptr;
  return module;
}

/// Values under which no answer can come are bad arguments, not a run that
/// ends UNKNOWN for every program (or after 11 GB): their exit code.
static std::optional<int> checkLimits() {
  if (memoryLimitMb.getNumOccurrences() && memoryLimitMb != 0 &&
      (memoryLimitMb < kMinMemoryLimitMb)) {
    errs() << "error: --memory-limit must be 0 (none) or at least "
           << kMinMemoryLimitMb << " (MiB)\n";
    return ExitBadInput;
  }
  if (unroll > kMaxUnroll) {
    errs() << "error: --unroll must be at most " << kMaxUnroll << "\n";
    return ExitBadInput;
  }
  return std::nullopt;
}

/// Loads the passes of --load-pass-plugin, registered before --stages
/// parses its pipeline; the exit code of a plugin that does not load.
static std::optional<int> loadPassPlugins() {
  for (const std::string &path : passPlugins) {
    auto plugin = mlir::PassPlugin::load(path);
    if (!plugin) {
      errs() << "error: --load-pass-plugin: cannot load '" << path
             << "': " << toString(plugin.takeError()) << "\n";
      return ExitBadInput;
    }
    plugin->registerPassRegistryCallbacks();
  }
  return std::nullopt;
}

static VerifyOptions verifyOptions() {
  VerifyOptions opts;
  opts.unroll = unroll;
  opts.timeoutMs = timeoutMs;
  opts.functionTimeoutMs = functionTimeoutMs;
  opts.reuseAddresses = common.reuse;
  opts.replay = !noReplay;
  opts.helperContract = !noHelperContract;
  opts.strictUB = common.strictUB;
  if (statsFlag)
    opts.stats = [](StringRef function, StringRef line) {
      errs() << "stats: @" << function << ": " << line << "\n";
    };
  return opts;
}

/// The mode's flags combine and it has its number of files (none: stdin);
/// the exit code where not.
static std::optional<int> checkMode() {
  if (stages.getNumOccurrences() && stages.empty()) {
    errs() << "error: --stages needs a pipeline\n";
    return ExitBadInput;
  }
  if (equiv && !stages.empty()) {
    errs() << "error: --stages validates one file's pipeline; it does not "
              "combine with --equiv\n";
    return ExitBadInput;
  }
  if (!dotFile.empty() && !stages.empty()) {
    errs() << "error: --dot draws a counterexample of the safety check or a "
              "distinguishing input of --equiv; it does not apply to "
              "--stages\n";
    return ExitBadInput;
  }
  size_t wanted = equiv ? 2 : 1;
  if (files.empty())
    files.push_back("-");
  if (files.size() != wanted) {
    errs() << "error: expected " << wanted << " input file(s), got "
           << files.size() << "\n";
    return ExitBadInput;
  }
  return std::nullopt;
}

/// Reads every input file into `buffers`, a copy of each into `sourceMgr`
/// (for diagnostics); false (after the message) on one that cannot be read
/// or nests too deep.
static bool readInputs(SourceMgr &sourceMgr,
                       std::vector<std::unique_ptr<MemoryBuffer>> &buffers) {
  for (const std::string &f : files) {
    std::string err;
    auto buffer = mlir::openInputFile(f, &err);
    if (!buffer) {
      errs() << "error: cannot read '" << f << "': " << err << "\n";
      return false;
    }
    if (!checkNesting(buffer->getBuffer(), f == "-" ? "<stdin>" : f, errs()))
      return false;
    sourceMgr.AddNewSourceBuffer(
        MemoryBuffer::getMemBufferCopy(buffer->getBuffer(),
                                       buffer->getBufferIdentifier()),
        SMLoc());
    buffers.push_back(std::move(buffer));
  }
  return true;
}

/// --equiv of the two modules, its exit code in `exitCode`; an exit code to
/// end with at once (the --dot file could not be written).
static std::optional<int> runEquivMode(ArrayRef<OwningOpRefModule> modules,
                                       const VerifyOptions &opts,
                                       int &exitCode) {
  std::vector<EquivResult> results;
  exitCode = runEquivalence(*modules[0], *modules[1], common.function, opts,
                            common.json, outs(), &results);
  if (dotFile.empty())
    return std::nullopt;
  auto first = llvm::find_if(results, [](const EquivResult &r) {
    return r.verdict == EquivVerdict::Different;
  });
  if (first == results.end())
    errs() << "dot: no distinguishing input to draw (no function is "
              "DIFFERENT); "
           << dotFile << " not written\n";
  else if (int rc = writeEquivDot(dotFile, *modules[0], *modules[1], *first,
                                  opts, files[0], files[1]);
           rc != ExitOk)
    return rc;
  return std::nullopt;
}

/// The safety check of the module's functions, its exit code in
/// `exitCode`; an exit code to end with at once (nothing to check without
/// --verify-diagnostics, or a --dot file that could not be written).
static std::optional<int> runSafetyMode(mlir::ModuleOp module,
                                        const VerifyOptions &opts,
                                        bool verifyingDiagnostics,
                                        int &exitCode) {
  std::vector<mlir::func::FuncOp> fns;
  // With --verify-diagnostics, nothing to check is no error of its own:
  // the diagnostics decide.
  if (std::optional<int> rc =
          selectFunctions(module, common.function, files[0], fns);
      rc && (*rc != ExitUnsure || !verifyingDiagnostics))
    return *rc;
  // A violation verdict is always a replayed counterexample
  // ([verify.replay]); the first one is drawn.
  std::optional<std::pair<mlir::func::FuncOp, FunctionResult>> drawn;
  exitCode = verifyFunctions(
      module, fns, opts, common.json, outs(),
      [](StringRef answer) { pendingAnswer() = answer.str(); },
      [&](mlir::func::FuncOp fn, const FunctionResult &r, StringRef) {
        if (!drawn && isViolation(r.verdict))
          drawn.emplace(fn, r);
      });
  if (dotFile.empty())
    return std::nullopt;
  if (!drawn) {
    errs() << "dot: no counterexample to draw (no function has a "
              "violation); "
           << dotFile << " not written\n";
  } else if (int rc = writeCounterexampleDot(dotFile, module, drawn->first,
                                             drawn->second, opts, files[0]);
             rc != ExitOk) {
    return rc;
  }
  return std::nullopt;
}

static int toolMain(int argc, char **argv) {
  mlir::registerAllPasses();
  if (std::optional<int> done = startTool(
          argc, argv, "dealloc-verify",
          "dealloc-verify: deallocation safety and equivalence with Z3\n\n"
          "Exit codes: 0 all SAFE / EQUIVALENT, 1 a violation / DIFFERENT, 2 "
          "UNSUPPORTED (an op without an encoding, also one of an unregistered "
          "dialect) or UNKNOWN, or nothing to check (no public function with a "
          "body), 3 unreadable input (a file that cannot be read or parsed, "
          "bad "
          "arguments) or output that cannot be written\n",
          common))
    return *done;
  if (std::optional<int> rc = checkLimits())
    return *rc;
  limitAddressSpace(memoryLimitMb.getNumOccurrences() ? int64_t(memoryLimitMb)
                                                      : -1);
  if (std::optional<int> rc = loadPassPlugins())
    return *rc;
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  if (!loadDialectPlugins(common.dialectPlugins, registry, errs()))
    return ExitBadInput;
  // Single-threaded: the checks do not use MLIR's thread pool, and its
  // threads would be made when memory is short ([verify.memory]).
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  // [verify.unsupported]: an op of an unknown dialect (generic syntax) is
  // readable input, so it parses and its function is UNSUPPORTED (exit 2),
  // as in dealloc-run; only unreadable input is exit 3 ([safety.verdicts]).
  context.allowUnregisteredDialects(true);
  VerifyOptions opts = verifyOptions();
  if (std::optional<int> rc = checkMode())
    return *rc;
  SourceMgr sourceMgr;
  std::vector<std::unique_ptr<MemoryBuffer>> buffers;
  if (!readInputs(sourceMgr, buffers))
    return ExitBadInput;
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> handler;
  std::unique_ptr<mlir::SourceMgrDiagnosticVerifierHandler> verifier;
  if (verifyDiagnostics)
    verifier = std::make_unique<mlir::SourceMgrDiagnosticVerifierHandler>(
        sourceMgr, &context);
  else
    handler =
        std::make_unique<mlir::SourceMgrDiagnosticHandler>(sourceMgr, &context);
  std::vector<OwningOpRefModule> modules;
  // Not destroyed at the end (dealloc-run.cpp says why).
  llvm::scope_exit bury([&] {
    for (OwningOpRefModule &m : modules)
      llvm::BuryPointer(m.release().getOperation());
  });
  std::vector<std::unique_ptr<SourceMgr>> parseMgrs;
  for (auto &buffer : buffers) {
    parseMgrs.push_back(std::make_unique<SourceMgr>());
    modules.push_back(parse(std::move(buffer), context, *parseMgrs.back()));
    if (!modules.back())
      return verifier && succeeded(verifier->verify()) ? ExitOk : ExitBadInput;
  }

  // [verify.timeout.overrun]: a check that does not stop well after its
  // --function-timeout ends the process with its answer printed.
  smt::OverrunGuard overrun;
  smt::Budget::guardWith(&overrun);
  llvm::scope_exit unguard([] { smt::Budget::guardWith(nullptr); });
  int exitCode = ExitOk;
  std::optional<int> early;
  if (equiv)
    early = runEquivMode(modules, opts, exitCode);
  else if (!stages.empty())
    exitCode = runStages(stages, *modules[0], common.function, opts,
                         common.json, outs());
  else
    early = runSafetyMode(*modules[0], opts, verifier != nullptr, exitCode);
  if (early)
    return *early;
  // With --verify-diagnostics the exit code says whether the diagnostics
  // matched the expected-* comments ([verify.output]).
  if (verifier)
    return succeeded(verifier->verify()) ? ExitOk : ExitViolation;
  return exitCode;
}

/// Everything runs on a thread with a large stack (Support/DeepStack.h).
int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  dealloc::installOutOfMemoryHandler();
  return dealloc::runWithDeepStack([&] {
    return dealloc::stopWhenOutOfMemory(
        [&] { return finishStandardOutput(toolMain(argc, argv)); });
  });
}
