//===- Stages.cpp - Translation validation of a pipeline, stage by stage --===//
//
// spec/verification.md [verify.stages]: the pipeline's top-level passes run
// one at a time, in process, on the pre-deallocation program. The first
// stage whose output has more deallocation ops (memref.dealloc,
// bufferization.dealloc) than its input inserts deallocation; its output is
// checked for safety as standalone dealloc-verify checks a file (loops for
// every trip count, [verify.induction]), and every later stage's output is
// checked for dealloc-equivalence with the previous stage's output
// (loops by [equiv.loops]).
//
//===----------------------------------------------------------------------===//
#include "Check/Overrun.h"
#include "dealloc/Support/OutOfMemory.h"
#include "dealloc/Verify/Equivalence.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

static unsigned countDeallocs(ModuleOp m) {
  unsigned n = 0;
  m.walk([&](Operation *op) {
    n += isa<memref::DeallocOp, bufferization::DeallocOp>(op);
  });
  return n;
}

static std::vector<std::string> functionsOf(ModuleOp m, StringRef only) {
  std::vector<std::string> out;
  if (!only.empty())
    return {only.str()};
  for (auto fn : m.getOps<func::FuncOp>())
    if (fn.isPublic() && !fn.isDeclaration())
      out.push_back(fn.getSymName().str());
  return out;
}

int dealloc::verify::runStages(StringRef pipeline, ModuleOp module,
                               StringRef function, const VerifyOptions &opts,
                               bool json, llvm::raw_ostream &os) {
  MLIRContext *ctx = module.getContext();
  // `builtin.module(a,b)` and `a,b` name the same stages.
  pipeline = pipeline.trim();
  if (pipeline.consume_front("builtin.module(")) {
    if (!pipeline.consume_back(")")) {
      llvm::errs() << "error: invalid pipeline: unbalanced parentheses\n";
      return ExitBadInput;
    }
  }
  PassManager pm(ctx, ModuleOp::getOperationName());
  std::string err;
  llvm::raw_string_ostream errOs(err);
  if (failed(parsePassPipeline(pipeline, pm, errOs))) {
    llvm::errs() << "error: invalid pipeline '" << pipeline << "': " << err
                 << "\n";
    return ExitBadInput;
  }
  std::vector<std::string> stageTexts;
  for (Pass &p : pm.getPasses()) {
    std::string text;
    llvm::raw_string_ostream ts(text);
    p.printAsTextualPipeline(ts);
    stageTexts.push_back(text);
  }
  int code = ExitOk;
  OwningOpRef<ModuleOp> current(cast<ModuleOp>(module->clone()));
  OwningOpRef<ModuleOp> previous;
  bool deallocated = false;
  std::optional<size_t> firstChange;
  auto header = [&](size_t i, StringRef text, StringRef what) {
    if (json) {
      llvm::json::Object o;
      o["stage"] = int64_t(i + 1);
      o["pass"] = text.str();
      o["status"] = what.str();
      os << llvm::json::Value(std::move(o)) << "\n";
    } else {
      os << "stage " << i + 1 << " " << text << ": " << what << "\n";
    }
  };
  for (size_t i = 0; i < stageTexts.size(); ++i) {
    OwningOpRef<ModuleOp> next(cast<ModuleOp>(current->clone()));
    PassManager stage(ctx, ModuleOp::getOperationName());
    if (failed(parsePassPipeline(stageTexts[i], stage, errOs)) ||
        failed(stage.run(*next))) {
      header(i, stageTexts[i], "FAILED (the pass reported an error)");
      return combineExitCodes(code, ExitUnsure);
    }
    unsigned before = countDeallocs(*current), after = countDeallocs(*next);
    if (!deallocated && after > before) {
      deallocated = true;
      header(i, stageTexts[i], "inserts deallocation; safety of its output:");
      // As standalone dealloc-verify checks it: loops by induction
      // ([verify.induction]), calls by their callees' contracts.
      std::vector<func::FuncOp> fns;
      for (const std::string &f : functionsOf(*next, function))
        if (auto fn = next->lookupSymbol<func::FuncOp>(f))
          fns.push_back(fn);
      code = combineExitCodes(code, verifyFunctions(*next, fns, opts, json, os,
                                                    [](StringRef answer) {
                                                      pendingAnswer() =
                                                          answer.str();
                                                    }));
    } else if (!deallocated) {
      header(i, stageTexts[i], "no deallocation yet");
    } else {
      header(i, stageTexts[i], "compared with the previous stage:");
      for (const std::string &f : functionsOf(*next, function)) {
        prepareEquivOverrun(f, opts, json);
        EquivResult r = checkEquivalence(*current, *next, f, opts);
        printEquivResult(os, r, json);
        if (r.verdict == EquivVerdict::Different && !firstChange)
          firstChange = i;
        code = combineExitCodes(code, exitCodeFor(r.verdict));
      }
    }
    previous = std::move(current);
    current = std::move(next);
  }
  // Nothing was verified where no stage deallocates: not an all-clear.
  if (!deallocated)
    code = combineExitCodes(code, ExitUnsure);
  if (!json) {
    if (!deallocated)
      os << "no stage inserts deallocation: nothing was verified\n";
    else if (firstChange)
      os << "stage " << *firstChange + 1 << " (" << stageTexts[*firstChange]
         << ") changed deallocation behaviour\n";
    else if (code == ExitOk)
      os << "no stage changed deallocation behaviour\n";
    else
      os << "no stage was shown to change deallocation behaviour\n";
  }
  return code;
}
