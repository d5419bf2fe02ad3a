//===- dealloc-verify.cpp - Prove deallocation safety with Z3 -------------===//
//
// dealloc-verify FILE|-          safety of every public function
// dealloc-verify --equiv A B     dealloc-equivalence of two versions
// dealloc-verify --stages PIPELINE FILE
//                                which pipeline stage changed behaviour
// Options: --function F --json --timeout MS --unroll N --reuse-addresses
//          --no-replay --verify-diagnostics --dot FILE (safety, --equiv)
//          --load-pass-plugin LIB (passes for --stages)
// Exit: 0 all SAFE/EQUIVALENT, 1 a violation/difference, 2 UNSUPPORTED
// (also an op of an unregistered dialect) or UNKNOWN, or nothing to check
// (no public function with a body), 3 unreadable input, a bad flag, or
// output that cannot be written; with --verify-diagnostics 0 iff the
// diagnostics match (spec/verification.md [verify.output],
// [verify.unsupported]).
//
//===----------------------------------------------------------------------===//
#include "EquivDot.h"
#include "dealloc/Driver/Describe.h"
#include "dealloc/Semantics/Dot.h"
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

/// Only the tool's own options are listed by --help.
static cl::OptionCategory toolCategory("Options");
static cl::list<std::string> files(cl::Positional, cl::cat(toolCategory), cl::desc("<file.mlir | ->..."));
static cl::opt<std::string> functionName("function", cl::cat(toolCategory), cl::desc("Check only this function"));
static cl::opt<bool> describe("describe", cl::cat(toolCategory), cl::desc("Print the verdicts, exit codes and stop kinds as one JSON object and exit"));
static cl::opt<bool> json("json", cl::cat(toolCategory), cl::desc("JSON output, one object per line"));
static cl::opt<unsigned> timeoutMs("timeout", cl::cat(toolCategory), cl::desc("Solver timeout per query in ms (0: none)"), cl::init(SolverPolicy::defaultTimeoutMs));
static cl::opt<unsigned> functionTimeoutMs("function-timeout", cl::cat(toolCategory), cl::desc("Time for the check of one function as a whole in ms (0: none)"), cl::init(SolverPolicy::defaultFunctionTimeoutMs));
static cl::opt<unsigned> unroll("unroll", cl::cat(toolCategory), cl::desc("Iterations of input-dependent loops to encode"), cl::init(SolverPolicy::defaultUnroll));
static cl::opt<bool> reuse("reuse-addresses", cl::cat(toolCategory), cl::desc("Heap allocations may reuse freed addresses"));
static cl::opt<bool> strictUB("strict-ub", cl::cat(toolCategory), cl::desc("An input that reaches undefined behaviour makes the answer UNKNOWN instead of being excluded ([safety.defined])"));
static cl::opt<bool> noReplay("no-replay", cl::cat(toolCategory), cl::desc("Do not replay counterexamples (they become UNKNOWN)"));
static cl::opt<bool> equiv("equiv", cl::cat(toolCategory), cl::desc("Check dealloc-equivalence of two files A B"));
static cl::opt<std::string> stages("stages", cl::cat(toolCategory), cl::desc("Check each stage of PIPELINE on FILE"));
static cl::opt<std::string> dotFile(
    "dot", cl::cat(toolCategory), cl::value_desc("FILE"),
    cl::desc("Write the first counterexample's replayed run as a Graphviz CFG "
             "to FILE (with --equiv: both versions' runs on the first "
             "distinguishing input, the first diverging free in red)"));
static cl::opt<bool> noHelperContract("no-helper-contract", cl::cat(toolCategory), cl::desc("Inline calls of dealloc_helper instead of encoding them by its specification"));
static cl::opt<bool> statsFlag("solver-stats", cl::cat(toolCategory), cl::desc("Print on stderr, per check of a function, the encoding's size and where the time went"));
static cl::opt<int64_t> memoryLimitMb(
    "memory-limit", cl::cat(toolCategory), cl::value_desc("MiB"),
    cl::desc("Address-space limit of the process; where it runs out the "
             "check answers UNKNOWN ([verify.memory]) (default: half the "
             "machine's memory; 0: none)"),
    cl::init(-1));
static cl::list<std::string> passPlugins(
    "load-pass-plugin", cl::cat(toolCategory), cl::value_desc("LIB"),
    cl::desc("Load passes from a plugin library (as mlir-opt and dealloc-opt "
             "do), so that --stages can run them"));
static cl::opt<bool> verifyDiagnostics("verify-diagnostics", cl::cat(toolCategory), cl::desc("Check verdict diagnostics against expected-* comments"));

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

/// [verify.dot]: replays `r`'s counterexample with dealloc-run's semantics
/// and writes the run as a Graphviz CFG. Returns an exit code (3 if the file
/// cannot be written or the input does not parse, which a replayed
/// counterexample always does).
static int writeCounterexampleDot(mlir::ModuleOp module, mlir::func::FuncOp fn,
                                  const FunctionResult &r,
                                  const VerifyOptions &opts,
                                  StringRef sourceName) {
  auto input = parseInput(r.input, fn.getFunctionType());
  if (!input) {
    errs() << "error: --dot: counterexample input '" << r.input
           << "' of @" << r.function
           << " does not parse: " << toString(input.takeError()) << "\n";
    return ExitBadInput;
  }
  RunOptions ro;
  ro.reuseAddresses = opts.reuseAddresses;
  RunResult run = runFunction(module, fn, *input, ro);
  std::error_code ec;
  raw_fd_ostream out(dotFile, ec, sys::fs::OF_Text);
  if (ec) {
    errs() << "error: cannot write '" << dotFile << "': " << ec.message()
           << "\n";
    return ExitBadInput;
  }
  std::string title = "@" + r.function + "(" + r.input + "): " +
                      verdictName(r.verdict).str() +
                      " (dealloc-verify counterexample, " + sourceName.str() +
                      ")";
  writeRunDot(out, fn, run, title);
  if (int rc = closeOutputFile(out, dotFile); rc != ExitOk)
    return rc;
  errs() << "dot: counterexample " << title << " written to " << dotFile
         << "\n";
  return ExitOk;
}

/// [verify.memory]: a limit on the address space, so that an encoding that
/// keeps growing (e.g. --unroll 2000 over a loop compared with --equiv)
/// ends in an UNKNOWN answer instead of exhausting the machine. A tighter
/// limit set by the caller (ulimit -v) stays.
static void applyMemoryLimit() {
  uint64_t want;
  if (memoryLimitMb >= 0 && memoryLimitMb.getNumOccurrences()) {
    if (memoryLimitMb == 0)
      return;
    want = uint64_t(memoryLimitMb) << 20;
  } else {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
      return;
    want = uint64_t(pages) * uint64_t(size) / 2;
  }
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) != 0)
    return;
  if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur <= want)
    return;
  rl.rlim_cur = want;
  if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want)
    rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_AS, &rl);
}

static int toolMain(int argc, char **argv) {
  mlir::registerAllPasses();
  cl::HideUnrelatedOptions(toolCategory);
  // A bad flag or flag value is bad input (exit 3), not a violation (cl's
  // own exit code is 1).
  if (!cl::ParseCommandLineOptions(
      argc, argv,
      "dealloc-verify: deallocation safety and equivalence with Z3\n\n"
      "Exit codes: 0 all SAFE / EQUIVALENT, 1 a violation / DIFFERENT, 2 "
      "UNSUPPORTED (an op without an encoding, also one of an unregistered "
      "dialect) or UNKNOWN, or nothing to check (no public function with a "
      "body), 3 unreadable input (a file that cannot be read or parsed, bad "
      "arguments) or output that cannot be written\n", &llvm::errs()))
    return 3;
  if (describe)
    return printDescription(outs(), "dealloc-verify");
  if (memoryLimitMb < -1 || (memoryLimitMb < 0 && memoryLimitMb.getNumOccurrences())) {
    errs() << "error: --memory-limit must be at least 0\n";
    return ExitBadInput;
  }
  applyMemoryLimit();
  // Passes of plugins, registered before --stages parses its pipeline.
  for (const std::string &path : passPlugins) {
    auto plugin = mlir::PassPlugin::load(path);
    if (!plugin) {
      errs() << "error: --load-pass-plugin: cannot load '" << path
             << "': " << toString(plugin.takeError()) << "\n";
      return ExitBadInput;
    }
    plugin->registerPassRegistryCallbacks();
  }
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // Single-threaded: the checks do not use MLIR's thread pool, and its
  // threads would be made when memory is short ([verify.memory]).
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  // [verify.unsupported]: an op of an unknown dialect (generic syntax) is
  // readable input, so it parses and its function is UNSUPPORTED (exit 2),
  // as in dealloc-run; only unreadable input is exit 3 ([safety.verdicts]).
  context.allowUnregisteredDialects(true);

  VerifyOptions opts;
  opts.unroll = unroll;
  opts.timeoutMs = timeoutMs;
  opts.functionTimeoutMs = functionTimeoutMs;
  opts.reuseAddresses = reuse;
  opts.replay = !noReplay;
  opts.helperContract = !noHelperContract;
  opts.strictUB = strictUB;
  if (statsFlag)
    opts.stats = [](StringRef function, StringRef line) {
      errs() << "stats: @" << function << ": " << line << "\n";
    };

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
  SourceMgr sourceMgr;
  std::vector<std::unique_ptr<MemoryBuffer>> buffers;
  for (const std::string &f : files) {
    std::string err;
    auto buffer = mlir::openInputFile(f, &err);
    if (!buffer) {
      errs() << "error: cannot read '" << f << "': " << err << "\n";
      return ExitBadInput;
    }
    sourceMgr.AddNewSourceBuffer(
        MemoryBuffer::getMemBufferCopy(buffer->getBuffer(),
                                       buffer->getBufferIdentifier()),
        SMLoc());
    buffers.push_back(std::move(buffer));
  }
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> handler;
  std::unique_ptr<mlir::SourceMgrDiagnosticVerifierHandler> verifier;
  if (verifyDiagnostics)
    verifier = std::make_unique<mlir::SourceMgrDiagnosticVerifierHandler>(
        sourceMgr, &context);
  else
    handler = std::make_unique<mlir::SourceMgrDiagnosticHandler>(sourceMgr,
                                                                 &context);
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

  int exitCode = ExitOk;
  if (equiv) {
    std::vector<EquivResult> results;
    exitCode = runEquivalence(*modules[0], *modules[1], functionName, opts,
                              json, outs(), &results);
    if (!dotFile.empty()) {
      auto first = llvm::find_if(results, [](const EquivResult &r) {
        return r.verdict == EquivVerdict::Different;
      });
      if (first == results.end())
        errs() << "dot: no distinguishing input to draw (no function is "
                  "DIFFERENT); "
               << dotFile << " not written\n";
      else if (int rc = writeEquivDot(dotFile, *modules[0], *modules[1],
                                      *first, opts, files[0], files[1]);
               rc != ExitOk)
        return rc;
    }
  } else if (!stages.empty()) {
    exitCode = runStages(stages, *modules[0], functionName, opts, json, outs());
  } else {
    std::vector<mlir::func::FuncOp> fns;
    if (!functionName.empty()) {
      auto fn = modules[0]->lookupSymbol<mlir::func::FuncOp>(functionName);
      if (!fn || fn.isDeclaration()) {
        errs() << "error: no function @" << functionName << " with a body\n";
        return ExitBadInput;
      }
      fns.push_back(fn);
    } else {
      for (auto fn : modules[0]->getOps<mlir::func::FuncOp>())
        if (fn.isPublic() && !fn.isDeclaration())
          fns.push_back(fn);
      // Nothing checked is no answer, not SAFE: exit 2, as dealloc-run
      // (an empty file from a crashed producer must not read as safe).
      if (fns.empty()) {
        errs() << "error: no public function with a body in '" << files[0]
               << "': nothing to check\n";
        if (!verifier)
          return ExitUnsure;
      }
    }
    std::optional<std::pair<mlir::func::FuncOp, FunctionResult>> drawn;
    // Callees first, each once; calls of public callees with a proved
    // contract are summarised ([verify.encoding.calls.summary]).
    ModuleVerifier verifier(*modules[0], opts);
    for (mlir::func::FuncOp fn : fns) {
      // [verify.memory]: the answer if memory runs out during the check.
      FunctionResult oom;
      oom.function = fn.getSymName().str();
      oom.verdict = Verdict::Unknown;
      oom.reason = "out of memory ([verify.memory])";
      pendingAnswer().clear();
      raw_string_ostream pending(pendingAnswer());
      printResult(pending, oom, json);
      pending.flush();
      FunctionResult r = verifier.verify(fn);
      pendingAnswer().clear();
      printResult(outs(), r, json);
      emitDiagnostic(r);
      exitCode = combineExitCodes(exitCode, exitCodeFor(r.verdict));
      // A violation verdict is always a replayed counterexample
      // ([verify.replay]).
      if (!drawn && isViolation(r.verdict))
        drawn.emplace(fn, r);
    }
    if (!dotFile.empty()) {
      if (!drawn) {
        errs() << "dot: no counterexample to draw (no function has a "
                  "violation); "
               << dotFile << " not written\n";
      } else if (int rc = writeCounterexampleDot(*modules[0], drawn->first,
                                                 drawn->second, opts,
                                                 files[0]);
                 rc != ExitOk) {
        return rc;
      }
    }
  }
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
