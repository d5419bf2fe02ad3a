//===- dealloc-run.cpp - Run functions under the reference semantics ------===//
//
// dealloc-run FILE [--function NAME] [--input TEXT] [--all-inputs] [--json]
//                  [--reuse-addresses] [--max-inputs N] [--max-steps N]
// Exit: 0 all SAFE, 1 a violation, 2 UNSUPPORTED/UNKNOWN, 3 unreadable input
// (spec/safety.md, [safety.verdicts]; the logic lives in lib/Semantics).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Semantics/Interpreter.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace dealloc;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<file.mlir | ->"),
                                      cl::init("-"));
static cl::opt<std::string> functionName("function", cl::desc("Check only this function"));
static cl::opt<std::string> inputText("input", cl::desc("Run only this input, e.g. 'true,0,b0,b0'"));
static cl::opt<bool> allInputs("all-inputs", cl::desc("Print a verdict per (function, input)"));
static cl::opt<bool> json("json", cl::desc("JSON output, one object per line"));
static cl::opt<bool> reuse("reuse-addresses", cl::desc("Heap allocations may reuse freed addresses"));
static cl::opt<uint64_t> maxInputs("max-inputs", cl::desc("Inputs per function"), cl::init(4096));
static cl::opt<uint64_t> maxSteps("max-steps", cl::desc("Executed ops per run"), cl::init(1000000));

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "dealloc-run: executable ownership semantics\n");
  mlir::MLIRContext context;
  registerDialects(context);
  mlir::OwningOpRef<mlir::ModuleOp> module = loadModule(inputFile, context);
  if (!module)
    return ExitBadInput;

  std::vector<mlir::func::FuncOp> fns;
  if (!functionName.empty()) {
    auto fn = module->lookupSymbol<mlir::func::FuncOp>(functionName);
    if (!fn || fn.isDeclaration()) {
      errs() << "error: no function @" << functionName << " with a body\n";
      return ExitBadInput;
    }
    fns.push_back(fn);
  } else {
    fns = publicFunctions(*module);
  }
  if (fns.empty())
    errs() << "note: no public function with a body in '" << inputFile << "'\n";
  if (inputText.getNumOccurrences() && fns.size() != 1) {
    errs() << "error: --input needs exactly one function (use --function)\n";
    return ExitBadInput;
  }

  CheckOptions options;
  options.run.reuseAddresses = reuse;
  options.run.maxSteps = maxSteps;
  options.maxInputs = maxInputs;
  options.allInputs = allInputs;
  if (inputText.getNumOccurrences())
    options.inputText = inputText;

  int exitCode = ExitOk;
  for (mlir::func::FuncOp fn : fns) {
    Expected<FunctionReport> report = checkFunction(*module, fn, options);
    if (!report) {
      errs() << "error: " << toString(report.takeError()) << "\n";
      return ExitBadInput;
    }
    if (allInputs)
      printInputResults(outs(), *report, json);
    else if (json)
      printReportJson(outs(), *report);
    else
      printReport(outs(), *report);
    exitCode = combineExitCodes(exitCode, reportExitCode(*report));
  }
  return exitCode;
}
