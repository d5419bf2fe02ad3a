//===- dealloc-run.cpp - Run functions under the reference semantics ------===//
//
// dealloc-run FILE [--function NAME] [--input TEXT] [--all-inputs [--events]]
// [--json]
//                  [--reuse-addresses] [--max-inputs N] [--max-steps N]
//                  [--dot FILE] [--strict-ub] [--load-dialect-plugin LIB]...
// Exit: 0 all SAFE, 1 a violation, 2 UNSUPPORTED/UNKNOWN or nothing to check
// (no public function with a body), 3 unreadable input, a bad flag, or
// output that cannot be written (spec/safety.md, [safety.verdicts]; the
// semantics live in lib/Semantics, what the tools share in lib/Driver).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/Dot.h"
#include "dealloc/Driver/RunOutput.h"
#include "dealloc/Driver/Tool.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/DeepStack.h"
#include "dealloc/Support/ToolOutput.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace dealloc;

/// The common options, then the tool's own (all listed by --help).
static CommonOptions common;
static cl::opt<std::string> inputFile(cl::Positional, cl::cat(common.category),
                                      cl::desc("<file.mlir | ->"),
                                      cl::init("-"));
static cl::opt<std::string>
    inputText("input", cl::cat(common.category),
              cl::desc("Run only this input, e.g. 'true,0,b0,b0'"));
static cl::opt<bool>
    allInputs("all-inputs", cl::cat(common.category),
              cl::desc("Print a verdict per (function, input)"));
static cl::opt<bool> events("events", cl::cat(common.category),
                            cl::desc("With --all-inputs: print each run's "
                                     "buffer events in execution order"));
static cl::opt<uint64_t> maxInputs("max-inputs", cl::cat(common.category),
                                   cl::desc("Inputs per function"),
                                   cl::init(CheckOptions().maxInputs));
static cl::opt<uint64_t> maxSteps("max-steps", cl::cat(common.category),
                                  cl::desc("Executed ops per run"),
                                  cl::init(RunOptions().maxSteps));
static cl::opt<std::string>
    dotFile("dot", cl::cat(common.category),
            cl::desc("Write the first failing run (or the first run if none "
                     "fails) as a Graphviz CFG to FILE"),
            cl::value_desc("FILE"));

/// The run --dot draws: the deciding run of the first function whose verdict
/// is not SAFE, else the first input of the first function checked.
struct DotChoice {
  mlir::func::FuncOp fn;
  std::string input;
  RunResult result;
  bool failing = false;
};

/// Records the run of `report` for --dot if it is the better choice.
static void considerForDot(mlir::ModuleOp module, mlir::func::FuncOp fn,
                           const FunctionReport &report,
                           const CheckOptions &options,
                           std::optional<DotChoice> &choice) {
  if (choice && choice->failing)
    return;
  if (report.unsupported)
    return; // nothing ran
  if (report.verdict != Verdict::Safe) {
    choice = DotChoice{fn, report.input, report.result, true};
    return;
  }
  if (choice || !report.inputsRun)
    return;
  // A safe function: re-run its first input (checkFunction keeps no result
  // for SAFE runs).
  std::string text;
  Input input;
  if (options.inputText) {
    auto parsed = parseInput(*options.inputText, fn.getFunctionType());
    if (!parsed) {
      consumeError(parsed.takeError());
      return;
    }
    input = std::move(*parsed);
  } else {
    uint64_t total = 0;
    auto inputs = enumerateInputs(fn.getFunctionType(), 1, total);
    if (!inputs || inputs->empty()) {
      if (!inputs)
        consumeError(inputs.takeError());
      return;
    }
    input = inputs->front();
  }
  RunResult r = runFunction(module, fn, input, options.run);
  choice = DotChoice{fn, formatInput(input), std::move(r), false};
}

/// Writes the chosen run to --dot FILE and says where it went (stdout for
/// text output, stderr with --json so that stdout stays JSON lines).
static int writeDot(std::optional<DotChoice> &choice) {
  raw_ostream &note = common.json ? errs() : outs();
  if (!choice) {
    note << "dot: no run to draw (nothing was run); " << dotFile
         << " not written\n";
    return ExitOk;
  }
  std::error_code ec;
  raw_fd_ostream out(dotFile, ec, sys::fs::OF_Text);
  if (ec) {
    errs() << "error: cannot write '" << dotFile << "': " << ec.message()
           << "\n";
    return ExitBadInput;
  }
  std::string title =
      "@" + choice->fn.getSymName().str() + "(" + choice->input + ")";
  writeRunDot(out, choice->fn, choice->result, title);
  if (int rc = closeOutputFile(out, dotFile); rc != ExitOk)
    return rc;
  note << "dot: " << (choice->failing ? "failing" : "first") << " run " << title
       << " " << verdictName(choice->result.verdict) << " written to "
       << dotFile << "\n";
  return ExitOk;
}

static int toolMain(int argc, char **argv) {
  if (std::optional<int> done = startTool(
          argc, argv, "dealloc-run",
          "dealloc-run: executable ownership semantics\n\n"
          "Exit codes: 0 all SAFE, 1 a violation, 2 UNSUPPORTED (an op without "
          "semantics, also one of an unregistered dialect) or UNKNOWN, or "
          "nothing to check (no public function with a body), 3 unreadable "
          "input (a file that cannot be read or parsed, bad arguments) or "
          "output that cannot be written\n",
          common))
    return *done;
  // No input at all would make every answer a vacuous SAFE.
  if (maxInputs == 0) {
    errs() << "error: --max-inputs must be at least 1\n";
    return ExitBadInput;
  }
  mlir::DialectRegistry plugins;
  if (!loadDialectPlugins(common.dialectPlugins, plugins, errs()))
    return ExitBadInput;
  mlir::MLIRContext context(plugins);
  registerDialects(context);
  mlir::OwningOpRef<mlir::ModuleOp> module = loadModule(inputFile, context);
  if (!module)
    return ExitBadInput;
  // Destroying a module costs MLIR depth^2 in its region nesting (each op's
  // destruction walks every region below it again: 90 % of the run on a
  // 6,000-deep nest); the process ends right after, so it is left alone.
  llvm::scope_exit bury(
      [&] { llvm::BuryPointer(module.release().getOperation()); });
  std::vector<mlir::func::FuncOp> fns;
  if (std::optional<int> rc =
          selectFunctions(*module, common.function, inputFile, fns))
    return *rc;
  if (inputText.getNumOccurrences() && fns.size() != 1) {
    errs() << "error: --input needs exactly one function (use --function)\n";
    return ExitBadInput;
  }

  ModuleIndex index(*module);
  CheckOptions options;
  options.run.index = &index;
  options.run.reuseAddresses = common.reuse;
  options.run.maxSteps = maxSteps;
  options.maxInputs = maxInputs;
  options.allInputs = allInputs;
  options.strictUB = common.strictUB;
  if (inputText.getNumOccurrences())
    options.inputText = inputText;

  std::optional<DotChoice> dotChoice;
  int exitCode = checkFunctions(
      *module, fns, options,
      common.json ? RunOutputForm::Json
      : events    ? RunOutputForm::TextWithEvents
                  : RunOutputForm::Text,
      outs(), errs(), [&](mlir::func::FuncOp fn, const FunctionReport &report) {
        if (!dotFile.empty())
          considerForDot(*module, fn, report, options, dotChoice);
      });
  if (exitCode == ExitBadInput)
    return exitCode;
  if (!dotFile.empty() && writeDot(dotChoice) != ExitOk)
    return ExitBadInput;
  return exitCode;
}

/// Everything runs on a thread with a large stack (Support/DeepStack.h).
int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  return dealloc::runWithDeepStack(
      [&] { return finishStandardOutput(toolMain(argc, argv)); });
}
