//===- RunOutput.h - dealloc-run's output -----------------------*- C++ -*-===//
//
// The text and JSON forms of a FunctionReport (docs/architecture.md,
// "Contracts between the pieces"), and dealloc-run's loop over functions,
// shared with dealloc-check's run jobs.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_DRIVER_RUNOUTPUT_H
#define DEALLOC_DRIVER_RUNOUTPUT_H

#include "dealloc/Semantics/Interpreter.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace dealloc {

/// Text form: `@f: VERDICT (N inputs...)` and trace lines.
void printReport(llvm::raw_ostream &os, const FunctionReport &report);
/// JSON form: one object per line.
void printReportJson(llvm::raw_ostream &os, const FunctionReport &report);
/// --all-inputs form: one line (or JSON object) per (function, input).
void printInputResults(llvm::raw_ostream &os, const FunctionReport &report,
                       bool json);
/// Exit code contributed by a report.
int reportExitCode(const FunctionReport &report);

/// How dealloc-run prints its reports.
/// How reports are printed: text, text with each run's buffer events in
/// execution order after the per-input verdicts (dealloc-run --events), or
/// JSON lines.
enum class RunOutputForm { Text, TextWithEvents, Json };

/// Checks `fns` of `module` in order and prints each report to `out` (per
/// input with `options.allInputs`); `each` (if set) sees every report.
/// Returns the combined exit code, or 3 after printing "error: ..." to
/// `err` if an input text does not fit a function.
int checkFunctions(
    mlir::ModuleOp module, llvm::ArrayRef<mlir::func::FuncOp> fns,
    const CheckOptions &options, RunOutputForm form, llvm::raw_ostream &out,
    llvm::raw_ostream &err,
    llvm::function_ref<void(mlir::func::FuncOp, const FunctionReport &)> each =
        nullptr);

} // namespace dealloc

#endif // DEALLOC_DRIVER_RUNOUTPUT_H
